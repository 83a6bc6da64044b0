import { Field, Input, Stack, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateScheduleMutation } from '../../../api/endpoints/company';
import type { Ticket } from '../../../api/types';
import { FormDialog } from '../../../components/form-dialog';
import { notify } from '../../../components/toaster';
import { toastError } from '../../../lib/errors';

/** Schedule body minimum (spec §5). */
export const SCHEDULE_BODY_MIN = 5;

const pad = (n: number) => String(n).padStart(2, '0');
/** `datetime-local` value for now + 1 hour, the spec's default send time. */
export function defaultSendAt(now: Date = new Date()): string {
  const d = new Date(now.getTime() + 60 * 60 * 1000);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export function ScheduleDialog({ ticket, onClose }: { ticket: Ticket; onClose: () => void }) {
  const { t } = useTranslation();
  const [body, setBody] = useState('');
  const [sendAt, setSendAt] = useState(defaultSendAt());
  const [errors, setErrors] = useState<{ body?: string; sendAt?: string }>({});
  const [create, { isLoading }] = useCreateScheduleMutation();

  const submit = async () => {
    const next: typeof errors = {};
    if (body.trim().length < SCHEDULE_BODY_MIN) next.body = t('schedule.bodyMin');
    if (!sendAt) next.sendAt = t('common.required');
    setErrors(next);
    if (next.body || next.sendAt) return;
    try {
      await create({
        body,
        contactId: ticket.contactId,
        sendAt: new Date(sendAt).toISOString(),
        ticketId: ticket.id,
      }).unwrap();
      notify('success', t('schedule.saved'));
      onClose();
    } catch (error) {
      toastError(error);
    }
  };

  return (
    <FormDialog title={t('schedule.title')} onClose={onClose} onSubmit={() => void submit()} saving={isLoading}>
      <Stack gap="3">
        <Field.Root required invalid={Boolean(errors.body)}>
          <Field.Label>{t('schedule.body')}</Field.Label>
          <Textarea value={body} onChange={(e) => setBody(e.target.value)} rows={4} />
          {errors.body && <Field.ErrorText>{errors.body}</Field.ErrorText>}
        </Field.Root>
        <Field.Root required invalid={Boolean(errors.sendAt)}>
          <Field.Label>{t('schedule.sendAt')}</Field.Label>
          <Input type="datetime-local" value={sendAt} onChange={(e) => setSendAt(e.target.value)} />
          {errors.sendAt && <Field.ErrorText>{errors.sendAt}</Field.ErrorText>}
        </Field.Root>
      </Stack>
    </FormDialog>
  );
}
