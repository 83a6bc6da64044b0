import { Injectable } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import { TransactionHost } from '@cs/platform/database';
import { AutoAssignService } from '../chatbot/auto-assign.service.js';
import { PromptsRepository } from '../prompts/prompts.repository.js';
import { placementOf, TicketEvents } from '../tickets/ticket-events.js';
import { type TicketRow, TicketsRepository } from '../tickets/tickets.repository.js';
import { ownedByBot } from './bot-ownership.js';

/**
 * A person takes over from a bot (a handoff keyword, the model's signal, a bot command, a Dialogflow handoff intent,
 * a failure): the bot is really switched off, its session dropped, and the ticket waits in its queue (or the one
 * given) for auto-assignment or an agent.
 */
@Injectable()
export class BotHandOff {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly tickets: TicketsRepository,
    private readonly ticketEvents: TicketEvents,
    private readonly prompts: PromptsRepository,
    private readonly autoAssign: AutoAssignService,
  ) {}

  /** Hands off to the prompt's queue when a prompt owns the ticket, else to the ticket's own queue. */
  async toQueue(companyId: CompanyId, ticket: TicketRow): Promise<void> {
    const promptQueue =
      ticket.promptId !== null ? ((await this.prompts.find(companyId, ticket.promptId))?.queueId ?? null) : null;
    await this.handOff(companyId, ticket, promptQueue);
  }

  /** A ticket a person took meanwhile, or that no bot owns any more, is left as it is. */
  async handOff(companyId: CompanyId, ticket: TicketRow, queueId: number | null): Promise<void> {
    await this.transactions.run(async () => {
      const current = await this.tickets.find(companyId, ticket.id, { lock: true });
      if (!current || !ownedByBot(current)) return;
      const previous = placementOf(current);
      await this.release(companyId, current, queueId, null);
      await this.ticketEvents.updated(companyId, current.id, previous);
    });
  }

  /**
   * In the caller's transaction, on the locked ticket: switches the bot off and moves the ticket to `queueId` (its
   * own when null), opened with `userId` when one is given, else offered to auto-assignment.
   */
  async release(companyId: CompanyId, ticket: TicketRow, queueId: number | null, userId: number | null): Promise<void> {
    const targetQueue = queueId ?? ticket.queueId;
    const moved = await this.tickets.patch(companyId, ticket.id, {
      useIntegration: false,
      promptId: null,
      integrationId: null,
      chatbot: false,
      queueOptionId: null,
      queueId: targetQueue,
      ...(userId !== null ? { userId, status: 'open' as const } : {}),
    });
    await this.transactions.manager.query('DELETE FROM integration_sessions WHERE company_id = $1 AND ticket_id = $2', [
      companyId,
      ticket.id,
    ]);
    if (targetQueue !== ticket.queueId && targetQueue !== null) {
      const cycle = await this.tickets.openCycle(companyId, moved);
      await this.tickets.patchCycle(companyId, cycle.id, { queueId: targetQueue, queuedAt: 'now' });
    }
    if (userId === null) await this.autoAssign.assign(companyId, moved);
  }
}
