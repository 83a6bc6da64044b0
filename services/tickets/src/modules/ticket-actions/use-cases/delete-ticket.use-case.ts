import { Injectable } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import { TransactionHost } from '@cs/platform/database';
import { DomainError } from '@cs/platform/errors';
import { TicketEvents } from '../../tickets/ticket-events.js';
import { TicketsRepository } from '../../tickets/tickets.repository.js';

/** `DELETE /tickets/{id}` (admins): the ticket, its messages, cycles, tags and notes go; lists drop it. */
@Injectable()
export class DeleteTicketUseCase {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly tickets: TicketsRepository,
    private readonly ticketEvents: TicketEvents,
  ) {}

  async execute(companyId: CompanyId, ticketId: number): Promise<void> {
    await this.transactions.run(async () => {
      const ticket = await this.tickets.find(companyId, ticketId, { lock: true });
      if (!ticket) throw new DomainError('ERR_NO_TICKET_FOUND');
      await this.tickets.delete(companyId, ticketId);
      await this.ticketEvents.deleted(companyId, ticket);
    });
  }
}
