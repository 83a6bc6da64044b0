import type { TypedEvent, WhatsappMessageAckTopic } from '@cs/proto/events';
import { ConversationHooks } from '../../tickets/conversation-hooks.js';
import type { TicketEvents } from '../../tickets/ticket-events.js';
import type { TicketRow, TicketsRepository } from '../../tickets/tickets.repository.js';
import {
  COMPANY,
  inlineTransactions,
  messageRow,
  patchedTicket,
  recordingPublisher,
  ticketRow,
} from '../../../../test/factories/rows.js';
import type { MessageRow, MessagesRepository } from '../messages.repository.js';
import { ApplySendResultUseCase } from './apply-send-result.use-case.js';

type AckEvent = TypedEvent<typeof WhatsappMessageAckTopic>;
const event = <T extends AckEvent['type']>(type: T, data: Extract<AckEvent, { type: T }>['data']) =>
  ({ type, data }) as AckEvent;

const COMMAND = '00000000-0000-4000-8000-000000000001';

/** One stored message and its ticket in memory; what the agents' screens were told and the failures announced. */
function results(message: Partial<MessageRow>, ticket: Partial<TicketRow> = {}) {
  const { events, publisher } = recordingPublisher();
  const updates = () =>
    events.filter((event) => event.type === 'tickets.message.updated').map((event) => event.data.message as MessageRow);
  const state = {
    message: messageRow(message),
    ticket: ticketRow({ status: 'open', userId: 3, ...ticket }),
    ticketUpdates: 0,
    failures: [] as Array<{ messageId: string; reason: string }>,
  };
  const messages: Partial<MessagesRepository> = {
    find: async (_companyId, id) => (id === state.message.id ? state.message : null),
    findByWaId: async (_companyId, _connectionId, waId) => (waId === state.message.waId ? state.message : null),
    patch: async (_companyId, _id, patch) => (state.message = { ...state.message, ...patch }),
  };
  const tickets: Partial<TicketsRepository> = {
    find: async () => state.ticket,
    patch: async (_companyId, _id, patch) => (state.ticket = patchedTicket(state.ticket, patch)),
    snapshot: async () => ({ id: state.ticket.id }) as never,
  };
  const hooks = new ConversationHooks();
  hooks.sendFailed.on(async (_companyId, failure) => {
    state.failures.push(failure);
  });
  const ticketEvents: Partial<TicketEvents> = {
    updated: async () => {
      state.ticketUpdates += 1;
      return {} as never;
    },
  };
  const useCase = new ApplySendResultUseCase(
    inlineTransactions,
    messages as MessagesRepository,
    tickets as TicketsRepository,
    hooks,
    publisher,
    ticketEvents as TicketEvents,
  );
  const apply = (result: AckEvent) => useCase.execute(COMPANY, result);
  return { state, apply, updates };
}

const base = { commandId: COMMAND, connectionId: 1 };

describe(ApplySendResultUseCase.name, () => {
  it('gives a pending message its WhatsApp id (sent, ack 1) and clears an earlier error', async () => {
    const { state, apply, updates } = results({ waId: null, ack: 0, error: 'timeout' });
    await apply(
      event('whatsapp.message.sent', {
        ...base,
        clientMessageId: 'm-1',
        chatJid: 'x',
        messageId: 'WA-9',
        timestamp: new Date(0).toISOString(),
      }),
    );
    expect(state.message).toMatchObject({ waId: 'WA-9', ack: 1, error: null });
    expect(updates()).toHaveLength(1);
  });

  it('marks a failed send (ack 0, the reason kept) and announces it for scheduled messages', async () => {
    const { state, apply, updates } = results({ waId: null, ack: 0 });
    await apply(
      event('whatsapp.message.send-failed', {
        ...base,
        clientMessageId: 'm-1',
        error: 'ERR_SENDING_WAPP_MSG',
        reason: 'number not on WhatsApp',
      }),
    );
    expect(state.message).toMatchObject({ ack: 0, error: 'number not on WhatsApp' });
    expect(state.failures).toEqual([{ messageId: 'm-1', reason: 'number not on WhatsApp' }]);
    expect(updates()).toHaveLength(1);
  });

  it('moves acks forward only: a late "delivered" after "read" changes nothing', async () => {
    const { state, apply, updates } = results({ ack: 2 });
    const ack = (value: number) =>
      apply(event('whatsapp.message.ack', { connectionId: 1, chatJid: 'x', messageId: 'WA-1', ack: value }));
    await ack(4);
    await ack(3);
    expect(state.message.ack).toBe(4);
    expect(updates().map((message) => message.ack)).toEqual([4]);
  });

  it('ignores results for messages it does not know', async () => {
    const { state, apply, updates } = results({});
    await apply(
      event('whatsapp.message.send-failed', {
        ...base,
        clientMessageId: 'other',
        error: 'ERR_SENDING_WAPP_MSG',
        reason: 'x',
      }),
    );
    await apply(event('whatsapp.message.ack', { connectionId: 1, chatJid: 'x', messageId: 'WA-other', ack: 3 }));
    expect(updates()).toEqual([]);
    expect(state.failures).toEqual([]);
  });

  const editFailed = (body: string) =>
    event('whatsapp.message.edit-failed', {
      ...base,
      clientMessageId: 'm-1',
      chatJid: 'x',
      messageId: 'WA-1',
      body,
      previous: { body: 'O boleto vence amanhã', isEdited: false },
      error: 'ERR_EDIT_WAPP_MSG',
      reason: 'too late',
    });

  it('puts the previous text back when WhatsApp refused an edit, with the ticket’s preview', async () => {
    const { state, apply, updates } = results(
      { body: 'O boleto vence sexta', isEdited: true },
      { lastMessage: 'O boleto vence sexta' },
    );
    await apply(editFailed('O boleto vence sexta'));
    expect(state.message).toMatchObject({ body: 'O boleto vence amanhã', isEdited: false, error: 'too late' });
    expect(state.ticket.lastMessage).toBe('O boleto vence amanhã');
    expect(state.ticketUpdates).toBe(1);
    expect(updates()).toHaveLength(1);
  });

  it('keeps a later edit when an earlier one fails', async () => {
    const { state, apply, updates } = results({ body: 'O boleto vence segunda', isEdited: true });
    await apply(editFailed('O boleto vence sexta'));
    expect(state.message).toMatchObject({ body: 'O boleto vence segunda', isEdited: true, error: null });
    expect(updates()).toEqual([]);
  });
});
