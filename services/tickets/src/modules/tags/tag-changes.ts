import { Injectable } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import { TagUpdated, type TicketSnapshot } from '@cs/proto/events';
import { EventPublisher } from '@cs/platform/events';
import { placementOf, TicketEvents } from '../tickets/ticket-events.js';
import type { TicketRow } from '../tickets/tickets.repository.js';
import { TagsRepository } from './tags.repository.js';

/**
 * What follows a change of ticket tags, inside the caller's transaction: the ticket's list item (its tags chips)
 * is announced with `tickets.ticket.updated` (same placement: it does not move), and every tag whose count
 * changed with `tickets.tag.updated` (the tags page shows `ticketsCount`).
 */
@Injectable()
export class TagChanges {
  constructor(
    private readonly tags: TagsRepository,
    private readonly ticketEvents: TicketEvents,
    private readonly events: EventPublisher,
  ) {}

  async ticketTagsChanged(companyId: CompanyId, ticket: TicketRow, tagIds: readonly number[]): Promise<TicketSnapshot> {
    await this.tagsCounted(companyId, tagIds);
    return this.ticketEvents.updated(companyId, ticket.id, placementOf(ticket));
  }

  async tagsCounted(companyId: CompanyId, tagIds: readonly number[]): Promise<void> {
    for (const tag of await this.tags.findMany(companyId, [...new Set(tagIds)])) {
      await this.events.emit(TagUpdated, { companyId, key: tag.id, data: tag });
    }
  }
}
