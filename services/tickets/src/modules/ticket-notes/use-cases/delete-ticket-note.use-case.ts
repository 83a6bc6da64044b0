import { Injectable } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import { TransactionHost } from '@cs/platform/database';
import { DomainError } from '@cs/platform/errors';
import type { Identity } from '@cs/platform/tenancy';
import { assertMayEditNote } from '../ticket-notes.errors.js';
import { TicketNotesRepository } from '../ticket-notes.repository.js';

/** `DELETE /ticket-notes/{id}`: its author's own note, or any note for an admin. */
@Injectable()
export class DeleteTicketNoteUseCase {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly notes: TicketNotesRepository,
  ) {}

  async execute(companyId: CompanyId, identity: Identity, id: number): Promise<void> {
    await this.transactions.run(async () => {
      const note = await this.notes.find(companyId, id);
      if (!note) throw new DomainError('ERR_NO_TICKET_NOTE_FOUND');
      assertMayEditNote(identity, note);
      await this.notes.delete(companyId, id);
    });
  }
}
