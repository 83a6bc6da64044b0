import { Field, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../app/hooks';
import { useListConnectionsQuery, useListQueuesQuery } from '../../../api/endpoints/company';
import { isAdmin } from '../../../api/session';
import type { Contact } from '../../../api/types';
import { FormDialog } from '../../../components/form-dialog';
import { notify } from '../../../components/toaster';
import { useOpenTicket } from '../../../components/use-open-ticket';

/**
 * "Open conversation" from a contact: creates an open ticket in a queue (required unless admin) and goes to
 * `/tickets/{uuid}`. If the contact already has one: the user's own opens; any other's owner is named.
 */
export function StartConversationDialog({ contact, onClose }: { contact: Contact; onClose: () => void }) {
  const { t } = useTranslation();
  const user = useAppSelector((s) => s.session.user)!;
  const admin = isAdmin(user);
  const { data: allQueues } = useListQueuesQuery(undefined, { skip: !admin });
  const { data: connections = [] } = useListConnectionsQuery();
  const [queueId, setQueueId] = useState(user.queues.length === 1 ? String(user.queues[0]!.id) : '');
  const [whatsappId, setWhatsappId] = useState(user.whatsappId ? String(user.whatsappId) : '');
  const { open, owner, busy } = useOpenTicket(onClose);
  const queues = admin && allQueues ? allQueues : user.queues;

  const submit = () => {
    if (!queueId && !admin) return notify('error', t('contacts.start.selectQueue'));
    void open({ contactId: contact.id, queueId, whatsappId });
  };

  return (
    <FormDialog
      title={t('contacts.start.title', { name: contact.name })}
      onClose={onClose}
      onSubmit={submit}
      saving={busy}
      testId="start-conversation-dialog"
    >
      <Stack gap="3">
        <Field.Root required={!admin}>
          <Field.Label>{t('contacts.start.queue')}</Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field name="queueId" value={queueId} onChange={(e) => setQueueId(e.target.value)}>
              <option value="">{t('contacts.start.selectQueue')}</option>
              {queues.map((q) => (
                <option key={q.id} value={String(q.id)}>
                  {q.name}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Field.Root>
          <Field.Label>{t('contacts.start.connection')}</Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field name="whatsappId" value={whatsappId} onChange={(e) => setWhatsappId(e.target.value)}>
              <option value="">{t('contacts.start.defaultConnection')}</option>
              {connections.map((c) => (
                <option key={c.id} value={String(c.id)}>
                  {c.name}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        {owner && (
          <Text color="fg.error" data-testid="other-owner">
            {t('contacts.start.otherOwner', { user: owner.userName ?? '—', queue: owner.queueName ?? '—' })}
          </Text>
        )}
      </Stack>
    </FormDialog>
  );
}
