import { Injectable } from '@nestjs/common';
import type { TwoFactorStatus } from '@cs/proto/http';
import { TransactionHost } from '@cs/platform/database';
import { DomainError } from '@cs/platform/errors';
import { EventPublisher } from '@cs/platform/events';
import type { Identity } from '@cs/platform/tenancy';
import { UserEntity } from '../../../users/user.entity.js';
import { revokeSessions } from '../../sessions.js';
import { TwoFactorCodes } from '../two-factor-codes.js';
import { TwoFactorPolicy } from '../two-factor.policy.js';
import { TwoFactorStore } from '../two-factor.store.js';

/**
 * `POST /auth/two-factor/disable {code}`: a user turns their own second factor off, proving it with a current code
 * (or a recovery code). Refused (ERR_TWO_FACTOR_MANDATORY) while their company or the platform requires it.
 * Their other sessions end (refresh-token families revoked, the gateways told); the one that asked stays open.
 */
@Injectable()
export class DisableTwoFactorUseCase {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly store: TwoFactorStore,
    private readonly codes: TwoFactorCodes,
    private readonly policy: TwoFactorPolicy,
    private readonly events: EventPublisher,
  ) {}

  async execute(caller: Identity, code: string, ip: string): Promise<TwoFactorStatus> {
    return this.transactions.run(async (manager) => {
      const user = await manager.findOne(UserEntity, { where: { id: caller.userId, companyId: caller.companyId } });
      if (!user) throw new DomainError('ERR_SESSION_EXPIRED');
      const stored = await this.store.find(manager, user.companyId, user.id);
      if (!stored?.confirmedAt) throw new DomainError('ERR_TWO_FACTOR_NOT_ENABLED');
      const required = await this.policy.requires(manager, user);
      if (required) throw new DomainError('ERR_TWO_FACTOR_MANDATORY');
      await this.codes.accept({ manager, user, stored, code, ip, allowRecovery: true });
      await this.store.remove(manager, user.companyId, user.id);
      await revokeSessions(
        manager,
        this.events,
        user,
        'two-factor-disabled',
        caller.sessionId ? { exceptSessionId: caller.sessionId } : {},
      );
      return { enabled: false, required, enabledAt: null, recoveryCodesLeft: 0 };
    });
  }
}
