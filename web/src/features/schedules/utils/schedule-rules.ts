import { z } from 'zod';
import { ScheduleBodySchema } from '@cs/proto/http';
import { textField } from '../../../lib/form-rules';
import { truncate } from '../../../lib/format';

/** A schedule's body in the list is cut at 25 characters (spec §9). */
export const SCHEDULE_LIST_BODY_MAX = 25;
export const listBody = (body: string): string => truncate(body, SCHEDULE_LIST_BODY_MAX);

/** The status chip's colour (spec §4): "pend" warning, "env" (sent) success, "erro"/"fail" error. */
export function statusTone(status: string): 'warning' | 'success' | 'error' | 'neutral' {
  const text = status.toLowerCase();
  if (text.includes('pend')) return 'warning';
  if (text.includes('env')) return 'success';
  if (text.includes('erro') || text.includes('fail')) return 'error';
  return 'neutral';
}

/** Once `sentAt` is set a schedule cannot be saved again (spec §4). */
export const isSent = (schedule: { sentAt: string | null }): boolean => schedule.sentAt !== null;

const pad = (n: number) => String(n).padStart(2, '0');
/** A `datetime-local` value in local time. */
export function toLocalInput(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
/** The default send time: now plus one hour (spec §5). */
export const defaultSendAt = (now: Date = new Date()): string => toLocalInput(new Date(now.getTime() + 3_600_000));

/** Attachments: only .png, .jpg and .jpeg (spec §5). */
export const SCHEDULE_ATTACHMENT_ACCEPT = '.png,.jpg,.jpeg,image/png,image/jpeg';
export const isAllowedAttachment = (file: File): boolean => /\.(png|jpe?g)$/i.test(file.name);

/** The schedule form (spec §5): body at least 5 ("Mensagem muito curta"), contact and send time required. */
export function scheduleFormSchema(t: (key: string) => string) {
  return z.object({
    body: textField(ScheduleBodySchema.shape.body, {
      required: t('schedules.dialog.bodyMin'),
      tooShort: t('schedules.dialog.bodyMin'),
      tooLong: t('management.tooLong'),
    }),
    contactId: z
      .number({ error: t('common.required') })
      .int()
      .positive(t('common.required')),
    sendAt: z
      .string()
      .min(1, t('common.required'))
      .refine((v) => !Number.isNaN(new Date(v).getTime()), t('common.required'))
      .transform((v) => new Date(v).toISOString()),
  });
}
