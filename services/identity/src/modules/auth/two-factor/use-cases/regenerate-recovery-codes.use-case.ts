import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { TwoFactorRecoveryCodesRequest } from '@cs/proto/http';
import { AuditTrail } from '@cs/platform/audit';
import { TransactionHost } from '@cs/platform/database';
import { DomainError, validationError } from '@cs/platform/errors';
import type { Identity } from '@cs/platform/tenancy';
import { UserEntity } from '../../../users/user.entity.js';
import { LoginThrottle } from '../../login-throttle.js';
import { PasswordHasher } from '../../password-hasher.js';
import { TwoFactorCodes } from '../two-factor-codes.js';
import { TwoFactorStore } from '../two-factor.store.js';

/**
 * `POST /auth/two-factor/recovery-codes {code | password}`: a user with two-factor sign-in on replaces their
 * recovery codes, proving it with a current authenticator code (a recovery code does not count) or the account's
 * password. Every earlier code stops working in the same transaction; the new ones are answered once and stored as
 * hashes. Wrong proofs are throttled like sign-in failures (ERR_TWO_FACTOR_INVALID_CODE, or ERR_VALIDATION on
 * `password`). Audited as `user.recovery-codes-regenerated` (how many codes ended and were issued, never a code),
 * as the audit trail records an admin's or a super user's own changes.
 */
@Injectable()
export class RegenerateRecoveryCodesUseCase {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly store: TwoFactorStore,
    private readonly codes: TwoFactorCodes,
    private readonly throttle: LoginThrottle,
    private readonly hasher: PasswordHasher,
    private readonly audit: AuditTrail,
  ) {}

  async execute(caller: Identity, input: TwoFactorRecoveryCodesRequest, ip: string): Promise<string[]> {
    return this.transactions.run(async (manager) => {
      const user = await manager.findOne(UserEntity, { where: { id: caller.userId, companyId: caller.companyId } });
      if (!user) throw new DomainError('ERR_SESSION_EXPIRED');
      const stored = await this.store.find(manager, user.companyId, user.id);
      if (!stored?.confirmedAt) throw new DomainError('ERR_TWO_FACTOR_NOT_ENABLED');
      if (input.code !== undefined) {
        await this.codes.accept({ manager, user, stored, code: input.code, ip, allowRecovery: false });
      } else {
        await this.provePassword(user, input.password ?? '', ip);
      }
      return this.replace(manager, user);
    });
  }

  private async provePassword(user: UserEntity, password: string, ip: string): Promise<void> {
    const email = user.email.toLowerCase();
    await this.throttle.assertAllowed(email, ip);
    if (!(await this.hasher.verify(password, user.passwordHash))) {
      await this.throttle.recordFailure(email, ip);
      throw validationError([{ path: 'password', message: 'Senha incorreta' }]);
    }
    await this.throttle.clear(email, ip);
  }

  private async replace(manager: EntityManager, user: UserEntity): Promise<string[]> {
    const left = await this.store.recoveryCodesLeft(manager, user.companyId, user.id);
    const recoveryCodes = await this.store.issueRecoveryCodes(manager, user.companyId, user.id);
    await this.audit.record({
      action: 'user.recovery-codes-regenerated',
      companyId: user.companyId,
      target: { type: 'user', id: user.id, label: user.name },
      before: { recoveryCodes: `${left} left (ended)` },
      after: { recoveryCodes: `${recoveryCodes.length} new` },
    });
    return recoveryCodes;
  }
}
