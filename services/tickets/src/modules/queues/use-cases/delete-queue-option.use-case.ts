import { Injectable } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
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
  ) {}

  async execute(companyId: CompanyId, optionId: number): Promise<void> {
    const paths = await this.transactions.run(async () => {
      if (!(await this.queues.option(companyId, optionId))) throw new DomainError('ERR_NOT_FOUND');
      return this.queues.deleteOption(companyId, optionId);
    });
    for (const path of paths) await this.media.remove(path);
  }
}
