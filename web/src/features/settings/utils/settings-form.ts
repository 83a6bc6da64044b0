import type { ScheduleEntry } from '@cs/proto/events';
import { z } from 'zod';
import { CompanyRequestSchema, HelpRequestSchema, PlanRequestSchema } from '@cs/proto/http';
import { textField } from '../../../lib/form-rules';

type T = (key: string) => string;

/** A setting shown as a choice: its key and the values it accepts (administration-and-extended.md §3). */
export interface ChoiceSetting {
  key: string;
  options: readonly string[];
}

/** The General sub-tab: every setting key of the spec with a fixed set of values. */
export const GENERAL_SETTINGS: readonly ChoiceSetting[] = [
  { key: 'userRating', options: ['disabled', 'enabled'] },
  { key: 'scheduleType', options: ['disabled', 'queue', 'company'] },
  { key: 'CheckMsgIsGroup', options: ['enabled', 'disabled'] },
  { key: 'call', options: ['enabled', 'disabled'] },
  { key: 'chatBotType', options: ['text', 'button', 'list'] },
  { key: 'sendGreetingAccepted', options: ['enabled', 'disabled'] },
  { key: 'sendMsgTransfTicket', options: ['enabled', 'disabled'] },
  { key: 'sendGreetingMessageOneQueues', options: ['enabled', 'disabled'] },
  { key: 'userCreation', options: ['enabled', 'disabled'] },
  { key: 'twoFactorRequired', options: ['disabled', 'enabled'] },
];

/** Days a closed ticket's messages and media are kept (empty: always); tickets' retention job erases them after. */
export const RETENTION_SETTING = 'messageRetentionDays';

/** The Integrations sub-tab: the tenant's keys for IXC, MK-Auth and Asaas, grouped as the spec's screen shows. */
export const INTEGRATION_GROUPS: ReadonlyArray<{ group: string; keys: readonly string[] }> = [
  { group: 'ixc', keys: ['ipixc', 'tokenixc'] },
  { group: 'mkauth', keys: ['ipmkauth', 'clientidmkauth', 'clientsecretmkauth'] },
  { group: 'asaas', keys: ['asaas'] },
];

/** Keys whose value is a secret: typed in a password field, and shown masked when the server masks them. */
export const SECRET_KEYS: ReadonlySet<string> = new Set(['tokenixc', 'clientsecretmkauth', 'asaas']);

/** A value the server masked for display (e.g. `••••1234`, `****`): never sent back. */
export function isMasked(value: string | undefined): boolean {
  return typeof value === 'string' && /[*•]{3,}/.test(value);
}

/**
 * What to send when a text setting loses focus: nothing when the user did not change it (a masked secret
 * stays untouched on the server), else the typed value.
 */
export function changedValue(stored: string | undefined, draft: string): string | null {
  if (draft === (isMasked(stored) ? '' : (stored ?? ''))) return null;
  return draft;
}

export const RECURRENCES = ['MENSAL', 'BIMESTRAL', 'TRIMESTRAL', 'SEMESTRAL', 'ANUAL'] as const;

/** A date input's value as the server takes it: YYYY-MM-DD, or null when empty or not a real date. */
export function dueDateOrNull(value: string | null | undefined): string | null {
  const text = (value ?? '').trim().slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return null;
  const date = new Date(`${text}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== text ? null : text;
}

/** The super user's company form (spec §5): email and plan required; an empty or bad due date becomes null. */
export function companyFormSchema(t: T, creating: boolean) {
  return z.object({
    name: textField(CompanyRequestSchema.shape.name, {
      required: t('common.required'),
      tooShort: t('management.tooShort'),
      tooLong: t('management.tooLong'),
    }),
    email: z
      .string()
      .trim()
      .min(1, t('common.required'))
      .pipe(z.email(t('admin.companies.invalidEmail'))),
    phone: z.string().trim().optional(),
    planId: z
      .union([z.string(), z.number()])
      .transform((v) => Number(v))
      .pipe(
        z
          .number({ error: t('common.required') })
          .int(t('common.required'))
          .positive(t('common.required')),
      ),
    status: z.boolean(),
    dueDate: z.string().nullable().optional().transform(dueDateOrNull),
    recurrence: z.enum(RECURRENCES),
    campaignsEnabled: z.boolean(),
    password: creating
      ? z
          .string()
          .optional()
          .transform((v) => (v ? v : undefined))
          .pipe(z.string().min(5, t('admin.companies.passwordShort')).max(50).optional())
      : z
          .string()
          .optional()
          .transform(() => undefined),
  });
}

/** Days from today to a due date (calendar days, local time), or null without a valid date. */
export function daysToDue(dueDate: string | null | undefined, now: Date = new Date()): number | null {
  const due = dueDateOrNull(dueDate);
  if (!due) return null;
  const [y, m, d] = due.split('-').map(Number) as [number, number, number];
  const dueDay = Date.UTC(y, m - 1, d);
  const today = Date.UTC(now.getFullYear(), now.getMonth(), now.getDate());
  return Math.round((dueDay - today) / 86_400_000);
}

/** The companies table's row colour by days to due date (spec §2, as given): 5 yellow, -3 to 4 orange, -4 red. */
export function dueRowColor(dueDate: string | null | undefined, now: Date = new Date()): string | undefined {
  const days = daysToDue(dueDate, now);
  if (days === null) return undefined;
  if (days === 5) return 'yellow';
  if (days >= -3 && days <= 4) return 'orange';
  if (days === -4) return 'red';
  return undefined;
}

const count = (t: T) =>
  z
    .union([z.string(), z.number()])
    .transform((v) => (v === '' ? 0 : Number(v)))
    .pipe(
      z
        .number({ error: t('admin.plans.invalidNumber') })
        .int(t('admin.plans.invalidNumber'))
        .min(0, t('admin.plans.invalidNumber')),
    );

export const PLAN_FLAGS = [
  'useCampaigns',
  'useSchedules',
  'useInternalChat',
  'useExternalApi',
  'useKanban',
  'useOpenAi',
  'useIntegrations',
] as const;

/** The plan form (spec §3): name required; users, connections, queues and value (R$) default to 0. */
export function planFormSchema(t: T) {
  return z.object({
    name: textField(PlanRequestSchema.shape.name, { required: t('common.required'), tooLong: t('management.tooLong') }),
    users: count(t),
    connections: count(t),
    queues: count(t),
    value: z
      .union([z.string(), z.number()])
      .transform((v) =>
        typeof v === 'number' ? v : v.trim() === '' ? 0 : Number(v.replace(/\./g, '').replace(',', '.')),
      )
      .pipe(z.number({ error: t('admin.plans.invalidNumber') }).min(0, t('admin.plans.invalidNumber'))),
    useCampaigns: z.boolean(),
    useSchedules: z.boolean(),
    useInternalChat: z.boolean(),
    useExternalApi: z.boolean(),
    useKanban: z.boolean(),
    useOpenAi: z.boolean(),
    useIntegrations: z.boolean(),
    public: z.boolean(),
  });
}

/** A plan flag reads 'No' only when it is strictly false (a missing flag counts as allowed). */
export const flagAllowed = (value: boolean | null | undefined): boolean => value !== false;

/** The help form: title required; the video code and description optional. */
export function helpFormSchema(t: T) {
  const text = { required: t('common.required'), tooLong: t('management.tooLong') };
  return z.object({
    title: textField(HelpRequestSchema.shape.title, text),
    video: textField(HelpRequestSchema.shape.video, text),
    description: textField(HelpRequestSchema.shape.description, text, { trim: false }),
  });
}

/** The company's weekly hours (Schedules tab): HH:MM times. */
export function schedulesFormSchema(t: T) {
  const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, t('admin.schedules.invalidTime'));
  const weekdayEn = z.custom<ScheduleEntry['weekdayEn']>((value) => typeof value === 'string');
  return z.array(z.object({ weekday: z.string(), weekdayEn, startTime: time, endTime: time }));
}
