import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { ServiceLevelChanged } from '@cs/proto/events';
import { TransactionHost } from '@cs/platform/database';
import { EventPublisher } from '@cs/platform/events';
import { JobsService } from '@cs/platform/jobs';
import { ServiceLevelsRepository } from './service-levels.repository.js';

export const SERVICE_LEVEL_SWEEP_JOB = 'tickets.service-level-sweep';

/**
 * Every minute (a pg-boss schedule: once across every pod), brings the open tickets' service-level standing up
 * to now and publishes each change (`tickets.service-level.changed`, the gateway's `company-{id}-serviceLevel`)
 * in the same transaction.
 */
@Injectable()
export class ServiceLevelJobs implements OnApplicationBootstrap {
  constructor(
    private readonly jobs: JobsService,
    private readonly transactions: TransactionHost,
    private readonly levels: ServiceLevelsRepository,
    private readonly events: EventPublisher,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.jobs.work(SERVICE_LEVEL_SWEEP_JOB, () => this.sweep().then(() => undefined));
    await this.jobs.schedule(SERVICE_LEVEL_SWEEP_JOB, '* * * * *');
  }

  /** One sweep; answers the companies and tickets whose standing changed. */
  async sweep(): Promise<Array<{ companyId: number; ticketId: number }>> {
    return this.transactions.run(async () => {
      const changes = await this.levels.sweep();
      for (const { companyId, level } of changes) {
        await this.events.emit(ServiceLevelChanged, { companyId, key: level.ticketId, data: level });
      }
      return changes.map(({ companyId, level }) => ({ companyId, ticketId: level.ticketId }));
    });
  }
}
