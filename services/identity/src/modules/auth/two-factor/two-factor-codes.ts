import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { DomainError } from '@cs/platform/errors';
import { LoginThrottle } from '../login-throttle.js';
import { checkTotp, normalizeRecoveryCode } from './two-factor.rules.js';
import { type StoredTwoFactor, TwoFactorStore } from './two-factor.store.js';

export interface CodeAttempt {
  readonly manager: EntityManager;
  readonly user: { readonly id: number; readonly companyId: number; readonly email: string };
  readonly stored: StoredTwoFactor;
  readonly code: string;
  /** The client address (throttling counts failures per e-mail and address, as for passwords). */
  readonly ip: string;
  /** A recovery code may stand in for the authenticator's code (sign-in, disabling). */
  readonly allowRecovery: boolean;
  /** The code confirms a pending enrolment. */
  readonly confirm?: boolean;
  readonly now?: Date;
}

/**
 * Accepts a second-factor code once: an authenticator code within the skew window and later than the last one
 * used, or an unused recovery code. Attempts are throttled with the password's `LoginThrottle` (the same budgets
 * per e-mail and address, a 429 with Retry-After); a wrong code counts as a failure and answers
 * ERR_TWO_FACTOR_INVALID_CODE.
 */
@Injectable()
export class TwoFactorCodes {
  constructor(
    private readonly store: TwoFactorStore,
    private readonly throttle: LoginThrottle,
  ) {}

  async accept(attempt: CodeAttempt): Promise<'totp' | 'recovery'> {
    const email = attempt.user.email.toLowerCase();
    await this.throttle.assertAllowed(email, attempt.ip);
    const used = await this.spend(attempt);
    if (!used) {
      await this.throttle.recordFailure(email, attempt.ip);
      throw new DomainError('ERR_TWO_FACTOR_INVALID_CODE');
    }
    await this.throttle.clear(email, attempt.ip);
    return used;
  }

  private async spend(attempt: CodeAttempt): Promise<'totp' | 'recovery' | null> {
    const { manager, user, stored } = attempt;
    const check = await checkTotp(stored.secret, attempt.code, stored.lastUsedStep, attempt.now);
    if (check.ok) {
      const fresh = await this.store.useStep(manager, user.companyId, user.id, check.step, {
        confirm: attempt.confirm === true,
      });
      return fresh ? 'totp' : null;
    }
    const recovery = attempt.allowRecovery && stored.confirmedAt ? normalizeRecoveryCode(attempt.code) : null;
    if (recovery && (await this.store.useRecoveryCode(manager, user.companyId, user.id, recovery))) return 'recovery';
    return null;
  }
}
