import { Injectable } from '@nestjs/common';
import { UserUpdated } from '@cs/proto/events';
import { TransactionHost } from '@cs/platform/database';
import { EventPublisher } from '@cs/platform/events';
import type { Identity } from '@cs/platform/tenancy';
import { UserEntity } from '../user.entity.js';
import { isOnline, toUserSnapshot } from '../users.mapper.js';

/**
 * Presence reported by the gateway (socket connected, `userStatus` every 5 minutes, last socket gone). Stored as
 * `online` + `last_seen_at`; the dashboard's online flag changes, and identity.user.updated (marked
 * `change: 'presence'`, which the gateway does not send to browsers) is emitted, only when the effective state
 * flips (not on every ping).
 */
@Injectable()
export class RecordPresenceUseCase {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly events: EventPublisher,
  ) {}

  async execute(caller: Identity, online: boolean, now: Date = new Date()): Promise<void> {
    await this.transactions.run(async (manager) => {
      const user = await manager.findOne(UserEntity, {
        where: { id: caller.userId, companyId: caller.companyId },
        lock: { mode: 'pessimistic_write' },
      });
      if (!user) return;
      const before = isOnline(user, now);
      user.online = online;
      user.lastSeenAt = now;
      await manager.update(UserEntity, { id: user.id, companyId: user.companyId }, { online, lastSeenAt: now });
      if (before !== isOnline(user, now)) {
        await this.events.emit(UserUpdated, {
          companyId: user.companyId,
          key: user.id,
          data: { ...toUserSnapshot(user), change: 'presence' },
        });
      }
    });
  }
}
