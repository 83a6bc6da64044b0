import { SignupRequestSchema, TRIAL_DAYS } from '@cs/proto/http';
import type { SignupBody } from '../../../api/endpoints/auth';

export interface SignupValues {
  name: string;
  email: string;
  phone: string;
  password: string;
  planId: string;
}

export type SignupErrors = Partial<Record<keyof SignupValues, string>>;

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** Validates with the server's schema and builds the spec's body (3-day trial, MENSAL, email lowercased). */
export function buildSignup(
  values: SignupValues,
  companyId: number | null,
  now: Date = new Date(),
): { ok: true; body: SignupBody } | { ok: false; errors: SignupErrors } {
  const parsed = SignupRequestSchema.safeParse({ ...values, planId: values.planId === '' ? undefined : values.planId });
  if (!parsed.success) {
    const errors: SignupErrors = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as keyof SignupValues | undefined;
      if (field && !errors[field]) errors[field] = issue.message;
    }
    return { ok: false, errors };
  }
  const due = new Date(now.getTime() + TRIAL_DAYS * 24 * 60 * 60 * 1000);
  const body: SignupBody = {
    ...parsed.data,
    recurrence: 'MENSAL',
    dueDate: isoDay(due),
    status: 't',
    campaignsEnabled: true,
  };
  if (companyId !== null) body.companyId = companyId;
  return { ok: true, body };
}
