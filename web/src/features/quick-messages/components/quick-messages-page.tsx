import { Button, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { flattenPages } from '../../../api/paging';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { AddIcon } from '../../../components/icons';
import { Page, ScrollArea } from '../../../components/page';
import { RowActions } from '../../../components/row-actions';
import { notify } from '../../../components/toaster';
import { useDebouncedValue } from '../../../components/use-debounced-value';
import { toastError } from '../../../lib/errors';
import {
  useDeleteQuickMessageMutation,
  useGetQuickMessagesPageInfiniteQuery,
  type QuickMessageRecord,
} from '../api/quick-messages-api';
import { QuickMessageDialog } from './quick-message-dialog';

/** `/quick-messages`: kept live by the app's socket (`company{id}-quickemessage` invalidates `QuickMessages`). */
export function QuickMessagesPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const searchParam = useDebouncedValue(search);
  const { data, isFetching, hasNextPage, fetchNextPage } = useGetQuickMessagesPageInfiniteQuery(searchParam);
  const [remove] = useDeleteQuickMessageMutation();
  const [editing, setEditing] = useState<QuickMessageRecord | 'new' | null>(null);
  const [deleting, setDeleting] = useState<QuickMessageRecord | null>(null);
  const records = flattenPages(data?.pages, (page) => page.records);

  const confirmDelete = async (record: QuickMessageRecord) => {
    try {
      await remove(record.id).unwrap();
      notify('success', t('quickMessages.deleted'));
    } catch (error) {
      toastError(error);
    }
  };

  return (
    <Page
      title={t('quickMessages.title')}
      search={{ value: search, onChange: setSearch }}
      actions={
        <Button size="sm" colorPalette="teal" onClick={() => setEditing('new')}>
          <AddIcon /> {t('quickMessages.add')}
        </Button>
      }
      testId="quick-messages-page"
    >
      <ScrollArea
        loading={isFetching}
        hasMore={hasNextPage}
        onLoadMore={() => void fetchNextPage()}
        empty={records.length === 0}
      >
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
      <ConfirmDialog
        open={deleting !== null}
        title={t('common.deleteConfirm')}
        body={deleting?.shortcode ?? ''}
        onConfirm={() => deleting && void confirmDelete(deleting)}
        onClose={() => setDeleting(null)}
      />
    </Page>
  );
}
