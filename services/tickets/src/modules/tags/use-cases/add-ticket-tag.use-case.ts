import { Injectable } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import type { TicketSnapshot } from '@cs/proto/events';
import { TransactionHost } from '@cs/platform/database';
import { DomainError } from '@cs/platform/errors';
import type { Identity } from '@cs/platform/tenancy';
import { TicketsQueries } from '../../tickets/tickets.queries.js';
import { TicketsRepository } from '../../tickets/tickets.repository.js';
import { TagChanges } from '../tag-changes.js';
import { TagsRepository } from '../tags.repository.js';

/** `PUT /ticket-tags/{ticketId}/{tagId}`: adds a tag to a ticket (the kanban's drop into a lane). */
@Injectable()
export class AddTicketTagUseCase {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly tickets: TicketsRepository,
    private readonly ticketQueries: TicketsQueries,
    private readonly tags: TagsRepository,
    private readonly changes: TagChanges,
  ) {}

  async execute(companyId: CompanyId, identity: Identity, ticketId: number, tagId: number): Promise<TicketSnapshot> {
    return this.transactions.run(async () => {
      const ticket = await this.tickets.find(companyId, ticketId, { lock: true });
      if (!ticket) throw new DomainError('ERR_NO_TICKET_FOUND');
      if (!(await this.ticketQueries.canSee(companyId, identity, ticket))) throw new DomainError('ERR_NO_PERMISSION');
      if (!(await this.tags.find(companyId, tagId))) throw new DomainError('ERR_NO_TAG_FOUND');
      const added = await this.tags.link(companyId, ticket.id, [tagId]);
      if (added.length > 0) return this.changes.ticketTagsChanged(companyId, ticket, added);
      const snapshot = await this.tickets.snapshot(companyId, ticket.id);
      if (!snapshot) throw new DomainError('ERR_NO_TICKET_FOUND');
      return snapshot;
    });
  }
}
