import { Injectable } from '@nestjs/common';
import type { TwoFactorVerifyRequest } from '@cs/proto/http';
import { TransactionHost } from '@cs/platform/database';
import { DomainError } from '@cs/platform/errors';
import { UserEntity } from '../../../users/user.entity.js';
import type { ClientMeta } from '../../sessions.js';
import { SignIn, type SignedIn } from '../../sign-in.js';
import { TwoFactorCodes } from '../two-factor-codes.js';
import { TwoFactorStore } from '../two-factor.store.js';

/**
 * `POST /auth/two-factor/verify`: the second step of a sign-in. The challenge (from the password step, 5 minutes)
 * and an authenticator code, or a recovery code, open the session; the challenge then ends. An unknown, expired
 * or spent challenge is 401 ERR_TWO_FACTOR_CHALLENGE_EXPIRED (back to the password); a wrong code 400
 * ERR_TWO_FACTOR_INVALID_CODE, counted by the login throttle.
 */
@Injectable()
export class VerifySignInCodeUseCase {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly store: TwoFactorStore,
    private readonly codes: TwoFactorCodes,
    private readonly signIn: SignIn,
  ) {}

  async execute(input: TwoFactorVerifyRequest, meta: ClientMeta): Promise<SignedIn> {
    return this.transactions.run(async (manager) => {
      const challenge = await this.store.findChallenge(manager, input.challengeToken);
      if (!challenge || challenge.purpose !== 'verify') throw new DomainError('ERR_TWO_FACTOR_CHALLENGE_EXPIRED');
      const user = await manager.findOne(UserEntity, {
        where: { id: challenge.userId, companyId: challenge.companyId },
      });
      const stored = user ? await this.store.find(manager, user.companyId, user.id) : null;
      if (!user || !stored?.confirmedAt) throw new DomainError('ERR_TWO_FACTOR_CHALLENGE_EXPIRED');
      await this.codes.accept({ manager, user, stored, code: input.code, ip: meta.ip, allowRecovery: true });
      if (!(await this.store.closeChallenge(manager, input.challengeToken))) {
        throw new DomainError('ERR_TWO_FACTOR_CHALLENGE_EXPIRED');
      }
      return this.signIn.complete(manager, user, meta);
    });
  }
}
