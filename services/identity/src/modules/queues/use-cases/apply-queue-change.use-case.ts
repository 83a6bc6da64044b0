import { Injectable } from '@nestjs/common';
import type { EventOf } from '@cs/proto/common';
import { type QueueCreated, type QueueDeleted, type QueueUpdated, UserUpdated } from '@cs/proto/events';
import { TransactionHost } from '@cs/platform/database';
import { EventPublisher } from '@cs/platform/events';
import { UserEntity } from '../../users/user.entity.js';
import { toUserSnapshot } from '../../users/users.mapper.js';
import { QueueEntity } from '../queue.entity.js';

type QueueEvent = EventOf<typeof QueueCreated> | EventOf<typeof QueueUpdated> | EventOf<typeof QueueDeleted>;

/**
 * Keeps identity's queue projection (names and colours for `user.queues`, validation of users' queue ids). A
 * deleted queue leaves every user of the company that had it (identity.user.updated for each). The company is
 * the envelope's: a queue snapshot naming another company is ignored.
 */
@Injectable()
export class ApplyQueueChangeUseCase {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly events: EventPublisher,
  ) {}

  async execute(event: QueueEvent): Promise<void> {
    await this.transactions.run(async (manager) => {
      const companyId = event.companyId;
      switch (event.type) {
        case 'tickets.queue.created':
        case 'tickets.queue.updated': {
          if (event.data.companyId !== companyId) return;
          await manager.upsert(
            QueueEntity,
            { companyId, id: event.data.id, name: event.data.name, color: event.data.color },
            ['companyId', 'id'],
          );
          return;
        }
        case 'tickets.queue.deleted': {
          await manager.delete(QueueEntity, { companyId, id: event.data.id });
          const users = await manager
            .createQueryBuilder(UserEntity, 'user')
            .where('user.company_id = :companyId AND :queueId = ANY(user.queue_ids)', {
              companyId,
              queueId: event.data.id,
            })
            .getMany();
          for (const user of users) {
            user.queueIds = user.queueIds.filter((id) => id !== event.data.id);
            await manager.update(UserEntity, { id: user.id, companyId }, { queueIds: user.queueIds });
            await this.events.emit(UserUpdated, {
              companyId,
              key: user.id,
              data: toUserSnapshot(user),
              causationId: event.id,
            });
          }
          return;
        }
      }
    });
  }
}
