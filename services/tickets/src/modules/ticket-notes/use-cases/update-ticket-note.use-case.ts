import { Injectable } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import { type UpdateTicketNoteInput } from '@cs/proto/http';
import { TransactionHost } from '@cs/platform/database';
import { DomainError } from '@cs/platform/errors';
import type { Identity } from '@cs/platform/tenancy';
import { assertMayEditNote } from '../ticket-notes.errors.js';
import { type TicketNoteView, TicketNotesRepository } from '../ticket-notes.repository.js';

/** `PUT /ticket-notes/{id}`: its author (or an admin) rewrites a note. */
@Injectable()
export class UpdateTicketNoteUseCase {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly notes: TicketNotesRepository,
  ) {}

  async execute(
    companyId: CompanyId,
    identity: Identity,
    id: number,
    input: UpdateTicketNoteInput,
  ): Promise<TicketNoteView> {
    return this.transactions.run(async () => {
      const current = await this.notes.find(companyId, id);
      if (!current) throw new DomainError('ERR_NO_TICKET_NOTE_FOUND');
      assertMayEditNote(identity, current);
      await this.notes.update(companyId, id, input.note);
      const note = await this.notes.find(companyId, id);
      if (!note) throw new DomainError('ERR_NO_TICKET_NOTE_FOUND');
      return note;
    });
  }
}
