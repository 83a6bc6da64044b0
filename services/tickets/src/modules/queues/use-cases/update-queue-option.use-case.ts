import { Injectable } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import { type QueueOptionBody } from '@cs/proto/http';
import { AuditTrail } from '@cs/platform/audit';
import { TransactionHost } from '@cs/platform/database';
import { DomainError } from '@cs/platform/errors';
import { type QueueOptionRow, QueuesRepository } from '../queues.repository.js';

/** `PUT /queue-options/{id}`: title, message and the option's key (its place in the tree does not move). */
@Injectable()
export class UpdateQueueOptionUseCase {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly queues: QueuesRepository,
    private readonly audit: AuditTrail,
  ) {}

  async execute(companyId: CompanyId, optionId: number, body: Partial<QueueOptionBody>): Promise<QueueOptionRow> {
    return this.transactions.run(async () => {
      const current = await this.queues.option(companyId, optionId);
      if (!current) throw new DomainError('ERR_NOT_FOUND');
      // the option stays where it is; a queue or parent named in the body must still be the company's own
      if (body.queueId !== undefined && !(await this.queues.find(companyId, body.queueId))) {
        throw new DomainError('ERR_NOT_FOUND');
      }
      if (body.parentId != null && !(await this.queues.option(companyId, body.parentId))) {
        throw new DomainError('ERR_NOT_FOUND');
      }
      const updated = await this.queues.updateOption(companyId, optionId, {
        title: body.title ?? current.title,
        message: body.message ?? current.message,
        option: body.option ?? current.option,
      });
      if (!updated) throw new DomainError('ERR_NOT_FOUND');
      await this.audit.record({
        action: 'queue-option.updated',
        target: { type: 'queue-option', id: optionId, label: updated.title },
        before: current,
        after: updated,
      });
      return updated;
    });
  }
}
