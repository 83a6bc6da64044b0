import { Injectable } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import { TagDeleted } from '@cs/proto/events';
import { TransactionHost } from '@cs/platform/database';
import { DomainError } from '@cs/platform/errors';
import { EventPublisher } from '@cs/platform/events';
import { placementOf, TicketEvents } from '../../tickets/ticket-events.js';
import { TicketsRepository } from '../../tickets/tickets.repository.js';
import { TagsRepository } from '../tags.repository.js';

/** `DELETE /tags/{id}`: the tag leaves every ticket that carried it; each of those list items is announced. */
@Injectable()
export class DeleteTagUseCase {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly tags: TagsRepository,
    private readonly tickets: TicketsRepository,
    private readonly ticketEvents: TicketEvents,
    private readonly events: EventPublisher,
  ) {}

  async execute(companyId: CompanyId, tagId: number): Promise<void> {
    await this.transactions.run(async () => {
      if (!(await this.tags.find(companyId, tagId))) throw new DomainError('ERR_NO_TAG_FOUND');
      const ticketIds = await this.tags.delete(companyId, tagId);
      await this.events.emit(TagDeleted, { companyId, key: tagId, data: { id: tagId } });
      for (const ticketId of ticketIds) {
        const ticket = await this.tickets.find(companyId, ticketId);
        if (ticket) await this.ticketEvents.updated(companyId, ticket.id, placementOf(ticket));
      }
    });
  }
}
