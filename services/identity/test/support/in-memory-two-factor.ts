import { DomainError } from '@cs/platform/errors';
import type { LoginThrottle } from '../../src/modules/auth/login-throttle.js';
import { newRecoveryCodes, normalizeRecoveryCode } from '../../src/modules/auth/two-factor/two-factor.rules.js';
import type { Challenge, StoredTwoFactor, TwoFactorStore } from '../../src/modules/auth/two-factor/two-factor.store.js';

/**
 * One user's two-factor rows in memory, with the store's guarantees: a time step is taken only when later than the
 * last one taken (and, unless confirming, only once enrolment is confirmed); a pending secret is replaced, a
 * confirmed one never; a new set of recovery codes replaces the old; a recovery code and a challenge are each
 * spent once.
 */
export function inMemoryTwoFactor(options: {
  /** Null: no secret stored (never enrolled). */
  secret: string | null;
  confirmed: boolean;
  recoveryCodes?: readonly string[];
  challenges?: ReadonlyMap<string, Challenge>;
}) {
  const state = {
    secret: options.secret,
    confirmedAt: options.confirmed ? '2026-12-01T00:00:00.000Z' : null,
    lastUsedStep: null as number | null,
  };
  const unusedCodes = new Set((options.recoveryCodes ?? []).map((code) => normalizeRecoveryCode(code)));
  const challenges = new Map(options.challenges);
  const stored = (): StoredTwoFactor => {
    if (state.secret === null) throw new Error('no second factor stored');
    return { secret: state.secret, confirmedAt: state.confirmedAt, lastUsedStep: state.lastUsedStep };
  };
  const store = {
    find: async () => (state.secret === null ? null : stored()),
    savePending: async (_manager: unknown, _companyId: number, _userId: number, secret: string) => {
      if (state.confirmedAt) return false;
      Object.assign(state, { secret, lastUsedStep: null });
      return true;
    },
    issueRecoveryCodes: async () => {
      const shown = newRecoveryCodes();
      unusedCodes.clear();
      for (const code of shown) unusedCodes.add(normalizeRecoveryCode(code));
      return shown;
    },
    recoveryCodesLeft: async () => unusedCodes.size,
    useStep: async (_manager: unknown, _companyId: number, _userId: number, step: number, flags = {}) => {
      const confirm = (flags as { confirm?: boolean }).confirm === true;
      if ((state.lastUsedStep !== null && state.lastUsedStep >= step) || (!state.confirmedAt && !confirm)) return false;
      state.lastUsedStep = step;
      state.confirmedAt ??= new Date().toISOString();
      return true;
    },
    useRecoveryCode: async (_manager: unknown, _companyId: number, _userId: number, normalized: string) =>
      unusedCodes.delete(normalized),
    findChallenge: async (_manager: unknown, token: string) => challenges.get(token) ?? null,
    closeChallenge: async (_manager: unknown, token: string) => challenges.delete(token),
  } as unknown as TwoFactorStore;
  return { store, stored, state };
}

/** A login throttle that keeps the failures and clears it was given, refusing while `blocked` says so. */
export function throttleRecorder(blocked: () => boolean = () => false) {
  const failures: string[] = [];
  const clears: string[] = [];
  const throttle = {
    assertAllowed: async () => {
      if (blocked()) throw new DomainError('ERR_TOO_MANY_REQUESTS', { details: { retryAfter: 30 } });
    },
    recordFailure: async (email: string, ip: string) => {
      failures.push(`${email} ${ip}`);
    },
    clear: async (email: string, ip: string) => {
      clears.push(`${email} ${ip}`);
    },
  } as unknown as LoginThrottle;
  return { throttle, failures, clears };
}
