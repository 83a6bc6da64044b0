import { Logger } from '@nestjs/common';
import type { InboundMessage, TicketSnapshot } from '@cs/proto/events';
import { MessageCreated, MessageUpdated, TicketCreated, TicketUpdated } from '@cs/proto/events';
import type { TransactionHost } from '@cs/platform/database';
import {
  COMPANY,
  companyView,
  connectionView,
  messageRow,
  patchedTicket,
  recordingPublisher,
  ticketRow,
} from '../../../../test/factories/rows.js';
import { chatOf, contactSnapshot, receivedText, resolvedInbound } from '../../../../test/factories/inbound.js';
import type { ConnectionView, ProjectionsRepository } from '../../projections/projections.repository.js';
import { ConversationHooks, type InboundResponder } from '../../tickets/conversation-hooks.js';
import { TicketEvents } from '../../tickets/ticket-events.js';
import type { TicketRow, TicketsRepository, TrackingRow } from '../../tickets/tickets.repository.js';
import type { MessageRow, MessagesRepository, NewMessage } from '../messages.repository.js';
import type { TicketLifecycle } from '../ticket-lifecycle.service.js';
import { ReceiveInboundUseCase, type Resolved } from './receive-inbound.use-case.js';

const CONTACT = 5;
const SALES = 1;
const SUPPORT = 2;
const MARIA = contactSnapshot(COMPANY, CONTACT, 'Maria', '5511999990000');
const chat = chatOf(MARIA, 1);

const resolved = (source: Resolved['source'], extra: Partial<Resolved> = {}): Resolved => ({
  ...resolvedInbound(MARIA, source),
  ...extra,
});

/** The customer's text message `WA1` on connection 1 ("quero comprar"). */
const received = (overrides: Partial<InboundMessage> = {}, extra: Partial<Resolved> = {}): Resolved =>
  resolved({ type: 'whatsapp.message.received', data: receivedText(MARIA, 1, overrides) }, extra);

const cycleRow = (overrides: Partial<TrackingRow> = {}): TrackingRow => ({
  id: 30,
  ticketId: 10,
  userId: 3,
  queueId: SALES,
  createdAt: new Date(0),
  queuedAt: null,
  startedAt: new Date(0),
  finishedAt: null,
  ratingAt: null,
  chatbotAt: null,
  rated: false,
  rate: null,
  ...overrides,
});

/** What the automation above the inbound path does with a customer message on a ticket it answers. */
interface Bot {
  /** The ticket's fields after the bot answered (it may also fail after writing them). */
  readonly writes: Partial<TicketRow>;
  readonly fails?: boolean;
}

/**
 * One contact's conversation on connection 1 in memory behind the inbound path's ports: the ticket (none until the
 * first message), its attendance cycle, the stored messages, what went to the outbox, what the company said on its
 * own, the ratings recorded and the auto-transfer timers armed. `SAVEPOINT`/`ROLLBACK TO` restore the ticket and its
 * cycle as a transaction would.
 */
function inbox(
  options: {
    ticket?: Partial<TicketRow>;
    cycle?: Partial<TrackingRow>;
    messages?: MessageRow[];
    settings?: Record<string, string>;
    connection?: Partial<ConnectionView>;
    bot?: Bot;
  } = {},
) {
  const state = {
    ticket: options.ticket ? ticketRow(options.ticket) : null,
    cycle: options.cycle ? cycleRow(options.cycle) : null,
    messages: new Map((options.messages ?? []).map((message) => [message.id, message])),
    said: [] as string[],
    ratings: [] as number[],
    timers: [] as number[],
    botFailures: [] as string[],
    projectedContacts: [] as string[],
  };
  const { events, publisher } = recordingPublisher();
  const snapshotOf = (ticket: TicketRow) =>
    ({
      id: ticket.id,
      status: ticket.status,
      queueId: ticket.queueId,
      userId: ticket.userId,
      lastMessage: ticket.lastMessage,
      unreadMessages: ticket.unreadMessages,
    }) as unknown as TicketSnapshot;
  const current = (): TicketRow => {
    if (!state.ticket) throw new Error('no ticket');
    return state.ticket;
  };
  const openCycle = (ticket: TicketRow): TrackingRow => {
    if (!state.cycle || state.cycle.finishedAt) {
      state.cycle = cycleRow({ id: 31, userId: ticket.userId, queueId: ticket.queueId, startedAt: null });
    }
    return state.cycle;
  };

  let saved: { ticket: TicketRow | null; cycle: TrackingRow | null } | null = null;
  const manager = {
    query: async (sql: string, params: unknown[] = []) => {
      if (sql === 'SAVEPOINT inbound_bots') saved = structuredClone({ ticket: state.ticket, cycle: state.cycle });
      else if (sql === 'ROLLBACK TO SAVEPOINT inbound_bots' && saved) Object.assign(state, saved);
      else if (sql.includes("media_type = 'reactionMessage'")) {
        const [, , targetId, fromMe] = params;
        return [...state.messages.values()]
          .filter((m) => m.mediaType === 'reactionMessage' && m.quotedMsgId === targetId)
          .filter((m) => m.fromMe === fromMe && !m.isDeleted)
          .map((m) => ({ id: m.id }));
      } else throw new Error(`unexpected statement: ${sql}`);
      return [];
    },
  };
  const transactions = {
    manager,
    run: async (fn: (manager: unknown) => Promise<unknown>) => fn(manager),
  } as unknown as TransactionHost;

  const tickets: Partial<TicketsRepository> = {
    findForInbound: async (_companyId, input) => ({
      ticket:
        state.ticket?.contactId === input.contactId && state.ticket.whatsappId === input.whatsappId
          ? state.ticket
          : null,
      duplicate: [...state.messages.values()].some((m) => m.whatsappId === input.whatsappId && m.waId === input.waId),
    }),
    findOrCreate: async (_companyId, input) => {
      state.ticket = ticketRow({ id: 11, ...input, lastMessage: '', unreadMessages: 0 });
      return { ticket: state.ticket, created: true };
    },
    find: async () => state.ticket,
    patch: async (_companyId, _id, patch) => (state.ticket = patchedTicket(current(), patch)),
    recordMessage: async (_companyId, _id, preview) => {
      state.ticket = { ...current(), ...preview };
      if (state.ticket.status !== 'closed') openCycle(state.ticket);
      return { ticket: state.ticket, snapshot: snapshotOf(state.ticket) };
    },
    currentCycle: async () => (state.cycle?.finishedAt ? null : state.cycle),
    openCycle: async (_companyId, ticket) => openCycle(ticket),
    patchCycle: async (_companyId, _id, patch) => {
      const cycle = state.cycle as TrackingRow;
      state.cycle = {
        ...cycle,
        ...(patch.finishedAt === 'now' ? { finishedAt: new Date() } : {}),
        ...(patch.queuedAt === 'now' ? { queuedAt: new Date() } : {}),
        ...(patch.queueId !== undefined ? { queueId: patch.queueId } : {}),
      };
    },
    findWithSnapshot: async () => ({ ticket: current(), snapshot: snapshotOf(current()) }),
    snapshot: async () => (state.ticket ? snapshotOf(state.ticket) : null),
  };
  const messages: Partial<MessagesRepository> = {
    findByWaId: async (_companyId, whatsappId, waId) =>
      [...state.messages.values()].find((m) => m.whatsappId === whatsappId && m.waId === waId) ?? null,
    insert: async (_companyId, message: NewMessage) => {
      if (state.messages.has(message.id)) return null;
      const { queueId: _queue, createdAt, refusedMedia: _refused, ...fields } = message;
      const row = messageRow({ ...fields, isDeleted: false, isEdited: false, error: null });
      state.messages.set(row.id, { ...row, createdAt: (createdAt ?? new Date(0)).toISOString() });
      return state.messages.get(row.id) ?? null;
    },
    patch: async (_companyId, id, patch) => {
      const message = state.messages.get(id);
      if (!message) return null;
      state.messages.set(id, { ...message, ...patch });
      return state.messages.get(id) ?? null;
    },
  };
  const projections: Partial<ProjectionsRepository> = {
    upsertContact: async (snapshot) => void state.projectedContacts.push(snapshot.name),
    company: async () => companyView({ settings: options.settings ?? {} }),
  };
  const lifecycle: Partial<TicketLifecycle> = {
    say: async (_companyId, _ticketId, text) => void state.said.push(text),
    finishRating: async (_companyId, _ticket, cycle, rate) => {
      state.ratings.push(rate);
      state.cycle = { ...cycle, finishedAt: new Date(), rated: true, rate };
    },
  };

  const hooks = new ConversationHooks();
  hooks.waitingWithoutQueue.on(async (_companyId, { ticket }) => void state.timers.push(ticket.id));
  const bot = options.bot;
  if (bot) {
    const connection = connectionView(options.connection);
    const responder: InboundResponder = {
      answers: (ticket) => ticket.chatbot,
      prepare: async () => ({
        connection,
        idle: false,
        run: async () => {
          state.ticket = { ...current(), ...bot.writes };
          if (bot.fails) throw new Error('Typebot answered 500');
          return { ticket: state.ticket, snapshot: snapshotOf(state.ticket) };
        },
      }),
      failed: async (_companyId, _ticket, error) => void state.botFailures.push((error as Error).message),
    };
    hooks.answerWith(responder);
  }

  const useCase = new ReceiveInboundUseCase(
    transactions,
    projections as ProjectionsRepository,
    tickets as TicketsRepository,
    messages as MessagesRepository,
    new TicketEvents(tickets as TicketsRepository, publisher),
    lifecycle as TicketLifecycle,
    hooks,
    publisher,
  );
  return {
    state,
    events,
    /** The types of the events written, in order. */
    written: () => events.map((event) => event.type),
    receive: (data: Resolved) => useCase.execute(COMPANY, data),
  };
}

describe(ReceiveInboundUseCase.name, () => {
  describe('a customer message', () => {
    it('opens a pending ticket for a new contact, stores the message unread and arms the auto-transfer timer', async () => {
      const { state, events, written, receive } = inbox();
      await receive(received());

      expect(state.ticket).toMatchObject({ status: 'pending', queueId: null, lastMessage: 'quero comprar' });
      expect(state.ticket?.unreadMessages).toBe(1);
      expect(state.messages.get('WA1')).toMatchObject({ body: 'quero comprar', fromMe: false, contactId: CONTACT });
      expect(state.cycle).toMatchObject({ queueId: null, finishedAt: null });
      expect(written()).toEqual([MessageCreated.type, TicketCreated.type]);
      expect(events[1]?.data).toMatchObject({ previous: null });
      expect(state.timers).toEqual([11]);
    });

    it('stores a message WhatsApp delivers again only once, and announces nothing the second time', async () => {
      const { state, written, receive } = inbox();
      await receive(received());
      await receive(received());

      expect([...state.messages.keys()]).toEqual(['WA1']);
      expect(state.ticket?.unreadMessages).toBe(1);
      expect(written()).toEqual([MessageCreated.type, TicketCreated.type]);
    });

    it('is only stored and counted on an agent’s open ticket: no bot, no timer', async () => {
      const { state, events, written, receive } = inbox({
        ticket: { status: 'open', userId: 3, queueId: SALES, unreadMessages: 2 },
      });
      await receive(received());

      expect(state.ticket).toMatchObject({ status: 'open', userId: 3, unreadMessages: 3 });
      expect(written()).toEqual([MessageCreated.type, TicketUpdated.type]);
      expect(events[1]?.data).toMatchObject({ previous: { status: 'open', queueId: SALES, userId: 3 } });
      expect(state.timers).toEqual([]);
    });

    it('reopens a closed ticket as pending in no queue, without its agent, chatbot or greetings', async () => {
      const { state, events, written, receive } = inbox({
        ticket: {
          status: 'closed',
          userId: 3,
          queueId: SALES,
          chatbot: true,
          queueOptionId: 7,
          botMenuCount: 2,
          greetingSentAt: new Date(0),
        },
        cycle: { finishedAt: new Date(0) },
      });
      await receive(received());

      expect(state.ticket).toMatchObject({
        status: 'pending',
        userId: null,
        queueId: null,
        chatbot: false,
        queueOptionId: null,
        botMenuCount: 0,
        greetingSentAt: null,
      });
      expect(state.cycle).toMatchObject({ id: 31, finishedAt: null });
      expect(written()).toEqual([MessageCreated.type, TicketUpdated.type]);
      expect(events[1]?.data).toMatchObject({ previous: { status: 'closed', queueId: SALES, userId: 3 } });
      expect(state.timers).toEqual([10]);
    });
  });

  describe('the answer to a rating request', () => {
    const awaitingRating = {
      ticket: { status: 'closed' as const, userId: 3, queueId: SALES },
      cycle: { ratingAt: new Date(0) },
    };

    it('records 1 to 3 as the rating and leaves the ticket closed', async () => {
      const { state, written, receive } = inbox(awaitingRating);
      await receive(received({ body: ' 2 ' }));

      expect(state.ratings).toEqual([2]);
      expect(state.ticket?.status).toBe('closed');
      expect(state.messages.get('WA1')?.body).toBe(' 2 ');
      expect(written()).toEqual([MessageCreated.type, TicketUpdated.type]);
      expect(state.timers).toEqual([]);
    });

    it('ends the wait on anything else, which reopens the ticket as a normal message', async () => {
      const { state, receive } = inbox(awaitingRating);
      await receive(received({ body: 'obrigada, mas ainda tenho uma dúvida' }));

      expect(state.ratings).toEqual([]);
      expect(state.ticket).toMatchObject({ status: 'pending', queueId: null, userId: null });
      expect(state.cycle).toMatchObject({ id: 31, finishedAt: null, rated: false });
    });
  });

  it('keeps our own message sent from the phone without reopening the ticket, and reads it', async () => {
    const { state, written, receive } = inbox({ ticket: { status: 'closed', userId: 3, unreadMessages: 4 } });
    await receive(received({ fromMe: true, body: 'respondi pelo celular', messageId: 'WA2' }));

    expect(state.ticket).toMatchObject({ status: 'closed', unreadMessages: 0, fromMe: true });
    expect(state.messages.get('WA2')).toMatchObject({ fromMe: true, contactId: null, read: true });
    expect(written()).toEqual([MessageCreated.type, TicketUpdated.type]);
  });

  it('ignores group messages when the company turned groups off, keeping the contact up to date', async () => {
    const { state, written, receive } = inbox({ settings: { CheckMsgIsGroup: 'enabled' } });
    const group = { ...contactSnapshot(COMPANY, 6, 'Família', ''), isGroup: true };
    await receive(received({ isGroup: true, chatJid: '120363000000000000@g.us' }, { groupContact: group }));

    expect(state.ticket).toBeNull();
    expect(state.messages.size).toBe(0);
    expect(written()).toEqual([]);
    expect(state.projectedContacts).toEqual(['Família', 'Maria']);
  });

  describe('a bot on the ticket', () => {
    const onChatbot = { ticket: { status: 'pending' as const, chatbot: true, unreadMessages: 0 } };
    /** What the operators' log got at error level. */
    let logged: string[];
    beforeEach(() => {
      logged = [];
      jest.spyOn(Logger.prototype, 'error').mockImplementation((_context: unknown, message?: unknown) => {
        logged.push(String(message));
      });
    });
    afterEach(() => jest.restoreAllMocks());

    it('announces the ticket as the bot left it', async () => {
      const { state, events, written, receive } = inbox({ ...onChatbot, bot: { writes: { queueId: SALES } } });
      await receive(received({ body: '1' }));

      expect(written()).toEqual([MessageCreated.type, TicketUpdated.type]);
      expect(events[1]?.data).toMatchObject({ ticket: { queueId: SALES }, previous: { queueId: null } });
      expect(state.timers).toEqual([]);
    });

    it('that fails keeps the message, undoes what the bot wrote and leaves the ticket in the only queue', async () => {
      const { state, events, receive } = inbox({
        ...onChatbot,
        connection: { queueIds: [SALES] },
        bot: { writes: { lastMessage: 'Escolha uma opção', promptId: 9 }, fails: true },
      });
      await receive(received());

      expect(state.botFailures).toEqual(['Typebot answered 500']);
      expect(logged).toEqual([expect.stringContaining('the message is kept and the ticket waits in its queue')]);
      expect(state.messages.get('WA1')?.body).toBe('quero comprar');
      expect(state.ticket).toMatchObject({
        status: 'pending',
        queueId: SALES,
        chatbot: false,
        promptId: null,
        lastMessage: 'quero comprar',
      });
      expect(state.cycle).toMatchObject({ queueId: SALES });
      expect(events.at(-1)?.data).toMatchObject({ ticket: { queueId: SALES } });
      expect(state.timers).toEqual([]);
    });

    it('that fails on a connection of several queues leaves the ticket waiting for the auto-transfer', async () => {
      const { state, receive } = inbox({
        ...onChatbot,
        connection: { queueIds: [SALES, SUPPORT] },
        bot: { writes: {}, fails: true },
      });
      await receive(received());

      expect(state.ticket).toMatchObject({ status: 'pending', queueId: null, chatbot: false });
      expect(state.timers).toEqual([10]);
      expect(logged).toHaveLength(1);
    });
  });

  describe('a missed call', () => {
    const call = (isVideo: boolean): Resolved =>
      resolved({
        type: 'whatsapp.call.missed',
        data: {
          ...chat,
          callId: 'C1',
          isVideo,
          status: 'missed',
          timestamp: '2026-01-02T15:04:05.000Z',
        },
      });

    it('is written on the ticket at the company’s local time, without a reply', async () => {
      const { state, receive } = inbox({ ticket: { status: 'open', userId: 3, queueId: SALES } });
      await receive(call(true));

      expect(state.messages.get('call:C1')).toMatchObject({
        body: 'Chamada de vídeo perdida às 12:04',
        mediaType: 'call_log',
      });
      expect(state.said).toEqual([]);
    });

    it('is answered with the automatic message when the company turned calls off', async () => {
      const { state, receive } = inbox({ ticket: { status: 'open', userId: 3 }, settings: { call: 'disabled' } });
      await receive(call(false));

      expect(state.messages.get('call:C1')?.body).toBe('Chamada de voz perdida às 12:04');
      expect(state.said).toHaveLength(1);
      expect(state.said[0]).toMatch(/^\*Mensagem Automática:\*\n\nAs chamadas de voz e vídeo estão desabilitadas/);
    });
  });

  describe('changes to a stored message', () => {
    const stored = messageRow({ id: 'WA1', waId: 'WA1', fromMe: false, body: 'quero comprar', contactId: CONTACT });
    const edited = (body: string): Resolved =>
      resolved({
        type: 'whatsapp.message.edited',
        data: { ...chat, messageId: 'WA1', body, editedAt: '2026-01-02T15:05:00.000Z' },
      });

    it('an edit changes the text, and the ticket’s preview when it was the last message', async () => {
      const { state, events, written, receive } = inbox({
        ticket: { status: 'open', userId: 3, lastMessage: 'quero comprar' },
        messages: [stored],
      });
      await receive(edited('quero comprar dois'));

      expect(state.messages.get('WA1')).toMatchObject({ body: 'quero comprar dois', isEdited: true });
      expect(state.ticket?.lastMessage).toBe('quero comprar dois');
      expect(written()).toEqual([MessageUpdated.type]);
      expect(events[0]?.data).toMatchObject({ message: { id: 'WA1', body: 'quero comprar dois', isEdited: true } });
    });

    it('an edit of an earlier message leaves the preview as it is', async () => {
      const { state, receive } = inbox({
        ticket: { status: 'open', lastMessage: 'pode ser pix?' },
        messages: [stored],
      });
      await receive(edited('quero comprar dois'));

      expect(state.ticket?.lastMessage).toBe('pode ser pix?');
    });

    it('a revoke marks the message deleted', async () => {
      const { state, written, receive } = inbox({ ticket: { status: 'open' }, messages: [stored] });
      await receive(
        resolved({
          type: 'whatsapp.message.revoked',
          data: { ...chat, messageId: 'WA1', fromMe: false },
        }),
      );

      expect(state.messages.get('WA1')?.isDeleted).toBe(true);
      expect(written()).toEqual([MessageUpdated.type]);
    });

    it('a reaction is stored against its message without counting as unread, and removing it deletes it', async () => {
      const { state, written, receive } = inbox({
        ticket: { status: 'open', userId: 3, unreadMessages: 0 },
        messages: [stored],
      });
      const react = (emoji: string): Resolved =>
        resolved({
          type: 'whatsapp.message.reacted',
          data: {
            ...chat,
            messageId: 'WA3',
            targetMessageId: 'WA1',
            fromMe: false,
            emoji,
            timestamp: '2026-01-02T15:06:00.000Z',
          },
        });
      await receive(react('👍'));

      expect(state.messages.get('WA3')).toMatchObject({ body: '👍', mediaType: 'reactionMessage', quotedMsgId: 'WA1' });
      expect(state.ticket?.unreadMessages).toBe(0);

      await receive(react(''));
      expect(state.messages.get('WA3')?.isDeleted).toBe(true);
      expect(written()).toEqual([MessageCreated.type, TicketUpdated.type, MessageUpdated.type]);
    });
  });
});
