import { Badge, Button, Table } from '@chakra-ui/react';
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
import { useDeleteTagMutation, useGetTagsPageInfiniteQuery, type TagRecord } from '../api/tags-api';
import { TagDialog } from './tag-dialog';

/** `/tags`: kept live by the app's socket (`company-{id}-tag` invalidates the `Tags` cache). */
export function TagsPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const searchParam = useDebouncedValue(search);
  const { data, isFetching, hasNextPage, fetchNextPage } = useGetTagsPageInfiniteQuery(searchParam);
  const [remove] = useDeleteTagMutation();
  const [editing, setEditing] = useState<TagRecord | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TagRecord | null>(null);
  const tags = flattenPages(data?.pages, (page) => page.tags);

  const confirmDelete = async (tag: TagRecord) => {
    try {
      await remove(tag.id).unwrap();
      notify('success', t('tags.deleted'));
    } catch (error) {
      toastError(error);
    }
  };

  return (
    <Page
      title={t('tags.title')}
      search={{ value: search, onChange: setSearch }}
      actions={
        <Button size="sm" colorPalette="teal" onClick={() => setEditing('new')}>
          <AddIcon /> {t('tags.add')}
        </Button>
      }
      testId="tags-page"
    >
      <ScrollArea
        loading={isFetching}
        hasMore={hasNextPage}
        onLoadMore={() => void fetchNextPage()}
        empty={tags.length === 0}
      >
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
                <Table.Cell textAlign="center">{tag.ticketsCount ?? 0}</Table.Cell>
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
      <ConfirmDialog
        open={deleting !== null}
        title={t('common.deleteConfirm')}
        body={deleting?.name ?? ''}
        onConfirm={() => deleting && void confirmDelete(deleting)}
        onClose={() => setDeleting(null)}
      />
    </Page>
  );
}
