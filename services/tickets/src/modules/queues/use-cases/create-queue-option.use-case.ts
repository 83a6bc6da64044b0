import { Injectable } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import { type QueueOptionBody } from '@cs/proto/http';
import { AuditTrail } from '@cs/platform/audit';
import { TransactionHost } from '@cs/platform/database';
import { DomainError } from '@cs/platform/errors';
import { type QueueOptionRow, QueuesRepository } from '../queues.repository.js';

/** `POST /queue-options`: an option of a queue's chatbot menu, at the top level or under a parent of that queue. */
@Injectable()
export class CreateQueueOptionUseCase {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly queues: QueuesRepository,
    private readonly audit: AuditTrail,
  ) {}

  async execute(companyId: CompanyId, body: QueueOptionBody): Promise<QueueOptionRow> {
    return this.transactions.run(async () => {
      if (!(await this.queues.find(companyId, body.queueId))) throw new DomainError('ERR_NOT_FOUND');
      if (body.parentId !== null) {
        const parent = await this.queues.option(companyId, body.parentId);
        if (!parent || parent.queueId !== body.queueId) throw new DomainError('ERR_NOT_FOUND');
      }
      const option = await this.queues.insertOption(companyId, {
        queueId: body.queueId,
        parentId: body.parentId,
        title: body.title,
        message: body.message,
        option: body.option,
      });
      await this.audit.record({
        action: 'queue-option.created',
        target: { type: 'queue-option', id: option.id, label: option.title },
        after: option,
      });
      return option;
    });
  }
}
