import { Injectable } from '@nestjs/common';
import type { LoginRequest, TwoFactorChallenge } from '@cs/proto/http';
import { TransactionHost } from '@cs/platform/database';
import { DomainError } from '@cs/platform/errors';
import { UserEntity } from '../../users/user.entity.js';
import { LoginThrottle } from '../login-throttle.js';
import { PasswordHasher } from '../password-hasher.js';
import { SignIn, type SignedIn } from '../sign-in.js';
import type { ClientMeta } from '../sessions.js';
import { TwoFactorPolicy } from '../two-factor/two-factor.policy.js';
import { CHALLENGE_TTL_SECONDS } from '../two-factor/two-factor.rules.js';
import { TwoFactorStore } from '../two-factor/two-factor.store.js';

export type { SignedIn } from '../sign-in.js';

type Outcome =
  | { readonly kind: 'signed-in'; readonly result: SignedIn }
  | { readonly kind: 'challenge'; readonly purpose: 'verify' | 'enrol'; readonly token: string };

/**
 * `POST /auth/login`. Throttled per (e-mail, IP) with back-off, and per e-mail and per IP with larger budgets (`LoginThrottle`); wrong credentials are
 * 401 ERR_INVALID_CREDENTIALS whether or not the e-mail exists. A legacy bcrypt hash is rehashed with argon2id.
 *
 * A user with a second factor, or one who must enrol one, gets no session yet: a 401 ERR_TWO_FACTOR_REQUIRED
 * (or ERR_TWO_FACTOR_ENROLMENT_REQUIRED) whose `details` hold a short-lived challenge token for the second step
 * (`/auth/two-factor/...`). Clients that know no second step (the established Whaticket client) show that error.
 * Otherwise the sign-in completes (`SignIn`).
 */
@Injectable()
export class LogInUseCase {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly hasher: PasswordHasher,
    private readonly throttle: LoginThrottle,
    private readonly signIn: SignIn,
    private readonly policy: TwoFactorPolicy,
    private readonly twoFactor: TwoFactorStore,
  ) {}

  async execute(input: LoginRequest, meta: ClientMeta): Promise<SignedIn> {
    const email = input.email.trim().toLowerCase();
    await this.throttle.assertAllowed(email, meta.ip);
    const user = await this.transactions.manager
      .createQueryBuilder(UserEntity, 'user')
      .where('lower(user.email) = :email', { email })
      .getOne();
    const valid = user
      ? await this.hasher.verify(input.password, user.passwordHash)
      : await this.hasher.verifyDecoy(input.password);
    if (!user || !valid) {
      await this.throttle.recordFailure(email, meta.ip);
      throw new DomainError('ERR_INVALID_CREDENTIALS');
    }
    const rehash = this.hasher.needsRehash(user.passwordHash) ? await this.hasher.hash(input.password) : null;

    const outcome = await this.transactions.run(async (manager): Promise<Outcome> => {
      if (rehash)
        await manager.update(UserEntity, { id: user.id, companyId: user.companyId }, { passwordHash: rehash });
      const step = await this.policy.secondStepOf(manager, user);
      if (step !== 'none') {
        const token = await this.twoFactor.openChallenge(manager, user.companyId, user.id, step);
        return { kind: 'challenge', purpose: step, token };
      }
      return { kind: 'signed-in', result: await this.signIn.complete(manager, user, meta) };
    });
    if (outcome.kind === 'signed-in') return outcome.result;
    const details: TwoFactorChallenge = { challengeToken: outcome.token, expiresIn: CHALLENGE_TTL_SECONDS };
    throw new DomainError(
      outcome.purpose === 'verify' ? 'ERR_TWO_FACTOR_REQUIRED' : 'ERR_TWO_FACTOR_ENROLMENT_REQUIRED',
      { details },
    );
  }
}
