import type { TicketSnapshot } from '@cs/proto/events';
import type { TicketsQueries } from '../../tickets/tickets.queries.js';
import type { TicketRow, TicketsRepository } from '../../tickets/tickets.repository.js';
import { COMPANY, identityOf, inlineTransactions, ticketRow } from '../../../../test/factories/rows.js';
import type { MessagesQueries } from '../messages.queries.js';
import type { TicketLifecycle } from '../ticket-lifecycle.service.js';
import { ReadTicketMessagesUseCase } from './read-ticket-messages.use-case.js';

/**
 * Ticket 10 with three unread messages in memory; the reader sees it unless `visible` is false. Records the pages
 * read and the tickets marked read.
 */
function reading(options: { visible?: boolean } = {}) {
  let ticket: TicketRow = ticketRow({ status: 'open', userId: 3, unreadMessages: 3 });
  const state = { pages: [] as number[], markedRead: [] as number[] };
  const tickets: Partial<TicketsRepository> = {
    find: async (_companyId, id) => (id === ticket.id ? ticket : null),
    snapshot: async (_companyId, id) => ({ id, unreadMessages: ticket.unreadMessages }) as TicketSnapshot,
  };
  const queries: Partial<TicketsQueries> = { canSee: async () => options.visible ?? true };
  const messages: Partial<MessagesQueries> = {
    page: async (_companyId, _ticketId, pageNumber) => {
      state.pages.push(pageNumber);
      return { messages: [], count: 45, hasMore: pageNumber < 2 };
    },
  };
  const lifecycle: Partial<TicketLifecycle> = {
    markRead: async (_companyId, read) => {
      state.markedRead.push(read.id);
      ticket = { ...ticket, unreadMessages: 0 };
    },
  };
  const useCase = new ReadTicketMessagesUseCase(
    inlineTransactions,
    tickets as TicketsRepository,
    queries as TicketsQueries,
    messages as MessagesQueries,
    lifecycle as TicketLifecycle,
  );
  return { state, read: (id: number, page = 1) => useCase.execute(COMPANY, identityOf(3), id, page) };
}

describe(ReadTicketMessagesUseCase.name, () => {
  it('answers the page with the ticket as it is once read: reading it marks it read', async () => {
    const { state, read } = reading();
    await expect(read(10, 2)).resolves.toEqual({
      messages: [],
      count: 45,
      hasMore: false,
      ticket: { id: 10, unreadMessages: 0 },
    });
    expect(state).toEqual({ pages: [2], markedRead: [10] });
  });

  it('neither shows nor marks read a ticket the user may not see, nor another company’s', async () => {
    const hidden = reading({ visible: false });
    await expect(hidden.read(10)).rejects.toMatchObject({ code: 'ERR_NO_PERMISSION' });
    const { state, read } = reading();
    await expect(read(99)).rejects.toMatchObject({ code: 'ERR_NO_TICKET_FOUND' });
    expect([hidden.state, state]).toEqual([
      { pages: [], markedRead: [] },
      { pages: [], markedRead: [] },
    ]);
  });
});
