import { DomainError } from '@cs/platform/errors';
import type { LoginThrottle } from '../../src/modules/auth/login-throttle.js';
import { normalizeRecoveryCode } from '../../src/modules/auth/two-factor/two-factor.rules.js';
import type { Challenge, StoredTwoFactor, TwoFactorStore } from '../../src/modules/auth/two-factor/two-factor.store.js';

/**
 * One user's two-factor rows in memory, with the store's guarantees: a time step is taken only when later than the
 * last one taken (and, unless confirming, only once enrolment is confirmed); a recovery code and a challenge are
 * each spent once.
 */
export function inMemoryTwoFactor(options: {
  secret: string;
  confirmed: boolean;
  recoveryCodes?: readonly string[];
  challenges?: ReadonlyMap<string, Challenge>;
}) {
  const state = {
    confirmedAt: options.confirmed ? '2026-12-01T00:00:00.000Z' : null,
    lastUsedStep: null as number | null,
  };
  const unusedCodes = new Set((options.recoveryCodes ?? []).map((code) => normalizeRecoveryCode(code)));
  const challenges = new Map(options.challenges);
  const stored = (): StoredTwoFactor => ({ secret: options.secret, ...state });
  const store = {
    find: async () => stored(),
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
