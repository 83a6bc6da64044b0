import { Field, NativeSelect, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useListQueuesQuery, useListUsersQuery } from '../../../api/endpoints/company';
import type { Ticket } from '../../../api/types';
import { FormDialog } from '../../../components/form-dialog';
import { useTicketActions } from '../hooks/use-ticket-actions';

/** Transfer needs a queue; without a user the ticket waits (pending), with one it is theirs (open). */
export function TransferDialog({ ticket, onClose }: { ticket: Ticket; onClose: () => void }) {
  const { t } = useTranslation();
  const { data: queues = [] } = useListQueuesQuery();
  const { data: users = [] } = useListUsersQuery();
  const actions = useTicketActions();
  const [queueId, setQueueId] = useState('');
  const [userId, setUserId] = useState('');
  const [error, setError] = useState(false);
  const usersOfQueue = queueId
    ? users.filter((u) => !u.queues || u.queues.some((q) => q.id === Number(queueId)))
    : users;

  const submit = async () => {
    if (!queueId) return setError(true);
    await actions.transfer(ticket, Number(queueId), userId ? Number(userId) : null);
    onClose();
  };

  return (
    <FormDialog
      title={t('transfer.title')}
      onClose={onClose}
      onSubmit={() => void submit()}
      saving={actions.busy}
      submitLabel={t('transfer.submit')}
      submitTestId="transfer-submit"
      testId="transfer-dialog"
    >
      <Stack gap="3">
        <Field.Root required invalid={error}>
          <Field.Label>{t('transfer.queue')}</Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field
              value={queueId}
              onChange={(e) => {
                setQueueId(e.target.value);
                setError(false);
              }}
              data-testid="transfer-queue"
            >
              <option value="">—</option>
              {queues.map((q) => (
                <option key={q.id} value={q.id}>
                  {q.name}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          {error && <Field.ErrorText>{t('transfer.queueRequired')}</Field.ErrorText>}
        </Field.Root>
        <Field.Root>
          <Field.Label>{t('transfer.user')}</Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field value={userId} onChange={(e) => setUserId(e.target.value)} data-testid="transfer-user">
              <option value="">{t('transfer.noUser')}</option>
              {usersOfQueue.map((u) => (
                <option key={u.id} value={u.id}>
                  {u.name}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      </Stack>
    </FormDialog>
  );
}
