import { MESSAGE_EDIT_WINDOW_MS } from '@cs/proto/http';
import type { EventPublisher } from '@cs/platform/events';
import type { TicketEvents } from '../../tickets/ticket-events.js';
import type { TicketsQueries } from '../../tickets/tickets.queries.js';
import type { TicketsRepository } from '../../tickets/tickets.repository.js';
import {
  COMPANY,
  identityOf,
  inlineTransactions,
  messageRow,
  patchedTicket,
  ticketRow,
} from '../../../../test/factories/rows.js';
import type { MessageRow, MessagesRepository } from '../messages.repository.js';
import { EditMessageUseCase } from './edit-message.use-case.js';

const SENT_AT = new Date('2026-11-20T12:00:00.000Z');
const minutesAfterSending = (minutes: number) => new Date(SENT_AT.getTime() + minutes * 60_000);

const ourText = (overrides: Partial<MessageRow> = {}): MessageRow =>
  messageRow({ createdAt: SENT_AT.toISOString(), updatedAt: SENT_AT.toISOString(), ...overrides });

/** One message on one ticket in memory: its text, the ticket's preview, and the commands sent to WhatsApp. */
function editing(message: Partial<MessageRow>, options: { visible?: boolean; preview?: string } = {}) {
  const state = {
    message: ourText(message),
    ticket: ticketRow({ status: 'open', userId: 3, queueId: 1, lastMessage: options.preview ?? 'outra coisa' }),
    commands: [] as Array<{ body: string; previous: { body: string; isEdited: boolean } }>,
  };
  const messages: Partial<MessagesRepository> = {
    find: async (_companyId, id) => (id === state.message.id ? state.message : null),
    patch: async (_companyId, _id, patch) => {
      state.message = { ...state.message, ...patch };
      return state.message;
    },
  };
  const tickets: Partial<TicketsRepository> = {
    find: async () => state.ticket,
    patch: async (_companyId, _id, patch) => (state.ticket = patchedTicket(state.ticket, patch)),
    snapshot: async () => null,
  };
  const queries: Partial<TicketsQueries> = { canSee: async () => options.visible ?? true };
  const events = {
    emit: async (definition: { type: string }, input: { data: unknown }) => {
      if (definition.type.includes('edit')) state.commands.push(input.data as (typeof state.commands)[number]);
    },
  } as unknown as EventPublisher;
  const ticketEvents = { updated: async (): Promise<unknown> => undefined } as unknown as TicketEvents;
  const useCase = new EditMessageUseCase(
    inlineTransactions,
    messages as MessagesRepository,
    tickets as TicketsRepository,
    queries as TicketsQueries,
    events,
    ticketEvents,
  );
  const edit = (body: string, at = minutesAfterSending(1)) =>
    useCase.execute(COMPANY, identityOf(3), state.message.id, { body }, at);
  return { state, edit };
}

describe(EditMessageUseCase.name, () => {
  it('changes our text, marks it edited and asks WhatsApp to edit it, with the text before', async () => {
    const { state, edit } = editing({});
    const edited = await edit('  O boleto vence sexta  ');
    expect(edited).toMatchObject({ body: 'O boleto vence sexta', isEdited: true });
    expect(state.commands).toMatchObject([
      { body: 'O boleto vence sexta', previous: { body: 'O boleto vence amanhã', isEdited: false } },
    ]);
  });

  it('updates the ticket’s preview when the edited message is the last one shown', async () => {
    const shown = editing({}, { preview: 'O boleto vence amanhã' });
    await shown.edit('O boleto vence sexta');
    expect(shown.state.ticket.lastMessage).toBe('O boleto vence sexta');
    const older = editing({}, { preview: 'obrigado!' });
    await older.edit('O boleto vence sexta');
    expect(older.state.ticket.lastMessage).toBe('obrigado!');
  });

  it('sends nothing when the text did not change', async () => {
    const { state, edit } = editing({});
    expect(await edit('O boleto vence amanhã ')).toMatchObject({ isEdited: false });
    expect(state.commands).toEqual([]);
  });

  it('allows editing for 15 minutes after sending, then refuses', async () => {
    const windowMinutes = MESSAGE_EDIT_WINDOW_MS / 60_000;
    await expect(editing({}).edit('a tempo', minutesAfterSending(windowMinutes))).resolves.toBeDefined();
    await expect(editing({}).edit('tarde', minutesAfterSending(windowMinutes + 1))).rejects.toMatchObject({
      code: 'ERR_MESSAGE_EDIT_EXPIRED',
    });
  });

  it.each([
    ['a customer’s message', { fromMe: false }, 'ERR_NO_PERMISSION'],
    ['a media message', { mediaType: 'image' }, 'ERR_MESSAGE_NOT_EDITABLE'],
    ['a deleted message', { isDeleted: true }, 'ERR_MESSAGE_NOT_EDITABLE'],
    ['a message WhatsApp has not accepted yet', { waId: null }, 'ERR_MESSAGE_NOT_EDITABLE'],
  ] as Array<[string, Partial<MessageRow>, string]>)('refuses to edit %s', async (_what, message, code) => {
    const { state, edit } = editing(message);
    await expect(edit('novo')).rejects.toMatchObject({ code });
    expect(state.commands).toEqual([]);
  });

  it('answers not found for a message on a ticket the user may not see', async () => {
    await expect(editing({}, { visible: false }).edit('novo')).rejects.toMatchObject({ code: 'ERR_NOT_FOUND' });
  });
});
