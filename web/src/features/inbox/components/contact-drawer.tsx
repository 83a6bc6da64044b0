import { Box, Button, CloseButton, Flex, Heading, HStack, IconButton, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useAddNoteMutation,
  useDeleteNoteMutation,
  useGetContactQuery,
  useListNotesQuery,
} from '../../../api/endpoints/contacts';
import type { Ticket } from '../../../api/types';
import { useAppSelector } from '../../../app/hooks';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ContactPrivacyActions } from '../../../components/contact-privacy-actions';
import { CloseIcon } from '../../../components/icons';
import { notify } from '../../../components/toaster';
import { formatDateTime, formatPhone } from '../../../lib/format';
import { toastError } from '../../../lib/errors';
import { can, PERMISSIONS } from '../../../lib/permissions';
import { ContactEditDialog } from './contact-edit-dialog';

/** Internal notes need at least this many characters. */
const NOTE_MIN = 2;

function Notes({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation();
  const { data: notes = [] } = useListNotesQuery({ ticketId: ticket.id, contactId: ticket.contactId });
  const [add, { isLoading }] = useAddNoteMutation();
  const [remove] = useDeleteNoteMutation();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<number | null>(null);

  const submit = async () => {
    if (note.trim().length < NOTE_MIN) return setError(t('contactDrawer.noteMin'));
    setError(null);
    try {
      await add({ note: note.trim(), ticketId: ticket.id, contactId: ticket.contactId }).unwrap();
      setNote('');
      notify('success', t('contactDrawer.noteAdded'));
    } catch (e) {
      toastError(e);
    }
  };

  return (
    <Stack gap="2" data-testid="notes">
      <Heading size="sm">{t('contactDrawer.notes')}</Heading>
      <Textarea
        size="sm"
        rows={2}
        placeholder={t('contactDrawer.notePlaceholder')}
        value={note}
        onChange={(e) => setNote(e.target.value)}
      />
      {error && (
        <Text color="fg.error" fontSize="xs">
          {error}
        </Text>
      )}
      <Button size="xs" alignSelf="flex-end" colorPalette="teal" loading={isLoading} onClick={() => void submit()}>
        {t('common.save')}
      </Button>
      <Stack gap="2" maxH="notesMax" overflowY="auto" data-testid="notes-list">
        {notes.length === 0 && (
          <Text fontSize="sm" color="fg.muted">
            {t('contactDrawer.noNotes')}
          </Text>
        )}
        {notes.map((n) => (
          <HStack key={n.id} align="flex-start" bg="bg.subtle" borderRadius="md" p="2">
            <Stack gap="0" flex="1">
              <Text fontSize="sm" whiteSpace="pre-wrap">
                {n.note}
              </Text>
              <Text fontSize="2xs" color="fg.muted">
                {n.user?.name ?? ''} · {formatDateTime(n.createdAt)}
              </Text>
            </Stack>
            <IconButton aria-label={t('common.delete')} size="2xs" variant="ghost" onClick={() => setToDelete(n.id)}>
              <CloseIcon />
            </IconButton>
          </HStack>
        ))}
      </Stack>
      <ConfirmDialog
        open={toDelete !== null}
        title={t('common.deleteConfirm')}
        onClose={() => setToDelete(null)}
        onConfirm={() => {
          if (toDelete === null) return;
          remove({ id: toDelete, ticketId: ticket.id })
            .unwrap()
            .then(() => notify('success', t('contactDrawer.noteDeleted')))
            .catch(toastError);
        }}
      />
    </Stack>
  );
}

/** The chat's right drawer: contact details, edit, the LGPD actions (admins), internal notes and extra info. */
export function ContactDrawer({ ticket, onClose }: { ticket: Ticket; onClose: () => void }) {
  const { t } = useTranslation();
  const { data: contact } = useGetContactQuery(ticket.contactId);
  const [editing, setEditing] = useState(false);
  const canErase = can(
    useAppSelector((s) => s.session.user),
    PERMISSIONS.deleteContact,
  );
  const shown = contact ?? { ...ticket.contact, extraInfo: [] };

  return (
    <Flex
      direction="column"
      w={{ base: 'full', md: 'drawer' }}
      position={{ base: 'absolute', md: 'static' }}
      inset="0"
      zIndex="overlay"
      bg="bg.panel"
      borderLeftWidth="1px"
      minH="0"
      data-testid="contact-drawer"
    >
      <HStack px="3" py="2" borderBottomWidth="1px" justify="space-between">
        <Heading size="sm">{t('contactDrawer.title')}</Heading>
        <CloseButton size="sm" onClick={onClose} />
      </HStack>
      <Stack gap="4" p="4" overflowY="auto" flex="1">
        <Stack align="center" gap="1">
          <Box
            w="20"
            h="20"
            borderRadius="full"
            bg="brand.100"
            color="brand.700"
            display="flex"
            alignItems="center"
            justifyContent="center"
            fontSize="2xl"
            overflow="hidden"
          >
            {shown.profilePicUrl ? (
              <img src={shown.profilePicUrl} alt="" width={80} height={80} />
            ) : (
              shown.name.charAt(0).toUpperCase()
            )}
          </Box>
          <Text fontWeight="semibold" data-testid="contact-name">
            {shown.name}
          </Text>
          <Text fontSize="sm">{formatPhone(shown.number)}</Text>
          {shown.email && (
            <Text fontSize="sm" color="fg.muted">
              {shown.email}
            </Text>
          )}
          <HStack gap="1">
            <Button size="xs" variant="outline" onClick={() => setEditing(true)} disabled={!contact}>
              {t('contactDrawer.edit')}
            </Button>
            {contact && canErase && <ContactPrivacyActions contact={contact} />}
          </HStack>
        </Stack>
        <Notes ticket={ticket} />
        <Stack gap="1">
          <Heading size="sm">{t('contactDrawer.extraInfo')}</Heading>
          {(shown.extraInfo ?? []).map((extra, i) => (
            <Box key={extra.id ?? i} bg="bg.subtle" borderRadius="md" p="2">
              <Text fontSize="xs" color="fg.muted">
                {extra.name}
              </Text>
              <Text fontSize="sm">{extra.value}</Text>
            </Box>
          ))}
        </Stack>
      </Stack>
      {editing && contact && <ContactEditDialog contact={contact} onClose={() => setEditing(false)} />}
    </Flex>
  );
}
