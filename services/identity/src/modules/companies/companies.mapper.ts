import type { CompanySnapshot, PlanSnapshot, ScheduleEntry } from '@cs/proto/events';
import type { Plan } from '@cs/proto/http';
import type { CompanyEntity } from './company.entity.js';
import type { PlanEntity } from './plan.entity.js';
import { zonedParts } from '@cs/platform/time';

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

/** A plan as the plan routes answer (`Plan` of `@cs/proto/http`): the snapshot and its `public` flag. */
export const toPlanView = (plan: PlanEntity): Plan => ({ ...toPlanSnapshot(plan), public: plan.public });

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

/** The calendar date `days` after `now` in a time zone, as YYYY-MM-DD. */
export function dateInZonePlusDays(now: Date, timeZone: string, days: number): string {
  const { year, month, day } = zonedParts(now, timeZone);
  const date = new Date(Date.UTC(year, month - 1, day + days));
  return date.toISOString().slice(0, 10);
}

/** Months a recurrence adds to a due date (administration-and-extended.md §4). */
export const RECURRENCE_MONTHS = { MENSAL: 1, BIMESTRAL: 2, TRIMESTRAL: 3, SEMESTRAL: 6, ANUAL: 12 } as const;

/**
 * The next due date: `months` after the current due date, or after `today` when the company is already past it
 * (a late payment does not buy a period that already ran out). The day is clamped to the month's last day
 * (31 Jan + 1 month = 28/29 Feb).
 */
export function extendDueDate(current: string | null, months: number, today: string): string {
  const base = current !== null && current >= today ? current : today;
  const [year, month, day] = base.split('-').map(Number) as [number, number, number];
  const targetMonth = month - 1 + months;
  const lastDay = new Date(Date.UTC(year, targetMonth + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, targetMonth, Math.min(day, lastDay))).toISOString().slice(0, 10);
}
