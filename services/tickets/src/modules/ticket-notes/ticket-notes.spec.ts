import type { TicketNoteView } from '@cs/proto/http';
import type { ContactView, ProjectionsRepository } from '../projections/projections.repository.js';
import type { TicketsQueries } from '../tickets/tickets.queries.js';
import type { TicketsRepository } from '../tickets/tickets.repository.js';
import { COMPANY, identityOf, inlineTransactions, ticketRow } from '../../../test/factories/rows.js';
import type { TicketNotesRepository } from './ticket-notes.repository.js';
import { CreateTicketNoteUseCase } from './use-cases/create-ticket-note.use-case.js';
import { DeleteTicketNoteUseCase } from './use-cases/delete-ticket-note.use-case.js';
import { UpdateTicketNoteUseCase } from './use-cases/update-ticket-note.use-case.js';

const AUTHOR = 3;
const COLLEAGUE = 4;
const ADMIN = 5;
const OTHER_CONTACT = 6;

/** A ticket and its notes in memory, behind the notes' use-cases. */
function notesOf(options: { visible?: boolean } = {}) {
  const ticket = ticketRow({ status: 'open', userId: AUTHOR, queueId: 1 });
  const notes = new Map<number, TicketNoteView>();
  const repository: Partial<TicketNotesRepository> = {
    find: async (_companyId, id) => notes.get(id) ?? null,
    insert: async (_companyId, input) => {
      const id = notes.size + 1;
      notes.set(id, { id, ...input, user: null, createdAt: '', updatedAt: '' });
      return id;
    },
    update: async (_companyId, id, note) => {
      notes.set(id, { ...(notes.get(id) as TicketNoteView), note });
    },
    delete: async (_companyId, id) => {
      notes.delete(id);
    },
  };
  const tickets: Partial<TicketsRepository> = { find: async (_companyId, id) => (id === ticket.id ? ticket : null) };
  const queries: Partial<TicketsQueries> = { canSee: async () => options.visible ?? true };
  const projections: Partial<ProjectionsRepository> = {
    awaitContact: async () => undefined,
    contact: async (_companyId, id) => (id === OTHER_CONTACT ? ({ id } as ContactView) : null),
  };
  const create = new CreateTicketNoteUseCase(
    inlineTransactions,
    repository as TicketNotesRepository,
    tickets as TicketsRepository,
    queries as TicketsQueries,
    projections as ProjectionsRepository,
  );
  const update = new UpdateTicketNoteUseCase(inlineTransactions, repository as TicketNotesRepository);
  const remove = new DeleteTicketNoteUseCase(inlineTransactions, repository as TicketNotesRepository);
  return {
    notes,
    ticket,
    write: (note: string, contactId?: number, ticketId = ticket.id) =>
      create.execute(COMPANY, identityOf(AUTHOR), { ticketId, note, ...(contactId ? { contactId } : {}) }),
    rewrite: (by: number, id: number, note: string, profile: 'admin' | 'user' = 'user') =>
      update.execute(COMPANY, identityOf(by, profile), id, { note }),
    erase: (by: number, id: number, profile: 'admin' | 'user' = 'user') =>
      remove.execute(COMPANY, identityOf(by, profile), id),
  };
}

describe('ticket notes', () => {
  it('are written by the caller about the ticket’s contact, or another contact that exists', async () => {
    const { write, ticket } = notesOf();
    expect(await write('ligar amanhã')).toMatchObject({ userId: AUTHOR, contactId: ticket.contactId });
    expect(await write('é o sócio', OTHER_CONTACT)).toMatchObject({ contactId: OTHER_CONTACT });
    await expect(write('quem?', 99)).rejects.toMatchObject({ code: 'ERR_NO_CONTACT_FOUND' });
  });

  it('cannot be written on a ticket the caller may not see or that does not exist', async () => {
    await expect(notesOf({ visible: false }).write('oi')).rejects.toMatchObject({ code: 'ERR_NO_PERMISSION' });
    await expect(notesOf().write('oi', undefined, 404)).rejects.toMatchObject({ code: 'ERR_NO_TICKET_FOUND' });
  });

  it('are rewritten or deleted by their author or an admin, never by a colleague', async () => {
    const { write, rewrite, erase, notes } = notesOf();
    const { id } = await write('ligar amanhã');
    await expect(rewrite(COLLEAGUE, id, 'apagado')).rejects.toMatchObject({ code: 'ERR_NO_PERMISSION' });
    await expect(erase(COLLEAGUE, id)).rejects.toMatchObject({ code: 'ERR_NO_PERMISSION' });
    expect(await rewrite(AUTHOR, id, 'ligar às 10h')).toMatchObject({ note: 'ligar às 10h' });
    expect(await rewrite(ADMIN, id, 'ligar às 11h', 'admin')).toMatchObject({ note: 'ligar às 11h' });
    await erase(ADMIN, id, 'admin');
    expect(notes.size).toBe(0);
    await expect(erase(AUTHOR, id)).rejects.toMatchObject({ code: 'ERR_NO_TICKET_NOTE_FOUND' });
  });
});
