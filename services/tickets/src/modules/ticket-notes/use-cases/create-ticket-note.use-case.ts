import { Injectable } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import { type CreateTicketNoteInput } from '@cs/proto/http';
import { TransactionHost } from '@cs/platform/database';
import { DomainError } from '@cs/platform/errors';
import type { Identity } from '@cs/platform/tenancy';
import { ProjectionsRepository } from '../../projections/projections.repository.js';
import { TicketsQueries } from '../../tickets/tickets.queries.js';
import { TicketsRepository } from '../../tickets/tickets.repository.js';
import { type TicketNoteView, TicketNotesRepository } from '../ticket-notes.repository.js';

/** `POST /ticket-notes`: an internal note by the caller on a ticket they may open (about its contact). */
@Injectable()
export class CreateTicketNoteUseCase {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly notes: TicketNotesRepository,
    private readonly tickets: TicketsRepository,
    private readonly ticketQueries: TicketsQueries,
    private readonly projections: ProjectionsRepository,
  ) {}

  async execute(companyId: CompanyId, identity: Identity, input: CreateTicketNoteInput): Promise<TicketNoteView> {
    if (input.contactId !== undefined && input.contactId !== null) await this.projections.awaitContact(input.contactId);
    return this.transactions.run(async () => {
      const ticket = await this.tickets.find(companyId, input.ticketId);
      if (!ticket) throw new DomainError('ERR_NO_TICKET_FOUND');
      if (!(await this.ticketQueries.canSee(companyId, identity, ticket))) throw new DomainError('ERR_NO_PERMISSION');
      const contactId = input.contactId ?? ticket.contactId;
      if (contactId !== ticket.contactId && !(await this.projections.contact(companyId, contactId))) {
        throw new DomainError('ERR_NO_CONTACT_FOUND');
      }
      const id = await this.notes.insert(companyId, {
        ticketId: ticket.id,
        contactId,
        userId: identity.userId,
        note: input.note,
      });
      const note = await this.notes.find(companyId, id);
      if (!note) throw new DomainError('ERR_NO_TICKET_NOTE_FOUND');
      return note;
    });
  }
}
