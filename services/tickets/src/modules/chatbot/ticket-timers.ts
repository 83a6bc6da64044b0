import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { asCompanyId, type CompanyId } from '@cs/proto/common';
import { APP_CONFIG } from '@cs/platform/config';
import { TransactionHost } from '@cs/platform/database';
import { JobsService } from '@cs/platform/jobs';
import type { TicketsConfig } from '../../config/env.js';
import { AUTO_TRANSFER_JOB } from '../messages/use-cases/receive-inbound.use-case.js';
import { INACTIVITY_JOB } from '../messages/outbound.service.js';
import { ProjectionsRepository } from '../projections/projections.repository.js';
import { placementOf, TicketEvents } from '../tickets/ticket-events.js';
import { TicketLifecycle } from '../messages/ticket-lifecycle.service.js';
import { TicketsRepository } from '../tickets/tickets.repository.js';
import { AutoAssignService } from './auto-assign.service.js';

interface TicketJob {
  readonly companyId: number;
  readonly ticketId: number;
}

/**
 * The connection timers as pg-boss jobs (armed when the condition starts; each run re-checks it against the
 * database, so a stale or duplicate job does nothing and a job that came due while the service was down runs
 * when it is back):
 * - inactivity (`expiresTicket` minutes): an open ticket where we spoke last is closed with
 *   `expiresInactiveMessage`;
 * - auto-transfer (`timeSendQueue` minutes): a pending ticket without a queue moves to `sendIdQueue`.
 * Both emit ordinary ticket events, so clients see them in the rooms they joined.
 */
@Injectable()
export class TicketTimers implements OnApplicationBootstrap {
  constructor(
    private readonly jobs: JobsService,
    private readonly transactions: TransactionHost,
    private readonly tickets: TicketsRepository,
    private readonly projections: ProjectionsRepository,
    private readonly lifecycle: TicketLifecycle,
    private readonly ticketEvents: TicketEvents,
    private readonly autoAssign: AutoAssignService,
    @Inject(APP_CONFIG) private readonly config: TicketsConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.jobs.work<TicketJob>(
      INACTIVITY_JOB,
      (job) => this.inactivity(asCompanyId(job.companyId), job.ticketId),
      {
        pollingIntervalSeconds: 1,
      },
    );
    await this.jobs.work<TicketJob>(
      AUTO_TRANSFER_JOB,
      (job) => this.transfer(asCompanyId(job.companyId), job.ticketId),
      {
        pollingIntervalSeconds: 1,
      },
    );
  }

  async inactivity(companyId: CompanyId, ticketId: number): Promise<void> {
    await this.transactions.run(async () => {
      const ticket = await this.tickets.find(companyId, ticketId, { lock: true });
      if (!ticket || ticket.status !== 'open' || !ticket.fromMe || ticket.isGroup) return;
      const connection = await this.projections.connection(companyId, ticket.whatsappId);
      if (!connection || connection.expiresTicket <= 0) return;
      const due = ticket.updatedAt.getTime() + connection.expiresTicket * this.config.TICKETS_TIMER_MINUTE_MS;
      if (due > Date.now()) {
        await this.jobs.send(INACTIVITY_JOB, { companyId, ticketId }, { startAfter: new Date(due) });
        return;
      }
      const previous = placementOf(ticket);
      await this.lifecycle.close(companyId, ticket, {
        userId: ticket.userId,
        inactivityMessage: connection.expiresInactiveMessage,
      });
      await this.ticketEvents.updated(companyId, ticket.id, previous);
    });
  }

  async transfer(companyId: CompanyId, ticketId: number): Promise<void> {
    await this.transactions.run(async () => {
      const ticket = await this.tickets.find(companyId, ticketId, { lock: true });
      if (!ticket || ticket.status !== 'pending' || ticket.queueId !== null || ticket.userId !== null) return;
      const connection = await this.projections.connection(companyId, ticket.whatsappId);
      if (!connection || connection.timeSendQueue <= 0 || connection.sendIdQueue === null) return;
      const due = ticket.updatedAt.getTime() + connection.timeSendQueue * this.config.TICKETS_TIMER_MINUTE_MS;
      if (due > Date.now()) {
        await this.jobs.send(AUTO_TRANSFER_JOB, { companyId, ticketId }, { startAfter: new Date(due) });
        return;
      }
      const previous = placementOf(ticket);
      const moved = await this.tickets.patch(companyId, ticket.id, {
        queueId: connection.sendIdQueue,
        chatbot: false,
        queueOptionId: null,
      });
      const cycle = await this.tickets.openCycle(companyId, moved);
      await this.tickets.patchCycle(companyId, cycle.id, { queueId: connection.sendIdQueue, queuedAt: 'now' });
      await this.autoAssign.assign(companyId, moved);
      await this.ticketEvents.updated(companyId, ticket.id, previous);
    });
  }
}
