import { Injectable } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import { TransactionHost } from '@cs/platform/database';
import { TicketLifecycle } from '../messages/ticket-lifecycle.service.js';
import { ProjectionsRepository } from '../projections/projections.repository.js';
import { placementOf, TicketEvents } from '../tickets/ticket-events.js';
import { type TicketRow, TicketsRepository } from '../tickets/tickets.repository.js';
import { BotHandOff } from './bot-hand-off.js';
import { ownedByBot } from './bot-ownership.js';
import type { BotOutcome } from './integration-runner.js';

/**
 * What a bot decided after its replies, on the locked ticket it still owns: the finish keyword closes the ticket
 * (rating and completion messages apply), a handoff releases it to a queue, opened with the user the bot named
 * when that user exists.
 */
@Injectable()
export class BotConclusion {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly tickets: TicketsRepository,
    private readonly ticketEvents: TicketEvents,
    private readonly projections: ProjectionsRepository,
    private readonly lifecycle: TicketLifecycle,
    private readonly handOff: BotHandOff,
  ) {}

  async apply(companyId: CompanyId, before: TicketRow, outcome: BotOutcome): Promise<void> {
    if (!outcome.handOff && !outcome.close) return;
    await this.transactions.run(async () => {
      const ticket = await this.tickets.find(companyId, before.id, { lock: true });
      if (!ticket || !ownedByBot(ticket)) return;
      const previous = placementOf(ticket);
      if (outcome.close) {
        await this.lifecycle.close(companyId, ticket, { userId: null });
      } else if (outcome.handOff) {
        const userId = outcome.handOff.userId ?? null;
        const known = userId !== null && (await this.projections.user(companyId, userId)) !== null;
        await this.handOff.release(companyId, ticket, outcome.handOff.queueId, known ? userId : null);
      }
      await this.ticketEvents.updated(companyId, ticket.id, previous);
    });
  }
}
