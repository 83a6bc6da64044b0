import { Injectable } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import { QueueCreated } from '@cs/proto/events';
import { type QueueBody } from '@cs/proto/http';
import { AuditTrail } from '@cs/platform/audit';
import { TransactionHost } from '@cs/platform/database';
import { DomainError } from '@cs/platform/errors';
import { EventPublisher } from '@cs/platform/events';
import { ProjectionsRepository } from '../../projections/projections.repository.js';
import { DEFAULT_QUEUE_SCHEDULES } from '../queues.dto.js';
import { withQueueConflicts } from '../queues.errors.js';
import { toQueueView, type QueueView } from '../queues.mapper.js';
import { QueuesRepository, toQueueSnapshot } from '../queues.repository.js';

/** `POST /queue`: a department, within the plan's queue limit, colour and name unique in the company. */
@Injectable()
export class CreateQueueUseCase {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly queues: QueuesRepository,
    private readonly projections: ProjectionsRepository,
    private readonly events: EventPublisher,
    private readonly audit: AuditTrail,
  ) {}

  async execute(companyId: CompanyId, body: QueueBody): Promise<QueueView> {
    return withQueueConflicts(() =>
      this.transactions.run(async () => {
        const company = await this.projections.company(companyId);
        const limit = company.plan?.queues ?? 0;
        if (limit > 0 && (await this.queues.count(companyId)) >= limit) throw new DomainError('ERR_PLAN_LIMIT_QUEUES');
        await this.queues.assertReferences(companyId, body);
        const queue = await this.queues.insert(companyId, {
          name: body.name,
          color: body.color,
          greetingMessage: body.greetingMessage ?? '',
          outOfHoursMessage: body.outOfHoursMessage ?? '',
          orderQueue: body.orderQueue ?? 0,
          schedules: body.schedules ?? DEFAULT_QUEUE_SCHEDULES,
          integrationId: body.integrationId ?? null,
          promptId: body.promptId ?? null,
          autoAssign: body.autoAssign ?? false,
        });
        await this.events.emit(QueueCreated, { companyId, key: queue.id, data: toQueueSnapshot(queue) });
        await this.audit.record({
          action: 'queue.created',
          target: { type: 'queue', id: queue.id, label: queue.name },
          after: toQueueSnapshot(queue),
        });
        return toQueueView(queue);
      }),
    );
  }
}
