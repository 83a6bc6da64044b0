import type { TicketsQueries } from '../../tickets/tickets.queries.js';
import type { TicketsRepository } from '../../tickets/tickets.repository.js';
import {
  COMPANY,
  identityOf,
  inlineTransactions,
  messageRow,
  recordingPublisher,
  ticketRow,
} from '../../../../test/factories/rows.js';
import type { MessageRow, MessagesRepository } from '../messages.repository.js';
import { DeleteMessageUseCase } from './delete-message.use-case.js';

/** One message on an agent's ticket in memory, and the events (commands to WhatsApp included) written. */
function deleting(message: Partial<MessageRow>, options: { visible?: boolean } = {}) {
  const ticket = ticketRow({ status: 'open', userId: 3, queueId: 1 });
  const { events, publisher } = recordingPublisher();
  const state = { message: messageRow(message), events };
  const messages: Partial<MessagesRepository> = {
    find: async (_companyId, id) => (id === state.message.id ? state.message : null),
    patch: async (_companyId, _id, patch) => (state.message = { ...state.message, ...patch }),
  };
  const tickets: Partial<TicketsRepository> = {
    find: async (_companyId, id) => (id === ticket.id ? ticket : null),
    snapshot: async () => ({ id: ticket.id }) as never,
  };
  const queries: Partial<TicketsQueries> = { canSee: async () => options.visible ?? true };
  const useCase = new DeleteMessageUseCase(
    inlineTransactions,
    messages as MessagesRepository,
    tickets as TicketsRepository,
    queries as TicketsQueries,
    publisher,
  );
  const remove = (id = state.message.id) => useCase.execute(COMPANY, identityOf(3), id);
  return { state, ticket, remove };
}

describe(DeleteMessageUseCase.name, () => {
  it('shows our message as deleted and asks WhatsApp to revoke it for everyone', async () => {
    const { state, ticket, remove } = deleting({});
    expect(await remove()).toMatchObject({ id: 'm-1', isDeleted: true });
    expect(state.events).toEqual([
      {
        type: 'whatsapp.message.delete',
        data: expect.objectContaining({ connectionId: ticket.whatsappId, chatJid: ticket.chatJid, messageId: 'WA-1' }),
      },
      {
        type: 'tickets.message.updated',
        data: expect.objectContaining({ message: expect.objectContaining({ isDeleted: true }) }),
      },
    ]);
  });

  it('sends nothing to WhatsApp for a message it never accepted, but still shows it deleted', async () => {
    const { state, remove } = deleting({ waId: null });
    await remove();
    expect(state.events.map((event) => event.type)).toEqual(['tickets.message.updated']);
  });

  it('refuses to delete the contact’s message', async () => {
    const { state, remove } = deleting({ fromMe: false });
    await expect(remove()).rejects.toMatchObject({ code: 'ERR_NO_PERMISSION' });
    expect(state.message.isDeleted).toBe(false);
    expect(state.events).toEqual([]);
  });

  it('answers not found for an unknown message or one on a ticket the user may not see', async () => {
    await expect(deleting({}).remove('m-other')).rejects.toMatchObject({ code: 'ERR_NOT_FOUND' });
    const hidden = deleting({}, { visible: false });
    await expect(hidden.remove()).rejects.toMatchObject({ code: 'ERR_NOT_FOUND' });
    expect(hidden.state.message.isDeleted).toBe(false);
  });
});
