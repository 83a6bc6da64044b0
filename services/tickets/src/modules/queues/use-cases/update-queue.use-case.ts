import { Injectable } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import { QueueUpdated } from '@cs/proto/events';
import { type QueueBody } from '@cs/proto/http';
import { AuditTrail } from '@cs/platform/audit';
import { TransactionHost } from '@cs/platform/database';
import { DomainError } from '@cs/platform/errors';
import { EventPublisher } from '@cs/platform/events';
import { withQueueConflicts } from '../queues.errors.js';
import { toQueueView, type QueueView } from '../queues.mapper.js';
import { QueuesRepository, toQueueSnapshot } from '../queues.repository.js';

/** `PUT /queue/{id}`: changes the fields sent, keeps the others. */
@Injectable()
export class UpdateQueueUseCase {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly queues: QueuesRepository,
    private readonly events: EventPublisher,
    private readonly audit: AuditTrail,
  ) {}

  async execute(companyId: CompanyId, queueId: number, body: Partial<QueueBody>): Promise<QueueView> {
    return withQueueConflicts(() =>
      this.transactions.run(async () => {
        const current = await this.queues.find(companyId, queueId);
        if (!current) throw new DomainError('ERR_NOT_FOUND');
        await this.queues.assertReferences(companyId, body);
        const queue = await this.queues.update(companyId, queueId, {
          name: body.name ?? current.name,
          color: body.color ?? current.color,
          greetingMessage: body.greetingMessage ?? current.greetingMessage,
          outOfHoursMessage: body.outOfHoursMessage ?? current.outOfHoursMessage,
          orderQueue: body.orderQueue ?? current.orderQueue,
          schedules: body.schedules ?? current.schedules,
          integrationId: body.integrationId !== undefined ? body.integrationId : current.integrationId,
          promptId: body.promptId !== undefined ? body.promptId : current.promptId,
          autoAssign: body.autoAssign ?? current.autoAssign,
        });
        if (!queue) throw new DomainError('ERR_NOT_FOUND');
        await this.events.emit(QueueUpdated, { companyId, key: queue.id, data: toQueueSnapshot(queue) });
        await this.audit.record({
          action: 'queue.updated',
          target: { type: 'queue', id: queue.id, label: queue.name },
          before: toQueueSnapshot(current),
          after: toQueueSnapshot(queue),
        });
        return toQueueView(queue);
      }),
    );
  }
}
