import { Injectable } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import { QueueIntegrationDeleted, QueueUpdated } from '@cs/proto/events';
import { AuditTrail } from '@cs/platform/audit';
import { TransactionHost } from '@cs/platform/database';
import { DomainError } from '@cs/platform/errors';
import { EventPublisher } from '@cs/platform/events';
import { QueuesRepository, toQueueSnapshot } from '../../queues/queues.repository.js';
import { QueueIntegrationsRepository } from '../queue-integrations.repository.js';

/**
 * `DELETE /queueIntegration/{id}`: the queues bound to it lose it (their change is published), tickets in a
 * session with it go back to the normal flow, and its sessions are dropped.
 */
@Injectable()
export class DeleteQueueIntegrationUseCase {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly integrations: QueueIntegrationsRepository,
    private readonly queues: QueuesRepository,
    private readonly events: EventPublisher,
    private readonly audit: AuditTrail,
  ) {}

  async execute(companyId: CompanyId, id: number): Promise<void> {
    await this.transactions.run(async () => {
      const integration = await this.integrations.find(companyId, id);
      if (!integration) throw new DomainError('ERR_NO_INTEGRATION_FOUND');
      const unbound = await this.queues.unbind(companyId, 'integration', id);
      await this.integrations.delete(companyId, id);
      for (const queue of unbound) {
        await this.events.emit(QueueUpdated, { companyId, key: queue.id, data: toQueueSnapshot(queue) });
      }
      await this.events.emit(QueueIntegrationDeleted, { companyId, key: id, data: { id } });
      await this.audit.record({
        action: 'queue-integration.deleted',
        target: { type: 'queue-integration', id, label: integration.name },
        before: integration,
      });
    });
  }
}
