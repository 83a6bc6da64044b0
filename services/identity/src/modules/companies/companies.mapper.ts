import type { CompanySnapshot, PlanSnapshot, ScheduleEntry } from '@cs/proto/events';
import type { CompanyEntity } from './company.entity.js';
import type { PlanEntity } from './plan.entity.js';

export const toPlanSnapshot = (plan: PlanEntity): PlanSnapshot => ({
  id: plan.id,
  name: plan.name,
  users: plan.users,
  connections: plan.connections,
  queues: plan.queues,
  value: plan.value,
  useCampaigns: plan.useCampaigns,
  useSchedules: plan.useSchedules,
  useInternalChat: plan.useInternalChat,
  useExternalApi: plan.useExternalApi,
  useKanban: plan.useKanban,
  useOpenAi: plan.useOpenAi,
  useIntegrations: plan.useIntegrations,
});

export const toCompanySnapshot = (
  company: CompanyEntity,
  plan: PlanEntity | null,
  settings: Record<string, string>,
): CompanySnapshot => ({
  id: company.id,
  name: company.name,
  email: company.email,
  phone: company.phone,
  status: company.status,
  dueDate: company.dueDate,
  recurrence: company.recurrence,
  timezone: company.timezone,
  schedules: company.schedules,
  plan: plan ? toPlanSnapshot(plan) : null,
  settings,
});

/** Opening hours a new company starts with: Mon-Fri 08:00-18:00, Sat 08:00-12:00, Sun 00:00-00:00. */
export const DEFAULT_SCHEDULES: readonly ScheduleEntry[] = [
  { weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '08:00', endTime: '18:00' },
  { weekday: 'Terça-feira', weekdayEn: 'tuesday', startTime: '08:00', endTime: '18:00' },
  { weekday: 'Quarta-feira', weekdayEn: 'wednesday', startTime: '08:00', endTime: '18:00' },
  { weekday: 'Quinta-feira', weekdayEn: 'thursday', startTime: '08:00', endTime: '18:00' },
  { weekday: 'Sexta-feira', weekdayEn: 'friday', startTime: '08:00', endTime: '18:00' },
  { weekday: 'Sábado', weekdayEn: 'saturday', startTime: '08:00', endTime: '12:00' },
  { weekday: 'Domingo', weekdayEn: 'sunday', startTime: '00:00', endTime: '00:00' },
];

/** The settings every new company gets (core-operations.md §3, administration-and-extended.md §3). */
export const DEFAULT_SETTINGS: Readonly<Record<string, string>> = {
  userRating: 'disabled',
  scheduleType: 'disabled',
  CheckMsgIsGroup: 'enabled',
  call: 'enabled',
  chatBotType: 'text',
  sendGreetingAccepted: 'disabled',
  sendMsgTransfTicket: 'disabled',
  sendGreetingMessageOneQueues: 'enabled',
  userCreation: 'enabled',
  campaignsEnabled: 'true',
};

/** The calendar date `days` after `now` in a time zone, as YYYY-MM-DD. */
export function dateInZonePlusDays(now: Date, timeZone: string, days: number): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
  const [year, month, day] = parts.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day + days));
  return date.toISOString().slice(0, 10);
}
