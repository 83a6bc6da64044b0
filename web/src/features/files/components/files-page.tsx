import { Button, Table } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { channel } from '@cs/proto/realtime';
import { useAppSelector } from '../../../app/hooks';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { AddIcon } from '../../../components/icons';
import { Page, ScrollArea } from '../../../components/page';
import { RowActions } from '../../../components/row-actions';
import { useManagedList } from '../../../components/use-managed-list';
import { filesApi, useDeleteFileListMutation, useGetFilesPageInfiniteQuery } from '../api/files-api';
import { FileListDialog } from './file-list-dialog';

/** `/files`: file lists with search; live from `company-{id}-file`. */
export function FilesPage() {
  const { t } = useTranslation();
  const companyId = useAppSelector((s) => s.session.user?.companyId ?? 0);
  const [remove] = useDeleteFileListMutation();
  const {
    search,
    records: files,
    scroll,
    editing,
    setEditing,
    deleting,
    setDeleting,
    confirmDelete,
  } = useManagedList({
    query: useGetFilesPageInfiniteQuery,
    pick: (page) => page.files,
    live: { event: channel.file(companyId), invalidate: () => filesApi.util.invalidateTags(['FileLists']) },
    remove: { run: (fileList) => remove(fileList.id).unwrap(), done: t('files.deleted') },
  });

  return (
    <Page
      title={t('files.title')}
      search={search}
      actions={
        <Button size="sm" colorPalette="teal" onClick={() => setEditing('new')} data-testid="file-list-add">
          <AddIcon /> {t('files.add')}
        </Button>
      }
      testId="files-page"
    >
      <ScrollArea {...scroll}>
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
      <ConfirmDialog {...confirmDelete} title={t('common.deleteConfirm')} body={deleting?.name ?? ''} />
    </Page>
  );
}
