import { Injectable } from '@nestjs/common';
import type { EventOf } from '@cs/proto/common';
import {
  type ConnectionCreated,
  type ConnectionDeleted,
  type ConnectionUpdated,
  type SessionUpdated,
  UserUpdated,
} from '@cs/proto/events';
import { TransactionHost } from '@cs/platform/database';
import { EventPublisher } from '@cs/platform/events';
import { UserEntity } from '../../users/user.entity.js';
import { toUserSnapshot } from '../../users/users.mapper.js';
import { ConnectionEntity } from '../connection.entity.js';

type ConnectionEvent =
  | EventOf<typeof ConnectionCreated>
  | EventOf<typeof ConnectionUpdated>
  | EventOf<typeof ConnectionDeleted>
  | EventOf<typeof SessionUpdated>;

/**
 * Keeps identity's connection projection (id and name per company). A deleted connection stops being the
 * default connection of the company's users (identity.user.updated for each). The company is the envelope's.
 */
@Injectable()
export class ApplyConnectionChangeUseCase {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly events: EventPublisher,
  ) {}

  async execute(event: ConnectionEvent): Promise<void> {
    await this.transactions.run(async (manager) => {
      const companyId = event.companyId;
      if (event.type === 'whatsapp.connection.deleted') {
        await manager.delete(ConnectionEntity, { companyId, id: event.data.id });
        const users = await manager.find(UserEntity, { where: { companyId, whatsappId: event.data.id } });
        for (const user of users) {
          user.whatsappId = null;
          await manager.update(UserEntity, { id: user.id, companyId }, { whatsappId: null });
          await this.events.emit(UserUpdated, {
            companyId,
            key: user.id,
            data: toUserSnapshot(user),
            causationId: event.id,
          });
        }
        return;
      }
      if (event.data.companyId !== companyId) return;
      await manager.upsert(ConnectionEntity, { companyId, id: event.data.id, name: event.data.name }, [
        'companyId',
        'id',
      ]);
    });
  }
}
