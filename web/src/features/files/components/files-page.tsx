import { Button, Table } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { channel } from '@cs/proto/realtime';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { flattenPages } from '../../../api/paging';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { AddIcon } from '../../../components/icons';
import { Page, ScrollArea } from '../../../components/page';
import { RowActions } from '../../../components/row-actions';
import { notify } from '../../../components/toaster';
import { useDebouncedValue } from '../../../components/use-debounced-value';
import { useLiveEvent } from '../../../components/use-live-event';
import { toastError } from '../../../lib/errors';
import {
  type FileListRecord,
  filesApi,
  useDeleteFileListMutation,
  useGetFilesPageInfiniteQuery,
} from '../api/files-api';
import { FileListDialog } from './file-list-dialog';

/** `/files`: file lists with search; live from `company-{id}-file`. */
export function FilesPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const companyId = useAppSelector((s) => s.session.user?.companyId ?? 0);
  const [search, setSearch] = useState('');
  const searchParam = useDebouncedValue(search);
  const { data, isFetching, hasNextPage, fetchNextPage } = useGetFilesPageInfiniteQuery(searchParam);
  const [remove] = useDeleteFileListMutation();
  const [editing, setEditing] = useState<FileListRecord | 'new' | null>(null);
  const [deleting, setDeleting] = useState<FileListRecord | null>(null);
  const files = flattenPages(data?.pages, (page) => page.files);

  useLiveEvent(channel.file(companyId), () => dispatch(filesApi.util.invalidateTags(['FileLists'])));

  const confirmDelete = async (fileList: FileListRecord) => {
    try {
      await remove(fileList.id).unwrap();
      notify('success', t('files.deleted'));
    } catch (error) {
      toastError(error);
    }
  };

  return (
    <Page
      title={t('files.title')}
      search={{ value: search, onChange: setSearch }}
      actions={
        <Button size="sm" colorPalette="teal" onClick={() => setEditing('new')} data-testid="file-list-add">
          <AddIcon /> {t('files.add')}
        </Button>
      }
      testId="files-page"
    >
      <ScrollArea
        loading={isFetching}
        hasMore={hasNextPage}
        onLoadMore={() => void fetchNextPage()}
        empty={files.length === 0}
      >
        <Table.Root size="sm" stickyHeader>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('files.name')}</Table.ColumnHeader>
              <Table.ColumnHeader hideBelow="md">{t('files.options')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('management.actions')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {files.map((fileList) => (
              <Table.Row key={fileList.id} data-testid="file-list-row">
                <Table.Cell>{fileList.name}</Table.Cell>
                <Table.Cell hideBelow="md">{fileList.options.length}</Table.Cell>
                <Table.Cell>
                  <RowActions
                    label={fileList.name}
                    onEdit={() => setEditing(fileList)}
                    onDelete={() => setDeleting(fileList)}
                  />
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </ScrollArea>
      {editing && <FileListDialog fileList={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
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
