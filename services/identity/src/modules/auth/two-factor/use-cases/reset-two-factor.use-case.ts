import { Injectable } from '@nestjs/common';
import { AuditTrail } from '@cs/platform/audit';
import { TransactionHost } from '@cs/platform/database';
import { DomainError } from '@cs/platform/errors';
import { EventPublisher } from '@cs/platform/events';
import type { Identity } from '@cs/platform/tenancy';
import { UserEntity } from '../../../users/user.entity.js';
import { revokeSessions } from '../../sessions.js';
import { TwoFactorStore } from '../two-factor.store.js';

/**
 * `DELETE /users/{id}/two-factor` (admins: a user of their company; super users: anyone): removes the user's
 * authenticator, recovery codes and open sign-in challenges, so their next sign-in is by password (and enrols
 * again where two-factor is required). Every session of the user ends with it (all refresh-token families are
 * revoked, so each device signs in again; an admin resetting their own keeps the session that asked). Access tokens
 * are not revoked here: the gateways refuse those sessions' tokens once the event reaches them, and a token issued
 * before lives at most its own lifetime (ACCESS_TOKEN_TTL_SECONDS, 15 minutes). Audited as `user.two-factor-reset`.
 */
@Injectable()
export class ResetTwoFactorUseCase {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly store: TwoFactorStore,
    private readonly audit: AuditTrail,
    private readonly events: EventPublisher,
  ) {}

  async execute(caller: Identity, userId: number): Promise<void> {
    await this.transactions.run(async (manager) => {
      const user = await manager.findOne(UserEntity, {
        where: caller.isSuper ? { id: userId } : { id: userId, companyId: caller.companyId },
      });
      if (!user) throw new DomainError('ERR_NO_USER_FOUND');
      const removed = await this.store.remove(manager, user.companyId, user.id);
      const own = user.id === caller.userId && user.companyId === caller.companyId && caller.sessionId;
      await revokeSessions(manager, this.events, user, 'two-factor-reset', own ? { exceptSessionId: own } : {});
      await this.audit.record({
        action: 'user.two-factor-reset',
        companyId: user.companyId,
        target: { type: 'user', id: user.id, label: user.name },
        before: { twoFactor: removed === 'confirmed' ? 'enabled' : removed === 'pending' ? 'pending' : 'disabled' },
        after: { twoFactor: 'disabled' },
      });
    });
  }
}
