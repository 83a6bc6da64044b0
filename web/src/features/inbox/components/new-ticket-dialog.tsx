import { Box, Button, Dialog, Field, Input, NativeSelect, Portal, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useAppSelector } from '../../../app/hooks';
import { useListConnectionsQuery, useListQueuesQuery } from '../../../api/endpoints/company';
import { useSearchContactsQuery } from '../../../api/endpoints/contacts';
import { useCreateTicketMutation } from '../../../api/endpoints/tickets';
import { isAdmin } from '../../../api/session';
import type { Contact } from '../../../api/types';
import { notify } from '../../../components/toaster';
import { formatPhone } from '../../../lib/format';
import { toastError } from '../../../lib/errors';
import { useDebounced } from '../hooks/use-debounced';
import { parseOtherOpenTicket, type OtherOpenTicket } from '../utils/other-open-ticket';

/** Contact search in dialogs starts at this many characters. */
export const CONTACT_SEARCH_MIN = 3;

export function NewTicketDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useAppSelector((s) => s.session.user)!;
  const admin = isAdmin(user);
  const [search, setSearch] = useState('');
  const [contact, setContact] = useState<Contact | null>(null);
  const [queueId, setQueueId] = useState('');
  const [whatsappId, setWhatsappId] = useState('');
  const [owner, setOwner] = useState<OtherOpenTicket | null>(null);
  const term = useDebounced(search.trim());
  const { data: found, isFetching } = useSearchContactsQuery(term, { skip: term.length < CONTACT_SEARCH_MIN });
  const { data: allQueues } = useListQueuesQuery(undefined, { skip: !admin });
  const { data: connections = [] } = useListConnectionsQuery();
  const [create, { isLoading }] = useCreateTicketMutation();
  const queues = admin && allQueues ? allQueues : user.queues;

  const submit = async () => {
    if (!contact) return;
    if (!queueId && !admin) {
      notify('error', t('newTicket.selectQueue'));
      return;
    }
    try {
      const ticket = await create({
        contactId: contact.id,
        queueId: queueId ? Number(queueId) : null,
        whatsappId: whatsappId ? Number(whatsappId) : null,
        userId: user.id,
        status: 'open',
      }).unwrap();
      onClose();
      void navigate(`/tickets/${ticket.uuid}`);
    } catch (error) {
      const other = parseOtherOpenTicket(error);
      if (!other) return toastError(error);
      if (other.userId === user.id && other.uuid) {
        onClose();
        void navigate(`/tickets/${other.uuid}`);
        return;
      }
      setOwner(other);
    }
  };

  return (
    <Dialog.Root open onOpenChange={(e) => !e.open && onClose()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="new-ticket-dialog">
            <Dialog.Header>
              <Dialog.Title>{owner ? t('newTicket.otherOwnerTitle') : t('newTicket.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {owner ? (
                <Text data-testid="other-owner">
                  {t('newTicket.otherOwner', {
                    user: owner.userName ?? '—',
                    queue: owner.queueName ?? t('tickets.noQueue'),
                  })}
                </Text>
              ) : (
                <Stack gap="3">
                  <Field.Root>
                    <Field.Label>{t('newTicket.contact')}</Field.Label>
                    <Input
                      value={contact ? contact.name : search}
                      onChange={(e) => {
                        setContact(null);
                        setSearch(e.target.value);
                      }}
                      data-testid="contact-search"
                    />
                    {!contact && search.trim().length < CONTACT_SEARCH_MIN && (
                      <Field.HelperText>{t('newTicket.contactHint')}</Field.HelperText>
                    )}
                  </Field.Root>
                  {!contact && term.length >= CONTACT_SEARCH_MIN && (
                    <Box maxH="48" overflowY="auto" borderWidth="1px" borderRadius="md">
                      {!isFetching && (found?.contacts ?? []).length === 0 && (
                        <Text p="2" color="fg.muted" fontSize="sm">
                          {t('newTicket.noResults')}
                        </Text>
                      )}
                      {(found?.contacts ?? []).map((c) => (
                        <Box
                          key={c.id}
                          as="button"
                          display="block"
                          w="full"
                          textAlign="start"
                          p="2"
                          _hover={{ bg: 'app.selected' }}
                          onClick={() => setContact(c)}
                        >
                          <Text fontWeight="semibold">{c.name}</Text>
                          <Text fontSize="xs" color="fg.muted">
                            {formatPhone(c.number)}
                          </Text>
                        </Box>
                      ))}
                    </Box>
                  )}
                  <Field.Root required={!admin}>
                    <Field.Label>{t('newTicket.queue')}</Field.Label>
                    <NativeSelect.Root size="sm">
                      <NativeSelect.Field
                        value={queueId}
                        onChange={(e) => setQueueId(e.target.value)}
                        data-testid="new-ticket-queue"
                      >
                        <option value="">{t('newTicket.selectQueue')}</option>
                        {queues.map((q) => (
                          <option key={q.id} value={q.id}>
                            {q.name}
                          </option>
                        ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                  </Field.Root>
                  <Field.Root>
                    <Field.Label>{t('newTicket.connection')}</Field.Label>
                    <NativeSelect.Root size="sm">
                      <NativeSelect.Field value={whatsappId} onChange={(e) => setWhatsappId(e.target.value)}>
                        <option value="">—</option>
                        {connections.map((c) => (
                          <option key={c.id} value={c.id}>
                            {c.name}
                          </option>
                        ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                  </Field.Root>
                </Stack>
              )}
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                {owner ? t('common.close') : t('common.cancel')}
              </Button>
              {!owner && (
                <Button colorPalette="teal" disabled={!contact} loading={isLoading} onClick={() => void submit()}>
                  {t('newTicket.submit')}
                </Button>
              )}
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
