import { AUDIT_SECRET_MASK } from '@cs/proto/events';

/** A logged value as the page shows it: text as it is, an empty one marked, anything else as compact JSON. */
export function formatAuditValue(value: unknown, empty: string): string {
  if (value === undefined || value === null || value === '') return empty;
  if (typeof value === 'string') return value === AUDIT_SECRET_MASK ? '••••••••' : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** A local calendar day (`YYYY-MM-DD` of a date input) as the instant it starts, or the next day's start. */
export function dayBoundary(day: string, edge: 'start' | 'end'): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return undefined;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + (edge === 'end' ? 1 : 0));
  return date.toISOString();
}
