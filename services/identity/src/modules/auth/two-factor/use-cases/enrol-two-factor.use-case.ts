import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { TwoFactorSetup, TwoFactorVerifyRequest } from '@cs/proto/http';
import { APP_CONFIG } from '@cs/platform/config';
import { TransactionHost } from '@cs/platform/database';
import { DomainError, validationError } from '@cs/platform/errors';
import type { Identity } from '@cs/platform/tenancy';
import type { IdentityConfig } from '../../../../config/env.js';
import { UserEntity } from '../../../users/user.entity.js';
import type { ClientMeta } from '../../sessions.js';
import { SignIn, type SignedIn } from '../../sign-in.js';
import { TwoFactorCodes } from '../two-factor-codes.js';
import { newTotpSecret, otpauthUrl } from '../two-factor.rules.js';
import { TwoFactorStore } from '../two-factor.store.js';

/**
 * Enrolling an authenticator app: a new secret is kept sealed and pending (its QR code is the `otpauthUrl`), a
 * first code confirms it, and ten one-time recovery codes are handed out once (stored as hashes). Signed in
 * (`/auth/two-factor/setup[/confirm]`), or during a sign-in that must enrol (`/auth/two-factor/enrolment[/confirm]`,
 * with the challenge of the password step), where the confirmation also opens the session.
 */
@Injectable()
export class EnrolTwoFactorUseCase {
  private readonly issuer: string;

  constructor(
    @Inject(APP_CONFIG) config: IdentityConfig,
    private readonly transactions: TransactionHost,
    private readonly store: TwoFactorStore,
    private readonly codes: TwoFactorCodes,
    private readonly signIn: SignIn,
  ) {
    this.issuer = config.TWO_FACTOR_ISSUER;
  }

  /** Signed in: a new pending secret (ERR_TWO_FACTOR_ALREADY_ENABLED once one is confirmed). */
  async begin(caller: Identity): Promise<TwoFactorSetup> {
    return this.transactions.run(async (manager) => this.beginFor(manager, await this.userOf(manager, caller)));
  }

  /** Signed in: the first code confirms the pending secret; the recovery codes, shown once. */
  async confirm(caller: Identity, code: string, ip: string): Promise<string[]> {
    return this.transactions.run(async (manager) =>
      this.confirmFor(manager, await this.userOf(manager, caller), code, ip),
    );
  }

  /** A sign-in that must enrol: a new pending secret for the challenge's user. */
  async beginForChallenge(challengeToken: string): Promise<TwoFactorSetup> {
    return this.transactions.run(async (manager) =>
      this.beginFor(manager, await this.challengeUser(manager, challengeToken)),
    );
  }

  /** A sign-in that must enrol: the first code confirms the secret and opens the session. */
  async confirmForChallenge(
    input: TwoFactorVerifyRequest,
    meta: ClientMeta,
  ): Promise<SignedIn & { recoveryCodes: string[] }> {
    return this.transactions.run(async (manager) => {
      const user = await this.challengeUser(manager, input.challengeToken);
      const recoveryCodes = await this.confirmFor(manager, user, input.code, meta.ip);
      if (!(await this.store.closeChallenge(manager, input.challengeToken))) {
        throw new DomainError('ERR_TWO_FACTOR_CHALLENGE_EXPIRED');
      }
      return { ...(await this.signIn.complete(manager, user, meta)), recoveryCodes };
    });
  }

  private async beginFor(manager: EntityManager, user: UserEntity): Promise<TwoFactorSetup> {
    const secret = newTotpSecret();
    if (!(await this.store.savePending(manager, user.companyId, user.id, secret))) {
      throw new DomainError('ERR_TWO_FACTOR_ALREADY_ENABLED');
    }
    return { secret, otpauthUrl: otpauthUrl(secret, this.issuer, user.email) };
  }

  private async confirmFor(manager: EntityManager, user: UserEntity, code: string, ip: string): Promise<string[]> {
    const stored = await this.store.find(manager, user.companyId, user.id);
    if (stored?.confirmedAt) throw new DomainError('ERR_TWO_FACTOR_ALREADY_ENABLED');
    if (!stored) throw validationError([{ path: 'code', message: 'Gere um novo QR code e tente de novo' }]);
    await this.codes.accept({ manager, user, stored, code, ip, allowRecovery: false, confirm: true });
    return this.store.issueRecoveryCodes(manager, user.companyId, user.id);
  }

  private async userOf(manager: EntityManager, caller: Identity): Promise<UserEntity> {
    const user = await manager.findOne(UserEntity, { where: { id: caller.userId, companyId: caller.companyId } });
    if (!user) throw new DomainError('ERR_SESSION_EXPIRED');
    return user;
  }

  private async challengeUser(manager: EntityManager, token: string): Promise<UserEntity> {
    const challenge = await this.store.findChallenge(manager, token);
    const user =
      challenge?.purpose === 'enrol'
        ? await manager.findOne(UserEntity, { where: { id: challenge.userId, companyId: challenge.companyId } })
        : null;
    if (!user) throw new DomainError('ERR_TWO_FACTOR_CHALLENGE_EXPIRED');
    return user;
  }
}
