import { TicketDeleted } from '@cs/proto/events';
import { COMPANY, inlineTransactions, recordingPublisher, ticketRow } from '../../../../test/factories/rows.js';
import { TicketEvents } from '../../tickets/ticket-events.js';
import type { TicketRow, TicketsRepository } from '../../tickets/tickets.repository.js';
import { DeleteTicketUseCase } from './delete-ticket.use-case.js';

/** An agent's open ticket in the Sales queue, in memory; what was announced. */
function deleting() {
  const { events, publisher } = recordingPublisher();
  const rows = new Map<number, TicketRow>([[10, ticketRow({ status: 'open', userId: 3, queueId: 1 })]]);
  const locked: number[] = [];
  const tickets: Partial<TicketsRepository> = {
    find: async (_companyId, id, options) => {
      if (options?.lock) locked.push(id);
      return rows.get(id) ?? null;
    },
    delete: async (_companyId, id) => {
      rows.delete(id);
    },
  };
  const repository = tickets as TicketsRepository;
  const useCase = new DeleteTicketUseCase(inlineTransactions, repository, new TicketEvents(repository, publisher));
  return { rows, events, locked, remove: (id: number) => useCase.execute(COMPANY, id) };
}

describe(DeleteTicketUseCase.name, () => {
  it('deletes the ticket it locked and announces where it was, so every list showing it drops it', async () => {
    const { rows, events, locked, remove } = deleting();
    await remove(10);

    expect(locked).toEqual([10]);
    expect(rows.size).toBe(0);
    expect(events).toEqual([
      {
        type: TicketDeleted.type,
        data: {
          id: 10,
          uuid: '00000000-0000-4000-8000-000000000010',
          previous: { status: 'open', queueId: 1, userId: 3 },
        },
      },
    ]);
  });

  it('answers not found for a ticket the company does not have, announcing nothing', async () => {
    const { rows, events, remove } = deleting();
    await expect(remove(11)).rejects.toMatchObject({ code: 'ERR_NO_TICKET_FOUND' });
    expect(rows.size).toBe(1);
    expect(events).toEqual([]);
  });
});
