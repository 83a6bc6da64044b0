import { TRIAL_DAYS, type SignupRequest } from '@cs/proto/http';
import type { SignupBody } from '../../../api/endpoints/auth';

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/**
 * The spec's signup body from the validated form (`SignupRequestSchema` already lowercased the email and kept the
 * phone's digits): a 3-day trial, MENSAL recurrence, active, campaigns enabled, and the optional companyId.
 */
export function signupBody(values: SignupRequest, companyId: number | null, now: Date = new Date()): SignupBody {
  const body: SignupBody = {
    ...values,
    recurrence: 'MENSAL',
    dueDate: isoDay(new Date(now.getTime() + TRIAL_DAYS * 24 * 60 * 60 * 1000)),
    status: 't',
    campaignsEnabled: true,
  };
  if (companyId !== null) body.companyId = companyId;
  return body;
}
