import { z } from 'zod';
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

export const COUNTRIES = ['BR', 'US'] as const;

const ZIP_FORMAT: Record<(typeof COUNTRIES)[number], RegExp> = {
  BR: /^\d{5}-?\d{3}$/,
  US: /^\d{5}(-\d{4})?$/,
};

/** Checkout step "Dados" (spec §5): every field required, with the spec's messages and the CEP format. */
export function checkoutSchema(messages: {
  fullName: string;
  address: string;
  city: string;
  zip: string;
  zipFormat: string;
  country: string;
}) {
  return z
    .object({
      firstName: z.string().trim().min(1, messages.fullName),
      address2: z.string().trim().min(1, messages.address),
      city: z.string().trim().min(1, messages.city),
      state: z.string().trim(),
      zipcode: z.string().trim().min(1, messages.zip),
      country: z.union([z.enum(COUNTRIES), z.literal('')]).refine((value) => value !== '', messages.country),
    })
    .superRefine((values, context) => {
      const format = values.country ? ZIP_FORMAT[values.country] : ZIP_FORMAT.BR;
      if (values.zipcode.trim() && !format.test(values.zipcode.trim())) {
        context.addIssue({ code: 'custom', path: ['zipcode'], message: messages.zipFormat });
      }
    });
}
export type CheckoutValues = z.input<ReturnType<typeof checkoutSchema>>;

/** The fields each step's "Next" validates. */
export const STEP_FIELDS: ReadonlyArray<ReadonlyArray<keyof CheckoutValues>> = [
  ['firstName', 'address2', 'city', 'state', 'zipcode', 'country'],
  [],
  [],
];
