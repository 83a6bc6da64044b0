import { Button, Field, Input, Stack, Table } from '@chakra-ui/react';
import { CircleCheck, CircleDashed } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { channel } from '@cs/proto/realtime';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FormDialog } from '../../../components/form-dialog';
import { AddIcon, ArrowBackIcon, UploadIcon } from '../../../components/icons';
import { Page, ScrollArea } from '../../../components/page';
import { RowActions } from '../../../components/row-actions';
import { notify } from '../../../components/toaster';
import { useManagedList } from '../../../components/use-managed-list';
import { toastError } from '../../../lib/errors';
import { ContactFieldsSchema } from '../../../lib/contact-form';
import { serverFieldErrors, validateForm } from '../../../lib/form';
import {
  type ImportReport,
  type ContactListItemRecord,
  contactListsApi,
  useCreateContactListItemMutation,
  useDeleteContactListItemMutation,
  useGetContactListItemsPageInfiniteQuery,
  useGetContactListQuery,
  useImportContactListMutation,
  useUpdateContactListItemMutation,
} from '../api/contact-lists-api';
import { isSpreadsheet, SPREADSHEET_ACCEPT } from '../utils/list-items';
import { ListImportProgress } from './list-import-progress';

function ItemDialog({
  item,
  contactListId,
  onClose,
}: {
  item: ContactListItemRecord | null;
  contactListId: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState({
    name: item?.name ?? '',
    number: item?.number ?? '',
    email: item?.email ?? '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [create, creating] = useCreateContactListItemMutation();
  const [update, updating] = useUpdateContactListItemMutation();
  const submit = async () => {
    const result = validateForm(ContactFieldsSchema, values);
    if (!result.ok) return setErrors(result.errors);
    setErrors({});
    const body = { name: result.data.name, number: result.data.number, email: result.data.email, contactListId };
    try {
      if (item) await update({ id: item.id, ...body }).unwrap();
      else await create(body).unwrap();
      notify('success', t('contactListItems.saved'));
      onClose();
    } catch (error) {
      setErrors(serverFieldErrors(error));
      toastError(error);
    }
  };
  const field = (key: 'name' | 'number' | 'email') => (
    <Field.Root required={key !== 'email'} invalid={Boolean(errors[key])}>
      <Field.Label>{t(`contactListItems.${key}`)}</Field.Label>
      <Input name={key} value={values[key]} onChange={(e) => setValues((v) => ({ ...v, [key]: e.target.value }))} />
      {errors[key] && <Field.ErrorText>{errors[key]}</Field.ErrorText>}
    </Field.Root>
  );
  return (
    <FormDialog
      title={item ? t('contactListItems.editTitle') : t('contactListItems.addTitle')}
      onClose={onClose}
      onSubmit={() => void submit()}
      saving={creating.isLoading || updating.isLoading}
      testId="contact-list-item-dialog"
    >
      <Stack gap="3">
        {field('name')}
        {field('number')}
        {field('email')}
      </Stack>
    </FormDialog>
  );
}

/** `/contact-lists/{id}/contacts`: the list's items with the valid-WhatsApp icon, spreadsheet import with progress. */
export function ContactListItemsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const { contactListId } = useParams();
  const listId = Number(contactListId);
  const companyId = useAppSelector((s) => s.session.user?.companyId ?? 0);
  const { data: list } = useGetContactListQuery(listId);
  const [remove] = useDeleteContactListItemMutation();
  const {
    search,
    records: items,
    scroll,
    editing,
    setEditing,
    deleting,
    setDeleting,
    confirmDelete,
  } = useManagedList({
    query: useGetContactListItemsPageInfiniteQuery,
    arg: (searchParam) => ({ contactListId: listId, searchParam }),
    pick: (page) => page.contacts,
    live: {
      event: channel.contactListItemOfList(companyId, listId),
      invalidate: () => contactListsApi.util.invalidateTags(['ContactListItems']),
    },
    remove: { run: (item) => remove(item.id).unwrap(), done: t('contactListItems.deleted') },
  });
  const [importList, importing] = useImportContactListMutation();
  const [report, setReport] = useState<ImportReport | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const upload = async (file: File | undefined) => {
    if (!file) return;
    if (!isSpreadsheet(file)) return toastError({ data: { error: 'ERR_IMPORT_INVALID_FILE' } });
    try {
      setReport(await importList({ id: listId, file }).unwrap());
    } catch (error) {
      toastError(error);
    } finally {
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  return (
    <Page
      title={t('contactListItems.title', { name: list?.name ?? '' })}
      search={search}
      actions={
        <>
          <Button size="sm" variant="outline" onClick={() => void navigate('/contact-lists')}>
            <ArrowBackIcon /> {t('contactListItems.back')}
          </Button>
          <input
            ref={fileInput}
            type="file"
            hidden
            accept={SPREADSHEET_ACCEPT}
            data-testid="contact-list-import-input"
            onChange={(e) => void upload(e.target.files?.[0])}
          />
          <Button size="sm" variant="outline" loading={importing.isLoading} onClick={() => fileInput.current?.click()}>
            <UploadIcon /> {t('contactListItems.import')}
          </Button>
          <Button size="sm" colorPalette="teal" onClick={() => setEditing('new')} data-testid="contact-list-item-add">
            <AddIcon /> {t('contactListItems.add')}
          </Button>
        </>
      }
      testId="contact-list-items-page"
    >
      <ScrollArea {...scroll}>
        <Table.Root size="sm" stickyHeader>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader w="10" />
              <Table.ColumnHeader>{t('contactListItems.name')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('contactListItems.number')}</Table.ColumnHeader>
              <Table.ColumnHeader hideBelow="md">{t('contactListItems.email')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('management.actions')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {items.map((item) => (
              <Table.Row key={item.id} data-testid="contact-list-item-row">
                <Table.Cell>
                  {item.isWhatsappValid ? (
                    <CircleCheck
                      size={18}
                      color="var(--chakra-colors-green-500)"
                      aria-label={t('contactListItems.valid')}
                    />
                  ) : (
                    <CircleDashed
                      size={18}
                      color="var(--chakra-colors-gray-400)"
                      aria-label={t('contactListItems.invalid')}
                    />
                  )}
                </Table.Cell>
                <Table.Cell>{item.name}</Table.Cell>
                <Table.Cell>{item.number}</Table.Cell>
                <Table.Cell hideBelow="md">{item.email}</Table.Cell>
                <Table.Cell>
                  <RowActions label={item.name} onEdit={() => setEditing(item)} onDelete={() => setDeleting(item)} />
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </ScrollArea>
      {editing && (
        <ItemDialog item={editing === 'new' ? null : editing} contactListId={listId} onClose={() => setEditing(null)} />
      )}
      {report && (
        <ListImportProgress
          initial={report}
          onClose={() => {
            setReport(null);
            dispatch(contactListsApi.util.invalidateTags(['ContactListItems', 'ContactLists']));
          }}
        />
      )}
      <ConfirmDialog {...confirmDelete} title={t('common.deleteConfirm')} body={deleting?.name ?? ''} />
    </Page>
  );
}
