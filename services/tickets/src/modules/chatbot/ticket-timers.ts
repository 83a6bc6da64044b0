import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleInit } from '@nestjs/common';
import { asCompanyId, type CompanyId } from '@cs/proto/common';
import { APP_CONFIG } from '@cs/platform/config';
import { TransactionHost } from '@cs/platform/database';
import { JobsService } from '@cs/platform/jobs';
import type { TicketsConfig } from '../../config/env.js';
import { type ConnectionView, ProjectionsRepository } from '../projections/projections.repository.js';
import { ConversationHooks } from '../tickets/conversation-hooks.js';
import { placementOf, TicketEvents } from '../tickets/ticket-events.js';
import { TicketLifecycle } from '../messages/ticket-lifecycle.service.js';
import { type TicketRow, TicketsRepository } from '../tickets/tickets.repository.js';
import { AutoAssignService } from './auto-assign.service.js';

export const INACTIVITY_JOB = 'tickets.inactivity-close';
export const AUTO_TRANSFER_JOB = 'tickets.auto-transfer';

interface TicketJob {
  readonly companyId: number;
  readonly ticketId: number;
}

/**
 * The connection timers as pg-boss jobs, armed when the condition starts (reacting to the conversation's
 * `ConversationHooks`); each run re-checks it against the database, so a stale or duplicate job does nothing and a
 * job that came due while the service was down runs when it is back:
 * - inactivity (`expiresTicket` minutes), armed by each message we send on an open ticket (`weSpoke`): an open
 *   ticket where we spoke last is closed with `expiresInactiveMessage`;
 * - auto-transfer (`timeSendQueue` minutes), armed by each customer message on a pending ticket without a queue
 *   (`waitingWithoutQueue`): it moves to `sendIdQueue`.
 * Both emit ordinary ticket events, so clients see them in the rooms they joined.
 */
@Injectable()
export class TicketTimers implements OnModuleInit, OnApplicationBootstrap {
  constructor(
    private readonly jobs: JobsService,
    private readonly transactions: TransactionHost,
    private readonly tickets: TicketsRepository,
    private readonly projections: ProjectionsRepository,
    private readonly lifecycle: TicketLifecycle,
    private readonly ticketEvents: TicketEvents,
    private readonly autoAssign: AutoAssignService,
    private readonly hooks: ConversationHooks,
    @Inject(APP_CONFIG) private readonly config: TicketsConfig,
  ) {}

  onModuleInit(): void {
    this.hooks.weSpoke.on((companyId, ticket) => this.armInactivity(companyId, ticket));
    this.hooks.waitingWithoutQueue.on((companyId, { ticket, connection }) =>
      this.armAutoTransfer(companyId, ticket, connection),
    );
  }

  /** `expiresTicket`: an open ticket where we spoke last closes after that many minutes of silence. */
  private async armInactivity(companyId: CompanyId, ticket: TicketRow): Promise<void> {
    if (ticket.status !== 'open' || ticket.isGroup) return;
    const connection = await this.projections.connection(companyId, ticket.whatsappId);
    if (!connection || connection.expiresTicket <= 0) return;
    await this.jobs.send(
      INACTIVITY_JOB,
      { companyId, ticketId: ticket.id },
      { startAfter: new Date(Date.now() + connection.expiresTicket * this.config.TICKETS_TIMER_MINUTE_MS) },
    );
  }

  /** `timeSendQueue`/`sendIdQueue`: a pending ticket still without a queue moves to that queue after a while. */
  private async armAutoTransfer(companyId: CompanyId, ticket: TicketRow, known?: ConnectionView): Promise<void> {
    const connection = known ?? (await this.projections.connection(companyId, ticket.whatsappId));
    if (!connection || connection.timeSendQueue <= 0 || connection.sendIdQueue === null) return;
    await this.jobs.send(
      AUTO_TRANSFER_JOB,
      { companyId, ticketId: ticket.id },
      { startAfter: new Date(Date.now() + connection.timeSendQueue * this.config.TICKETS_TIMER_MINUTE_MS) },
    );
  }

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
