import { Injectable } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import { PromptDeleted, QueueUpdated } from '@cs/proto/events';
import { AuditTrail } from '@cs/platform/audit';
import { TransactionHost } from '@cs/platform/database';
import { DomainError } from '@cs/platform/errors';
import { EventPublisher } from '@cs/platform/events';
import { QueuesRepository, toQueueSnapshot } from '../../queues/queues.repository.js';
import { PromptsRepository } from '../prompts.repository.js';

/**
 * `DELETE /prompt/{id}`: queues and tickets that used it lose it (the queues' change is published), so no ticket
 * keeps being answered by a prompt that no longer exists.
 */
@Injectable()
export class DeletePromptUseCase {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly prompts: PromptsRepository,
    private readonly queues: QueuesRepository,
    private readonly events: EventPublisher,
    private readonly audit: AuditTrail,
  ) {}

  async execute(companyId: CompanyId, id: number): Promise<void> {
    await this.transactions.run(async () => {
      const prompt = await this.prompts.find(companyId, id);
      if (!prompt) throw new DomainError('ERR_NO_PROMPT_FOUND');
      const unbound = await this.queues.unbind(companyId, 'prompt', id);
      await this.prompts.delete(companyId, id);
      for (const queue of unbound) {
        await this.events.emit(QueueUpdated, { companyId, key: queue.id, data: toQueueSnapshot(queue) });
      }
      await this.events.emit(PromptDeleted, { companyId, key: id, data: { id } });
      await this.audit.record({
        action: 'prompt.deleted',
        target: { type: 'prompt', id, label: prompt.name },
        before: prompt,
      });
    });
  }
}
