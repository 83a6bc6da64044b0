import { Injectable } from '@nestjs/common';
import type { TwoFactorStatus } from '@cs/proto/http';
import { TransactionHost } from '@cs/platform/database';
import { DomainError } from '@cs/platform/errors';
import type { Identity } from '@cs/platform/tenancy';
import { UserEntity } from '../../users/user.entity.js';
import { TwoFactorPolicy } from './two-factor.policy.js';
import { TwoFactorStore } from './two-factor.store.js';

@Injectable()
export class TwoFactorQueries {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly store: TwoFactorStore,
    private readonly policy: TwoFactorPolicy,
  ) {}

  /** `GET /auth/two-factor`: the caller's state (a pending, unconfirmed secret counts as not enabled). */
  async status(caller: Identity): Promise<TwoFactorStatus> {
    const manager = this.transactions.manager;
    const user = await manager.findOne(UserEntity, { where: { id: caller.userId, companyId: caller.companyId } });
    if (!user) throw new DomainError('ERR_SESSION_EXPIRED');
    const stored = await this.store.find(manager, user.companyId, user.id);
    const enabled = stored?.confirmedAt !== null && stored?.confirmedAt !== undefined;
    return {
      enabled,
      required: await this.policy.requires(manager, user),
      enabledAt: enabled ? (stored?.confirmedAt ?? null) : null,
      recoveryCodesLeft: enabled ? await this.store.recoveryCodesLeft(manager, user.companyId, user.id) : 0,
    };
  }
}
