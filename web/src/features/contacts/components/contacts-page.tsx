import { Avatar, Box, Button, HStack, IconButton, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { ShieldCheck } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { channel } from '@cs/proto/realtime';
import { useAppSelector } from '../../../app/hooks';
import type { ContactResponse } from '@cs/proto/http';
import type { Contact } from '../../../api/types';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ContactPrivacyActions } from '../../../components/contact-privacy-actions';
import { AddIcon, ChatIcon, DownloadIcon, PhoneIcon, UploadIcon } from '../../../components/icons';
import { Page, ScrollArea } from '../../../components/page';
import { RowActions } from '../../../components/row-actions';
import { notify } from '../../../components/toaster';
import { useIsNarrow } from '../../../components/use-media';
import { useManagedList } from '../../../components/use-managed-list';
import { can, PERMISSIONS } from '../../../lib/permissions';
import { saveFile } from '../../../lib/download';
import { toastError } from '../../../lib/errors';
import { formatPhone } from '../../../lib/format';
import {
  contactsPageApi,
  useDeleteContactMutation,
  useExportContactsMutation,
  useGetContactsPageInfiniteQuery,
  useImportContactsMutation,
  type ImportReport,
} from '../api/contacts-api';
import { isSpreadsheet, SPREADSHEET_ACCEPT } from '../utils/contact-import';
import { ContactDialog } from './contact-dialog';
import { ErasureRequestsDialog } from './contact-privacy';
import { ImportProgress } from './import-progress';
import { StartConversationDialog } from './start-conversation-dialog';

/**
 * `/contacts`: the searchable, infinitely scrolling list (a table, or cards on narrow screens), add/edit,
 * delete for those allowed (contacts-page:deleteContact), "open conversation", imports with a progress bar and
 * the CSV export; admins also export or erase a person's data (LGPD) and follow the erasure requests. Live from
 * `company-{id}-contact`.
 */
export function ContactsPage() {
  const { t } = useTranslation();
  const user = useAppSelector((s) => s.session.user);
  const companyId = user?.companyId ?? 0;
  const canDelete = can(user, PERMISSIONS.deleteContact);
  const narrow = useIsNarrow();
  const [remove] = useDeleteContactMutation();
  const {
    search,
    records: contacts,
    scroll,
    editing,
    setEditing,
    deleting,
    setDeleting,
    confirmDelete,
  } = useManagedList({
    query: useGetContactsPageInfiniteQuery,
    pick: (page) => page.contacts,
    live: {
      event: channel.contact(companyId),
      invalidate: () => contactsPageApi.util.invalidateTags(['ContactsList']),
    },
    remove: { run: (contact) => remove(contact.id).unwrap(), done: t('contacts.deleted') },
  });
  const [importContacts, importing] = useImportContactsMutation();
  const [exportContacts, exporting] = useExportContactsMutation();
  const [starting, setStarting] = useState<Contact | null>(null);
  const [showingRequests, setShowingRequests] = useState(false);
  const [runningImport, setRunningImport] = useState<ImportReport | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const startImport = async (file: File | null) => {
    if (file && !isSpreadsheet(file)) return notify('error', t('contacts.importAccept'));
    try {
      setRunningImport(await importContacts(file).unwrap());
    } catch (error) {
      toastError(error);
    }
  };

  const exportCsv = async () => {
    try {
      saveFile(new Blob([await exportContacts().unwrap()], { type: 'text/csv;charset=utf-8' }), 'contatos.csv');
    } catch (error) {
      toastError(error);
    }
  };

  const actions = (contact: ContactResponse) => (
    <RowActions
      label={contact.name}
      onEdit={() => setEditing(contact)}
      onDelete={canDelete ? () => setDeleting(contact) : undefined}
    >
      <IconButton
        size="sm"
        variant="ghost"
        aria-label={`${t('contacts.openConversation')} ${contact.name}`}
        onClick={() => setStarting(contact)}
      >
        <ChatIcon />
      </IconButton>
      {canDelete && <ContactPrivacyActions contact={contact} />}
    </RowActions>
  );

  return (
    <Page
      title={t('contacts.title')}
      search={{ ...search, placeholder: t('contacts.searchPlaceholder') }}
      actions={
        <>
          <input
            ref={fileInput}
            type="file"
            hidden
            accept={SPREADSHEET_ACCEPT}
            data-testid="contacts-import-file"
            onChange={(e) => {
              const file = e.target.files?.[0] ?? null;
              e.target.value = '';
              if (file) void startImport(file);
            }}
          />
          <Button size="sm" variant="outline" loading={importing.isLoading} onClick={() => void startImport(null)}>
            <PhoneIcon /> {!narrow && t('contacts.importPhone')}
          </Button>
          <Button size="sm" variant="outline" onClick={() => fileInput.current?.click()}>
            <UploadIcon /> {!narrow && t('contacts.importFile')}
          </Button>
          <Button size="sm" variant="outline" loading={exporting.isLoading} onClick={() => void exportCsv()}>
            <DownloadIcon /> {!narrow && t('contacts.export')}
          </Button>
          {canDelete && (
            <Button size="sm" variant="outline" onClick={() => setShowingRequests(true)}>
              <ShieldCheck /> {!narrow && t('privacy.requests')}
            </Button>
          )}
          <Button size="sm" colorPalette="teal" onClick={() => setEditing('new')}>
            <AddIcon /> {!narrow && t('contacts.add')}
          </Button>
        </>
      }
      testId="contacts-page"
    >
      <ScrollArea {...scroll} endMessage={t('contacts.endOfList')}>
        {narrow ? (
          <SimpleGrid columns={1} gap="2" p="2" data-testid="contact-cards">
            {contacts.map((contact) => (
              <Box key={contact.id} borderWidth="1px" borderRadius="md" p="3" data-testid="contact-card">
                <HStack justify="space-between">
                  <HStack minW="0">
                    <ContactAvatar contact={contact} />
                    <Stack gap="0" minW="0">
                      <Text fontWeight="semibold" truncate>
                        {contact.name}
                      </Text>
                      <Text fontSize="sm">{formatPhone(contact.number)}</Text>
                      {contact.email && (
                        <Text fontSize="xs" color="fg.muted" truncate>
                          {contact.email}
                        </Text>
                      )}
                    </Stack>
                  </HStack>
                  {actions(contact)}
                </HStack>
              </Box>
            ))}
          </SimpleGrid>
        ) : (
          <Table.Root size="sm" stickyHeader>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader w="12" />
                <Table.ColumnHeader>{t('contacts.name')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('contacts.number')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('contacts.email')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('management.actions')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {contacts.map((contact) => (
                <Table.Row key={contact.id} data-testid="contact-row">
                  <Table.Cell>
                    <ContactAvatar contact={contact} />
                  </Table.Cell>
                  <Table.Cell fontWeight="semibold">{contact.name}</Table.Cell>
                  <Table.Cell>{formatPhone(contact.number)}</Table.Cell>
                  <Table.Cell>{contact.email}</Table.Cell>
                  <Table.Cell>{actions(contact)}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        )}
      </ScrollArea>
      {editing && <ContactDialog contact={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {starting && <StartConversationDialog contact={starting} onClose={() => setStarting(null)} />}
      {showingRequests && <ErasureRequestsDialog onClose={() => setShowingRequests(false)} />}
      {runningImport && <ImportProgress initial={runningImport} onClose={() => setRunningImport(null)} />}
      <ConfirmDialog {...confirmDelete} title={t('common.deleteConfirm')} body={deleting?.name ?? ''} />
    </Page>
  );
}

function ContactAvatar({ contact }: { contact: Contact }) {
  return (
    <Avatar.Root size="sm">
      <Avatar.Fallback name={contact.name} />
      {contact.profilePicUrl && <Avatar.Image src={contact.profilePicUrl} alt="" />}
    </Avatar.Root>
  );
}
