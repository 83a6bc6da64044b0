import { Injectable } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import { TransactionHost } from '@cs/platform/database';
import { DomainError } from '@cs/platform/errors';
import { MediaStorage, type UploadedFile } from '../../media/media.storage.js';
import { type QueueOptionRow, QueuesRepository } from '../queues.repository.js';

/** `POST` (a file) / `DELETE` (none) `/queue-options/{id}/media-upload`: the media sent with the option's menu. */
@Injectable()
export class SetQueueOptionMediaUseCase {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly queues: QueuesRepository,
    private readonly media: MediaStorage,
  ) {}

  async execute(
    companyId: CompanyId,
    optionId: number,
    file: UploadedFile | undefined | null,
  ): Promise<QueueOptionRow> {
    if (!(await this.queues.option(companyId, optionId))) throw new DomainError('ERR_NOT_FOUND');
    const stored = file === null ? null : await this.media.save(companyId, 'queue-options', file);
    try {
      const { option, replaced } = await this.transactions.run(async () => {
        const current = await this.queues.option(companyId, optionId);
        if (!current) throw new DomainError('ERR_NOT_FOUND');
        const updated = await this.queues.setOptionMedia(
          companyId,
          optionId,
          stored?.path ?? null,
          stored?.name ?? null,
        );
        if (!updated) throw new DomainError('ERR_NOT_FOUND');
        return { option: updated, replaced: current.mediaPath };
      });
      await this.media.remove(replaced);
      return option;
    } catch (error) {
      await this.media.remove(stored?.path ?? null);
      throw error;
    }
  }
}
