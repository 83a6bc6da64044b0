import { z } from 'zod';
import { QueueBodySchema } from '@cs/proto/http';
import { textField } from '../../../lib/form-rules';
import { COLOR_PALETTE } from '../../../theme/palette';
import type { ScheduleEntry } from '../api/queues-api';

/** The palette colour a new queue starts with. */
const PREFERRED_COLOR_INDEX = 21;

/**
 * A new queue's colour: the first palette colour (from the preferred one on, wrapping) that none of the company's
 * queues uses, since the server refuses a colour already in use; the preferred one when every colour is taken.
 */
export function freeQueueColor(usedColors: readonly string[]): string {
  const used = new Set(usedColors.map((color) => color.toLowerCase()));
  for (let i = 0; i < COLOR_PALETTE.length; i++) {
    const color = COLOR_PALETTE[(PREFERRED_COLOR_INDEX + i) % COLOR_PALETTE.length]!;
    if (!used.has(color.toLowerCase())) return color;
  }
  return COLOR_PALETTE[PREFERRED_COLOR_INDEX]!;
}

/** The spec's default opening hours: Monday to Friday 08:00–18:00, Saturday 08:00–12:00, Sunday 00:00–00:00. */
export const DEFAULT_SCHEDULES: ScheduleEntry[] = [
  { weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '08:00', endTime: '18:00' },
  { weekday: 'Terça-feira', weekdayEn: 'tuesday', startTime: '08:00', endTime: '18:00' },
  { weekday: 'Quarta-feira', weekdayEn: 'wednesday', startTime: '08:00', endTime: '18:00' },
  { weekday: 'Quinta-feira', weekdayEn: 'thursday', startTime: '08:00', endTime: '18:00' },
  { weekday: 'Sexta-feira', weekdayEn: 'friday', startTime: '08:00', endTime: '18:00' },
  { weekday: 'Sábado', weekdayEn: 'saturday', startTime: '08:00', endTime: '12:00' },
  { weekday: 'Domingo', weekdayEn: 'sunday', startTime: '00:00', endTime: '00:00' },
];

/** A queue's hours: the stored ones per weekday, the defaults for any day missing. */
export function withDefaultSchedules(stored: ScheduleEntry[] | undefined): ScheduleEntry[] {
  return DEFAULT_SCHEDULES.map((day) => stored?.find((s) => s.weekdayEn === day.weekdayEn) ?? day);
}

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
/** A day's `weekdayEn` (`ScheduleEntrySchema`): one of the seven the hours table lists. */
const weekdayEn = () =>
  z.custom<ScheduleEntry['weekdayEn']>((value) => DEFAULT_SCHEDULES.some((day) => day.weekdayEn === value));

/** The queue form (spec §5): name 2 to 50 and required, colour required, order a number 0 or more. */
export function queueFormSchema(t: (key: string) => string) {
  const time = z.string().regex(HHMM, t('queues.dialog.invalidTime'));
  const text = { required: t('common.required'), tooShort: t('management.tooShort'), tooLong: t('management.tooLong') };
  return z.object({
    name: textField(QueueBodySchema.shape.name, text),
    color: textField(QueueBodySchema.shape.color, text),
    orderQueue: z.coerce
      .number({ error: t('queues.dialog.orderMin') })
      .int()
      .min(0, t('queues.dialog.orderMin')),
    greetingMessage: z.string(),
    outOfHoursMessage: z.string(),
    integrationId: z.string().transform((v) => (v ? Number(v) : null)),
    promptId: z.string().transform((v) => (v ? Number(v) : null)),
    autoAssign: z.boolean(),
    schedules: z.array(z.object({ weekday: z.string(), weekdayEn: weekdayEn(), startTime: time, endTime: time })),
  });
}

/** The message of a failed queue delete (spec §8): 409 → the linked prompt/integration text; else the server's. */
export function queueDeleteError(
  error: unknown,
  t: (key: string) => string,
  translate: (error: unknown) => string,
): string {
  const status = (error as { status?: unknown } | null)?.status;
  if (status === 409) return t('queues.deleteInUse');
  const data = (error as { data?: { error?: unknown; message?: unknown } } | null)?.data;
  if (typeof data?.error === 'string' || typeof data?.message === 'string') return translate(error);
  return t('queues.deleteFailed');
}

/** The next option number of a menu level: one past the highest numeric option. */
export function nextOptionNumber(options: Array<{ option: string }>): string {
  const numbers = options.map((o) => Number(o.option)).filter((n) => Number.isInteger(n));
  return String(numbers.length ? Math.max(...numbers) + 1 : 1);
}
