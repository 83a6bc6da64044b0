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

/**
 * `DELETE /ticket-tags/{ticketId}`: takes the ticket out of its kanban lane (its kanban tags only; other tags
 * stay). The kanban moves a card with this, then `PUT /ticket-tags/{ticketId}/{tagId}`.
 */
@Injectable()
export class RemoveKanbanTagsUseCase {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly tickets: TicketsRepository,
    private readonly ticketQueries: TicketsQueries,
    private readonly tags: TagsRepository,
    private readonly changes: TagChanges,
  ) {}

  async execute(companyId: CompanyId, identity: Identity, ticketId: number): Promise<TicketSnapshot> {
    return this.transactions.run(async () => {
      const ticket = await this.tickets.find(companyId, ticketId, { lock: true });
      if (!ticket) throw new DomainError('ERR_NO_TICKET_FOUND');
      if (!(await this.ticketQueries.canSee(companyId, identity, ticket))) throw new DomainError('ERR_NO_PERMISSION');
      const removed = await this.tags.unlinkKanban(companyId, ticket.id);
      if (removed.length > 0) return this.changes.ticketTagsChanged(companyId, ticket, removed);
      const snapshot = await this.tickets.snapshot(companyId, ticket.id);
      if (!snapshot) throw new DomainError('ERR_NO_TICKET_FOUND');
      return snapshot;
    });
  }
}
