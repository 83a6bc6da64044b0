import { Injectable } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import { QueueUpdated } from '@cs/proto/events';
import { TransactionHost } from '@cs/platform/database';
import { DomainError } from '@cs/platform/errors';
import { EventPublisher } from '@cs/platform/events';
import { MediaStorage, type UploadedFile } from '../../media/media.storage.js';
import { toQueueView, type QueueView } from '../queues.mapper.js';
import { QueuesRepository, toQueueSnapshot } from '../queues.repository.js';

/**
 * `POST /queue/{id}/media-upload` (a file) and `DELETE /queue/{id}/media-upload` (none): the media the chatbot
 * sends after the queue's greeting. The replaced file is removed once the change is committed.
 */
@Injectable()
export class SetQueueMediaUseCase {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly queues: QueuesRepository,
    private readonly media: MediaStorage,
    private readonly events: EventPublisher,
  ) {}

  async execute(companyId: CompanyId, queueId: number, file: UploadedFile | undefined | null): Promise<QueueView> {
    if (!(await this.queues.find(companyId, queueId))) throw new DomainError('ERR_NOT_FOUND');
    const stored = file === null ? null : await this.media.save(companyId, 'queues', file);
    try {
      const { queue, replaced } = await this.transactions.run(async () => {
        const current = await this.queues.find(companyId, queueId);
        if (!current) throw new DomainError('ERR_NOT_FOUND');
        const updated = await this.queues.setMedia(companyId, queueId, stored?.path ?? null, stored?.name ?? null);
        if (!updated) throw new DomainError('ERR_NOT_FOUND');
        await this.events.emit(QueueUpdated, { companyId, key: queueId, data: toQueueSnapshot(updated) });
        return { queue: updated, replaced: current.mediaPath };
      });
      await this.media.remove(replaced);
      return toQueueView(queue);
    } catch (error) {
      await this.media.remove(stored?.path ?? null);
      throw error;
    }
  }
}
