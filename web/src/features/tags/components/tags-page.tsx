import { Badge, Button, Table } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { AddIcon } from '../../../components/icons';
import { Page, ScrollArea } from '../../../components/page';
import { RowActions } from '../../../components/row-actions';
import { useManagedList } from '../../../components/use-managed-list';
import { useDeleteTagMutation, useGetTagsPageInfiniteQuery } from '../api/tags-api';
import { TagDialog } from './tag-dialog';

/** `/tags`: kept live by the app's socket (`company-{id}-tag` invalidates the `Tags` cache). */
export function TagsPage() {
  const { t } = useTranslation();
  const [remove] = useDeleteTagMutation();
  const {
    search,
    records: tags,
    scroll,
    editing,
    setEditing,
    deleting,
    setDeleting,
    confirmDelete,
  } = useManagedList({
    query: useGetTagsPageInfiniteQuery,
    pick: (page) => page.tags,
    remove: { run: (tag) => remove(tag.id).unwrap(), done: t('tags.deleted') },
  });

  return (
    <Page
      title={t('tags.title')}
      search={search}
      actions={
        <Button size="sm" colorPalette="teal" onClick={() => setEditing('new')}>
          <AddIcon /> {t('tags.add')}
        </Button>
      }
      testId="tags-page"
    >
      <ScrollArea {...scroll}>
        <Table.Root size="sm" stickyHeader>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('tags.name')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="center">{t('tags.tickets')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('management.actions')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {tags.map((tag) => (
              <Table.Row key={tag.id} data-testid="tag-row">
                <Table.Cell>
                  <Badge bg={tag.color} color="white" px="3" py="1" borderRadius="full">
                    {tag.name}
                  </Badge>
                </Table.Cell>
                <Table.Cell textAlign="center">{tag.ticketsCount}</Table.Cell>
                <Table.Cell>
                  <RowActions label={tag.name} onEdit={() => setEditing(tag)} onDelete={() => setDeleting(tag)} />
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </ScrollArea>
      {editing && (
        <TagDialog
          tag={editing === 'new' ? null : editing}
          usedColors={tags.map((tag) => tag.color)}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog {...confirmDelete} title={t('common.deleteConfirm')} body={deleting?.name ?? ''} />
    </Page>
  );
}
