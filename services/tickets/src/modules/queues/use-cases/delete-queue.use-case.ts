import { Injectable } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import { QueueDeleted } from '@cs/proto/events';
import { AuditTrail } from '@cs/platform/audit';
import { TransactionHost } from '@cs/platform/database';
import { DomainError } from '@cs/platform/errors';
import { EventPublisher } from '@cs/platform/events';
import { MediaStorage } from '../../media/media.storage.js';
import { QueuesRepository, toQueueSnapshot } from '../queues.repository.js';

/**
 * `DELETE /queue/{id}`: a queue bound to a prompt or an integration cannot go (409, the spec's message);
 * otherwise its tickets lose it, its option tree goes with it, and its media file is removed after commit.
 */
@Injectable()
export class DeleteQueueUseCase {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly queues: QueuesRepository,
    private readonly media: MediaStorage,
    private readonly events: EventPublisher,
    private readonly audit: AuditTrail,
  ) {}

  async execute(companyId: CompanyId, queueId: number): Promise<void> {
    const mediaPath = await this.transactions.run(async () => {
      const queue = await this.queues.find(companyId, queueId);
      if (!queue) throw new DomainError('ERR_NOT_FOUND');
      if (queue.promptId !== null || queue.integrationId !== null) throw new DomainError('ERR_QUEUE_IN_USE');
      await this.queues.delete(companyId, queueId);
      await this.events.emit(QueueDeleted, { companyId, key: queueId, data: { id: queueId } });
      await this.audit.record({
        action: 'queue.deleted',
        target: { type: 'queue', id: queueId, label: queue.name },
        before: toQueueSnapshot(queue),
      });
      return queue.mediaPath;
    });
    await this.media.remove(mediaPath);
  }
}
