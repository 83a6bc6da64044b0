import { Box, Field, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../app/hooks';
import { useListConnectionsQuery, useListQueuesQuery } from '../../../api/endpoints/company';
import { useSearchContactsQuery } from '../../../api/endpoints/contacts';
import { isAdmin } from '../../../api/session';
import type { Contact } from '../../../api/types';
import { FormDialog } from '../../../components/form-dialog';
import { notify } from '../../../components/toaster';
import { useDebouncedValue } from '../../../components/use-debounced-value';
import { useOpenTicket } from '../../../components/use-open-ticket';
import { formatPhone } from '../../../lib/format';

/** Contact search in dialogs starts at this many characters. */
export const CONTACT_SEARCH_MIN = 3;

export function NewTicketDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const user = useAppSelector((s) => s.session.user)!;
  const admin = isAdmin(user);
  const [search, setSearch] = useState('');
  const [contact, setContact] = useState<Contact | null>(null);
  const [queueId, setQueueId] = useState('');
  const [whatsappId, setWhatsappId] = useState('');
  const term = useDebouncedValue(search.trim());
  const { data: found, isFetching } = useSearchContactsQuery(term, { skip: term.length < CONTACT_SEARCH_MIN });
  const { data: allQueues } = useListQueuesQuery(undefined, { skip: !admin });
  const { data: connections = [] } = useListConnectionsQuery();
  const { open, owner, busy } = useOpenTicket(onClose);
  const queues = admin && allQueues ? allQueues : user.queues;

  const submit = () => {
    if (!contact) return;
    if (!queueId && !admin) {
      notify('error', t('newTicket.selectQueue'));
      return;
    }
    void open({ contactId: contact.id, queueId, whatsappId });
  };

  return (
    <FormDialog
      title={owner ? t('newTicket.otherOwnerTitle') : t('newTicket.title')}
      onClose={onClose}
      onSubmit={submit}
      saving={busy}
      readOnly={Boolean(owner)}
      submitLabel={t('newTicket.submit')}
      submitDisabled={!contact}
      testId="new-ticket-dialog"
    >
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
                  asChild
                  display="block"
                  w="full"
                  textAlign="start"
                  p="2"
                  _hover={{ bg: 'app.selected' }}
                >
                  {/* a plain button inside the dialog's form: picking a contact does not submit it */}
                  <button type="button" onClick={() => setContact(c)}>
                    <Text fontWeight="semibold">{c.name}</Text>
                    <Text fontSize="xs" color="fg.muted">
                      {formatPhone(c.number)}
                    </Text>
                  </button>
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
    </FormDialog>
  );
}
