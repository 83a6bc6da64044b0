import { Button, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { AddIcon } from '../../../components/icons';
import { Page, ScrollArea } from '../../../components/page';
import { RowActions } from '../../../components/row-actions';
import { useManagedList } from '../../../components/use-managed-list';
import { useDeleteQuickMessageMutation, useGetQuickMessagesPageInfiniteQuery } from '../api/quick-messages-api';
import { QuickMessageDialog } from './quick-message-dialog';

/** `/quick-messages`: kept live by the app's socket (`company{id}-quickemessage` invalidates `QuickMessages`). */
export function QuickMessagesPage() {
  const { t } = useTranslation();
  const [remove] = useDeleteQuickMessageMutation();
  const { search, records, scroll, editing, setEditing, deleting, setDeleting, confirmDelete } = useManagedList({
    query: useGetQuickMessagesPageInfiniteQuery,
    pick: (page) => page.records,
    remove: { run: (record) => remove(record.id).unwrap(), done: t('quickMessages.deleted') },
  });

  return (
    <Page
      title={t('quickMessages.title')}
      search={search}
      actions={
        <Button size="sm" colorPalette="teal" onClick={() => setEditing('new')}>
          <AddIcon /> {t('quickMessages.add')}
        </Button>
      }
      testId="quick-messages-page"
    >
      <ScrollArea {...scroll}>
        <Table.Root size="sm" stickyHeader>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('quickMessages.shortcode')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('quickMessages.media')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('management.actions')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {records.map((record) => (
              <Table.Row key={record.id} data-testid="quick-message-row">
                <Table.Cell fontWeight="semibold">{record.shortcode}</Table.Cell>
                <Table.Cell>
                  {record.mediaName || <Text color="fg.muted">{t('quickMessages.noAttachment')}</Text>}
                </Table.Cell>
                <Table.Cell>
                  <RowActions
                    label={record.shortcode}
                    onEdit={() => setEditing(record)}
                    onDelete={() => setDeleting(record)}
                  />
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </ScrollArea>
      {editing && <QuickMessageDialog record={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog {...confirmDelete} title={t('common.deleteConfirm')} body={deleting?.shortcode ?? ''} />
    </Page>
  );
}
