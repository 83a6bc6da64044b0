import { Button, Field, IconButton, Input, Table } from '@chakra-ui/react';
import { Users } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { channel } from '@cs/proto/realtime';
import { useAppSelector } from '../../../app/hooks';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FormDialog } from '../../../components/form-dialog';
import { AddIcon, DownloadIcon } from '../../../components/icons';
import { Page, ScrollArea } from '../../../components/page';
import { RowActions } from '../../../components/row-actions';
import { notify } from '../../../components/toaster';
import { useManagedList } from '../../../components/use-managed-list';
import { downloadFromApi } from '../../../lib/download';
import { toastError } from '../../../lib/errors';
import { serverFieldErrors } from '../../../lib/form';
import {
  type ContactListRecord,
  contactListsApi,
  useCreateContactListMutation,
  useDeleteContactListMutation,
  useGetContactListsPageInfiniteQuery,
  useUpdateContactListMutation,
} from '../api/contact-lists-api';

/** Downloads the example spreadsheet (Nome, Número, Email) with the session's token. */
export function downloadExample(): Promise<void> {
  return downloadFromApi('/contact-lists/example.xlsx', 'planilha-exemplo.xlsx');
}

function ContactListDialog({ list, onClose }: { list: ContactListRecord | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState(list?.name ?? '');
  const [error, setError] = useState('');
  const [create, creating] = useCreateContactListMutation();
  const [update, updating] = useUpdateContactListMutation();
  const submit = async () => {
    const value = name.trim();
    if (!value) return setError(t('common.required'));
    if (value.length < 2) return setError('Too Short!');
    if (value.length > 50) return setError('Too Long!');
    try {
      if (list) await update({ id: list.id, name: value }).unwrap();
      else await create({ name: value }).unwrap();
      notify('success', t('contactLists.saved'));
      onClose();
    } catch (failure) {
      setError(serverFieldErrors(failure).name ?? '');
      toastError(failure);
    }
  };
  return (
    <FormDialog
      title={list ? t('contactLists.editTitle') : t('contactLists.addTitle')}
      onClose={onClose}
      onSubmit={() => void submit()}
      saving={creating.isLoading || updating.isLoading}
      testId="contact-list-dialog"
    >
      <Field.Root required invalid={Boolean(error)}>
        <Field.Label>{t('contactLists.name')}</Field.Label>
        <Input name="name" value={name} onChange={(e) => setName(e.target.value)} />
        {error && <Field.ErrorText>{error}</Field.ErrorText>}
      </Field.Root>
    </FormDialog>
  );
}

/** `/contact-lists`: name, contacts count, example spreadsheet, open items, edit, delete (live). */
export function ContactListsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const companyId = useAppSelector((s) => s.session.user?.companyId ?? 0);
  const [remove] = useDeleteContactListMutation();
  const {
    search,
    records: lists,
    scroll,
    editing,
    setEditing,
    deleting,
    setDeleting,
    confirmDelete,
  } = useManagedList({
    query: useGetContactListsPageInfiniteQuery,
    pick: (page) => page.records,
    live: {
      event: channel.contactList(companyId),
      invalidate: () => contactListsApi.util.invalidateTags(['ContactLists']),
    },
    remove: { run: (list) => remove(list.id).unwrap(), done: t('contactLists.deleted') },
  });

  return (
    <Page
      title={t('contactLists.title')}
      search={search}
      actions={
        <Button size="sm" colorPalette="teal" onClick={() => setEditing('new')} data-testid="contact-list-add">
          <AddIcon /> {t('contactLists.add')}
        </Button>
      }
      testId="contact-lists-page"
    >
      <ScrollArea {...scroll}>
        <Table.Root size="sm" stickyHeader>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('contactLists.name')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="center">{t('contactLists.contacts')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('management.actions')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {lists.map((list) => (
              <Table.Row key={list.id} data-testid="contact-list-row">
                <Table.Cell>{list.name}</Table.Cell>
                <Table.Cell textAlign="center">{list.contactsCount}</Table.Cell>
                <Table.Cell>
                  <RowActions label={list.name} onEdit={() => setEditing(list)} onDelete={() => setDeleting(list)}>
                    <IconButton
                      size="sm"
                      variant="ghost"
                      aria-label={t('contactLists.example')}
                      onClick={() => void downloadExample().catch(toastError)}
                    >
                      <DownloadIcon />
                    </IconButton>
                    <IconButton
                      size="sm"
                      variant="ghost"
                      aria-label={`${t('contactLists.open')} ${list.name}`}
                      onClick={() => void navigate(`/contact-lists/${list.id}/contacts`)}
                    >
                      <Users />
                    </IconButton>
                  </RowActions>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </ScrollArea>
      {editing && <ContactListDialog list={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog {...confirmDelete} title={t('common.deleteConfirm')} body={deleting?.name ?? ''} />
    </Page>
  );
}
