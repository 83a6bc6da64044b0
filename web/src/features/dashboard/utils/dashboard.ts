import { zonedParts } from '../../../lib/format';
import type { DashboardArgs } from '../api/dashboard-api';
/** The dashboard's filter (spec §2): by date (start and end) or by period (none, 3, 7, 15, 30, 60, 90 days). */
export type FilterType = 'date' | 'period';
export const PERIODS = [0, 3, 7, 15, 30, 60, 90] as const;

export interface DashboardFilter {
  type: FilterType;
  dateFrom: string;
  dateTo: string;
  period: number;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** The day of `date` in `timeZone` (the company's: the server reads the dashboard's days in it), else the browser's. */
export const isoDay = (date: Date, timeZone?: string): string => {
  if (timeZone) {
    const { year, month, day } = zonedParts(date, timeZone);
    return `${year}-${month}-${day}`;
  }
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
};

/** Defaults: by date, from the first of the month to today (in `timeZone`, the company's, when given). */
export function defaultFilter(now: Date = new Date(), timeZone?: string): DashboardFilter {
  const today = isoDay(now, timeZone);
  return { type: 'date', dateFrom: `${today.slice(0, 8)}01`, dateTo: today, period: 0 };
}

/** A `YYYY-MM-DD` that names a real day, else null. */
export function validDay(value: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(year, month - 1, day);
  return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day ? value.trim() : null;
}

/**
 * The query of `GET /dashboard`, or null when the filter says nothing ("Parametrize o filtro"). Empty or invalid
 * dates count as null and are left out of the query, as the spec's client's null parameters are.
 */
export function dashboardParams(filter: DashboardFilter): DashboardArgs | null {
  if (filter.type === 'period') return filter.period > 0 ? { days: String(filter.period) } : null;
  const from = validDay(filter.dateFrom);
  const to = validDay(filter.dateTo);
  if (!from && !to) return null;
  return { ...(from ? { date_from: from } : {}), ...(to ? { date_to: to } : {}) };
}

/** Minutes as hours and minutes: `{hours, minutes}` (a missing or invalid value is 0). */
export function splitMinutes(value: number | string | null | undefined): { hours: number; minutes: number } {
  const total = Math.max(0, Math.round(Number(value) || 0));
  return { hours: Math.floor(total / 60), minutes: total % 60 };
}

/** The chart's 24 hourly slots from the server's series (missing or malformed: all zero). */
export function hourlySlots(series: unknown): number[] {
  if (!Array.isArray(series) || series.length !== 24) return Array.from({ length: 24 }, () => 0);
  return series.map((value) => Math.max(0, Number(value) || 0));
}

/** The 1–3 star rating shown for an average (0 or missing: no rating). */
export function stars(rating: number | string | null | undefined): 0 | 1 | 2 | 3 {
  const value = Math.round(Number(rating) || 0);
  return value <= 0 ? 0 : value >= 3 ? 3 : (value as 1 | 2);
}

/** `DD/MM/yyyy` of a due date (`YYYY-MM-DD` or an ISO date-time), read without a time-zone shift. */
export function formatDueDate(value: string | null | undefined): string | null {
  if (!value) return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : null;
}
