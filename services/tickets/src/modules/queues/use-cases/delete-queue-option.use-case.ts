import { Injectable } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import { AuditTrail } from '@cs/platform/audit';
import { TransactionHost } from '@cs/platform/database';
import { DomainError } from '@cs/platform/errors';
import { MediaStorage } from '../../media/media.storage.js';
import { QueuesRepository } from '../queues.repository.js';

/** `DELETE /queue-options/{id}`: the option and its sub-options, then their media files. */
@Injectable()
export class DeleteQueueOptionUseCase {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly queues: QueuesRepository,
    private readonly media: MediaStorage,
    private readonly audit: AuditTrail,
  ) {}

  async execute(companyId: CompanyId, optionId: number): Promise<void> {
    const paths = await this.transactions.run(async () => {
      const option = await this.queues.option(companyId, optionId);
      if (!option) throw new DomainError('ERR_NOT_FOUND');
      await this.audit.record({
        action: 'queue-option.deleted',
        target: { type: 'queue-option', id: optionId, label: option.title },
        before: option,
      });
      return this.queues.deleteOption(companyId, optionId);
    });
    for (const path of paths) await this.media.remove(path);
  }
}
