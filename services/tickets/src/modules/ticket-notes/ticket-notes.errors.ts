import { DomainError } from '@cs/platform/errors';
import type { Identity } from '@cs/platform/tenancy';
import { isAdmin } from '../tickets/tickets.queries.js';
import type { TicketNoteView } from './ticket-notes.repository.js';

/** A note is changed or deleted by its author or an admin. */
export function assertMayEditNote(identity: Identity, note: TicketNoteView): void {
  if (note.userId !== identity.userId && !isAdmin(identity)) throw new DomainError('ERR_NO_PERMISSION');
}
