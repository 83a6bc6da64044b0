import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { CompanyId } from '@cs/proto/common';
import { TransactionHost } from '@cs/platform/database';
import { QueuesRepository } from '../queues/queues.repository.js';
import { ConversationHooks } from '../tickets/conversation-hooks.js';
import { type TicketRow, TicketsRepository } from '../tickets/tickets.repository.js';

/**
 * Auto-assignment (off by default, per queue): a pending, unassigned ticket entering a queue with `autoAssign`
 * goes to the next online agent of that queue, round-robin after the last one assigned. The ticket becomes
 * open with that agent (the cycle's start is the assignment). It reacts to tickets announced waiting by the
 * conversation layer (`ConversationHooks.ticketWaiting`: a return, transfer or reopening as pending).
 */
@Injectable()
export class AutoAssignService implements OnModuleInit {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly tickets: TicketsRepository,
    private readonly queues: QueuesRepository,
    private readonly hooks: ConversationHooks,
  ) {}

  onModuleInit(): void {
    this.hooks.ticketWaiting.on(async (companyId, ticket) => {
      await this.assign(companyId, ticket);
    });
  }

  private get db(): EntityManager {
    return this.transactions.manager;
  }

  async assign(companyId: CompanyId, ticket: TicketRow): Promise<TicketRow | null> {
    if (ticket.status !== 'pending' || ticket.userId !== null || ticket.queueId === null || ticket.chatbot) return null;
    const [queue] = await this.db.query<Array<{ auto_assign: boolean; last_assigned_user_id: number | null }>>(
      'SELECT auto_assign, last_assigned_user_id FROM queues WHERE company_id = $1 AND id = $2 FOR UPDATE',
      [companyId, ticket.queueId],
    );
    if (!queue?.auto_assign) return null;
    const agents = await this.db.query<Array<{ id: number }>>(
      `SELECT id FROM users WHERE company_id = $1 AND online AND NOT deleted AND $2 = ANY(queue_ids) ORDER BY id`,
      [companyId, ticket.queueId],
    );
    if (agents.length === 0) return null;
    const last = queue.last_assigned_user_id ?? 0;
    const next = agents.find((agent) => agent.id > last) ?? agents[0];
    if (!next) return null;
    await this.queues.setLastAssigned(companyId, ticket.queueId, next.id);
    const assigned = await this.tickets.patch(companyId, ticket.id, { userId: next.id, status: 'open', touch: false });
    const cycle = await this.tickets.openCycle(companyId, assigned);
    await this.tickets.patchCycle(companyId, cycle.id, { userId: next.id, startedAt: 'now' });
    return assigned;
  }
}
