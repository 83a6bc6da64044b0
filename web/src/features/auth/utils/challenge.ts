import type { TwoFactorChallenge } from '@cs/proto/http';

export type SecondStep = { readonly kind: 'code' | 'enrol'; readonly challenge: TwoFactorChallenge };

/**
 * The second step a `POST /auth/login` error asks for: a code (`ERR_TWO_FACTOR_REQUIRED`) or an enrolment
 * (`ERR_TWO_FACTOR_ENROLMENT_REQUIRED`), with the challenge in the error's `details`; null for any other error.
 */
export function secondStepOf(error: unknown): SecondStep | null {
  if (typeof error !== 'object' || error === null || !('data' in error)) return null;
  const data = error.data;
  if (typeof data !== 'object' || data === null || !('error' in data) || !('details' in data)) return null;
  const kind =
    data.error === 'ERR_TWO_FACTOR_REQUIRED'
      ? 'code'
      : data.error === 'ERR_TWO_FACTOR_ENROLMENT_REQUIRED'
        ? 'enrol'
        : null;
  const details = data.details;
  if (!kind || typeof details !== 'object' || details === null) return null;
  const token = 'challengeToken' in details ? details.challengeToken : undefined;
  const expiresIn = 'expiresIn' in details ? details.expiresIn : undefined;
  if (typeof token !== 'string' || typeof expiresIn !== 'number') return null;
  return { kind, challenge: { challengeToken: token, expiresIn } };
}
