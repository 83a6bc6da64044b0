import type { Invoice } from '../api/billing-api';

/** Today as YYYY-MM-DD in the browser's time zone. */
export const todayIso = (now: Date = new Date()): string =>
  `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;

/** Spec §4: paid → Pago; unpaid with the due date before today → Vencido (row tinted); else Em Aberto. */
export function invoiceStatus(
  invoice: Pick<Invoice, 'status' | 'dueDate'>,
  now: Date = new Date(),
): 'paid' | 'overdue' | 'open' {
  if (invoice.status === 'paid') return 'paid';
  return invoice.dueDate < todayIso(now) ? 'overdue' : 'open';
}

/** YYYY-MM-DD → DD/MM/YYYY (pt-br), without time-zone shifts. */
export function formatDueDate(value: string | null | undefined): string {
  if (!value) return '';
  const [year, month, day] = value.slice(0, 10).split('-');
  return `${day}/${month}/${year}`;
}

/** Whole days from today to a due date (negative once it has passed). */
export function daysUntil(dueDate: string | null | undefined, now: Date = new Date()): number | null {
  if (!dueDate) return null;
  const [y, m, d] = dueDate.slice(0, 10).split('-').map(Number) as [number, number, number];
  const today = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  return Math.round((new Date(y, m - 1, d).getTime() - today.getTime()) / 86_400_000);
}

/** The company is past its due date (the gateway then lets it reach only billing and sign-in). */
export const isExpired = (dueDate: string | null | undefined, now: Date = new Date()): boolean =>
  Boolean(dueDate) && (dueDate as string).slice(0, 10) < todayIso(now);
