import { Injectable } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import type { TicketSnapshot } from '@cs/proto/events';
import { TransactionHost } from '@cs/platform/database';
import { DomainError } from '@cs/platform/errors';
import type { Identity } from '@cs/platform/tenancy';
import { TicketLifecycle } from '../ticket-lifecycle.service.js';
import { TicketsQueries } from '../../tickets/tickets.queries.js';
import { TicketsRepository } from '../../tickets/tickets.repository.js';
import { MessagesQueries, type MessageView } from '../messages.queries.js';

/**
 * `GET /messages/{ticketId}`: a page of the message view. Reading it marks the ticket read (upstream's
 * SetTicketMessagesAsRead): unread count 0, blue ticks on the phone, `updateUnread` for the lists.
 */
@Injectable()
export class ReadTicketMessagesUseCase {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly tickets: TicketsRepository,
    private readonly ticketQueries: TicketsQueries,
    private readonly queries: MessagesQueries,
    private readonly lifecycle: TicketLifecycle,
  ) {}

  async execute(
    companyId: CompanyId,
    identity: Identity,
    ticketId: number,
    pageNumber: number,
  ): Promise<{ messages: MessageView[]; ticket: TicketSnapshot; count: number; hasMore: boolean }> {
    return this.transactions.run(async () => {
      const ticket = await this.tickets.find(companyId, ticketId, { lock: true });
      if (!ticket) throw new DomainError('ERR_NO_TICKET_FOUND');
      if (!(await this.ticketQueries.canSee(companyId, identity, ticket))) throw new DomainError('ERR_NO_PERMISSION');
      await this.lifecycle.markRead(companyId, ticket);
      const page = await this.queries.page(companyId, ticketId, pageNumber);
      const snapshot = await this.tickets.snapshot(companyId, ticketId);
      if (!snapshot) throw new DomainError('ERR_NO_TICKET_FOUND');
      return { ...page, ticket: snapshot };
    });
  }
}
