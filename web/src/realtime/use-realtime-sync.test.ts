import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { makeStore } from '../app/store';
import { messagesApi } from '../api/endpoints/messages';
import { ticketsApi, type TicketListArgs } from '../api/endpoints/tickets';
import { sessionSlice } from '../api/session';
import { agent, message, ticket, wireMessage } from '../testing/fixtures';
import { API } from '../testing/handlers';
import { server } from '../testing/server';
import {
  handleConnectError,
  handleMessageEvent,
  handleTicketEvent,
  SOCKET_RETRY_AFTER_REFUSAL_MS,
} from './use-realtime-sync';
import { joinRoom } from './socket';

const pending: TicketListArgs = { status: 'pending', queueIds: [1, 2], showAll: false };
const open: TicketListArgs = { status: 'open', queueIds: [1, 2], showAll: false };

async function setup() {
  const a = ticket({ id: 1, status: 'pending' });
  const b = ticket({ id: 2, status: 'pending' });
  const mine = ticket({ id: 3, status: 'open', userId: agent.id, unreadMessages: 0 });
  server.use(
    http.get(`${API}/tickets`, ({ request }) => {
      const status = new URL(request.url).searchParams.get('status');
      return HttpResponse.json({ tickets: status === 'pending' ? [a, b] : [mine], hasMore: false });
    }),
    http.get(`${API}/messages/3`, () =>
      HttpResponse.json({ messages: [message({ id: 'm1', ticketId: 3, fromMe: true, ack: 1 })], hasMore: false }),
    ),
  );
  const store = makeStore();
  store.dispatch(sessionSlice.actions.signedIn({ token: 't', user: agent }));
  const subs = [
    store.dispatch(ticketsApi.endpoints.getTickets.initiate(pending)),
    store.dispatch(ticketsApi.endpoints.getTickets.initiate(open)),
    store.dispatch(messagesApi.endpoints.getMessages.initiate(3)),
  ];
  await Promise.all(subs);
  const ids = (args: TicketListArgs) =>
    ticketsApi.endpoints.getTickets
      .select(args)(store.getState())
      .data?.pages.flatMap((p) => p.tickets) ?? [];
  const messages = () =>
    messagesApi.endpoints.getMessages
      .select(3)(store.getState())
      .data?.pages.flatMap((p) => p.messages) ?? [];
  return { store, a, b, mine, ids, messages };
}

describe('realtime cache sync', () => {
  it('moves an accepted ticket from the pending list to the agent’s open list', async () => {
    const { store, b, ids } = await setup();
    handleTicketEvent(store.dispatch, () => store.getState(), agent, {
      action: 'update',
      ticket: { ...b, status: 'open', userId: agent.id },
    });
    expect(ids(pending).map((t) => t.id)).toEqual([1]);
    expect(ids(open).map((t) => t.id)).toEqual([2, 3]);
  });

  it('adds a queue-less pending ticket to the pending list only for an agent whose allTicket is enabled', async () => {
    const { store, ids } = await setup();
    const queueless = ticket({ id: 9, status: 'pending', queueId: null, queue: null, userId: null });
    handleTicketEvent(store.dispatch, () => store.getState(), agent, { action: 'update', ticket: queueless });
    expect(ids(pending).map((t) => t.id)).toEqual([1, 2]);
    handleTicketEvent(
      store.dispatch,
      () => store.getState(),
      { ...agent, allTicket: 'enable' },
      {
        action: 'update',
        ticket: queueless,
      },
    );
    expect(ids(pending).map((t) => t.id)).toEqual([9, 1, 2]);
  });

  it('a new message appends to the open chat and moves its ticket to the top with the unread count', async () => {
    const { store, b, mine, ids, messages } = await setup();
    handleMessageEvent(store.dispatch, () => store.getState(), agent, {
      action: 'create',
      message: wireMessage({ id: 'm2', ticketId: 2, body: 'oi' }),
      ticket: { ...b, unreadMessages: 5, lastMessage: 'oi' },
      contact: b.contact,
    });
    expect(ids(pending).map((t) => [t.id, t.unreadMessages])).toEqual([
      [2, 5],
      [1, 1],
    ]);
    handleMessageEvent(store.dispatch, () => store.getState(), agent, {
      action: 'create',
      message: wireMessage({ id: 'm3', ticketId: 3, body: 'chegou' }),
      ticket: mine,
      contact: mine.contact,
    });
    expect(messages().map((m) => m.id)).toEqual(['m1', 'm3']);
  });

  it('updates ticks live and drops a deleted ticket', async () => {
    const { store, ids, messages } = await setup();
    handleMessageEvent(store.dispatch, () => store.getState(), agent, {
      action: 'update',
      message: wireMessage({ id: 'm1', ticketId: 3, fromMe: true, ack: 4 }),
    });
    expect(messages()[0]!.ack).toBe(4);
    handleTicketEvent(store.dispatch, () => store.getState(), agent, { action: 'delete', ticketId: 1 });
    expect(ids(pending).map((t) => t.id)).toEqual([2]);
    handleTicketEvent(store.dispatch, () => store.getState(), agent, { action: 'updateUnread', ticketId: 2 });
    expect(ids(pending)[0]!.unreadMessages).toBe(0);
  });
});

describe('the chat on screen', () => {
  it('reads the messages that arrive in it: no unread badge, and the server is told they were read', async () => {
    const { store, mine, ids } = await setup();
    const reads: string[] = [];
    server.use(
      http.get(`${API}/messages/:ticketId`, ({ params }) => {
        reads.push(String(params.ticketId));
        return HttpResponse.json({ messages: [], hasMore: false });
      }),
    );
    const leave = joinRoom('joinChatBox', mine.id);
    try {
      handleMessageEvent(store.dispatch, () => store.getState(), agent, {
        action: 'create',
        message: wireMessage({ id: 'm6', ticketId: 3, body: 'ainda aí?' }),
        ticket: { ...mine, unreadMessages: 1, lastMessage: 'ainda aí?' },
        contact: mine.contact,
      });
      expect(ids(open).map((t) => [t.id, t.unreadMessages, t.lastMessage])).toEqual([[3, 0, 'ainda aí?']]);
      await vi.waitFor(() => expect(reads).toContain('3'));
    } finally {
      leave();
    }
    // the ticket's own update, sent before the server heard of the read, shows no badge either
    const again = joinRoom('joinChatBox', mine.id);
    try {
      handleTicketEvent(store.dispatch, () => store.getState(), agent, {
        action: 'update',
        ticket: { ...mine, unreadMessages: 2, lastMessage: 'ainda aí?' },
      });
      expect(ids(open).map((t) => [t.id, t.unreadMessages])).toEqual([[3, 0]]);
    } finally {
      again();
    }
    // once the chat is closed, its messages count as unread again
    handleMessageEvent(store.dispatch, () => store.getState(), agent, {
      action: 'create',
      message: wireMessage({ id: 'm7', ticketId: 3, body: 'oi?' }),
      ticket: { ...mine, unreadMessages: 1, lastMessage: 'oi?' },
      contact: mine.contact,
    });
    expect(ids(open).map((t) => [t.id, t.unreadMessages])).toEqual([[3, 1]]);
  });
});

describe('a reply that quotes a message', () => {
  it('shows its quote live when the quoted message is in the open chat', async () => {
    const { store, mine, messages } = await setup();
    handleMessageEvent(store.dispatch, () => store.getState(), agent, {
      action: 'create',
      message: wireMessage({ id: 'm4', ticketId: 3, body: 'Sim, esse mesmo', quotedMsgId: 'm1' }),
      ticket: mine,
      contact: mine.contact,
    });
    const reply = messages().find((m) => m.id === 'm4');
    expect(reply?.quotedMsg).toMatchObject({ id: 'm1', body: 'Oi', fromMe: true });
    // a later tick or edit of the reply keeps its quote
    handleMessageEvent(store.dispatch, () => store.getState(), agent, {
      action: 'update',
      message: wireMessage({ id: 'm4', ticketId: 3, body: 'Sim, esse mesmo!', quotedMsgId: 'm1', isEdited: true }),
    });
    expect(messages().find((m) => m.id === 'm4')?.quotedMsg).toMatchObject({ id: 'm1', body: 'Oi' });
  });

  it('fetches the chat again when the quoted message is older than the loaded pages', async () => {
    const { store, mine, messages } = await setup();
    const quote = { id: 'old-1', body: 'Mensagem antiga', fromMe: false, mediaType: 'chat' };
    server.use(
      http.get(`${API}/messages/3`, () =>
        HttpResponse.json({
          messages: [
            message({ id: 'm1', ticketId: 3, fromMe: true, ack: 1 }),
            message({ id: 'm5', ticketId: 3, body: 'Sobre isso', quotedMsgId: 'old-1', quotedMsg: quote }),
          ],
          hasMore: true,
        }),
      ),
    );
    handleMessageEvent(store.dispatch, () => store.getState(), agent, {
      action: 'create',
      message: wireMessage({ id: 'm5', ticketId: 3, body: 'Sobre isso', quotedMsgId: 'old-1' }),
      ticket: mine,
      contact: mine.contact,
    });
    await vi.waitFor(() => expect(messages().find((m) => m.id === 'm5')?.quotedMsg).toMatchObject(quote));
  });
});

describe('a chat that is still loading', () => {
  it('fetches again when a message arrives before its first page, so the message and its ticks are not lost', async () => {
    let calls = 0;
    let answer!: () => void;
    const firstAnswered = new Promise<void>((resolve) => (answer = resolve));
    const sent = message({ id: 'm9', ticketId: 5, fromMe: true, body: 'Entregamos às 9h.', ack: 1 });
    server.use(
      http.get(`${API}/messages/5`, async () => {
        calls++;
        // the first read ran before the message was written and answers after its socket events
        if (calls === 1) {
          await firstAnswered;
          return HttpResponse.json({ messages: [], hasMore: false });
        }
        return HttpResponse.json({ messages: [sent], hasMore: false });
      }),
    );
    const store = makeStore();
    store.dispatch(sessionSlice.actions.signedIn({ token: 't', user: agent }));
    const loading = store.dispatch(messagesApi.endpoints.getMessages.initiate(5));
    const chat = () =>
      messagesApi.endpoints.getMessages
        .select(5)(store.getState())
        .data?.pages.flatMap((p) => p.messages) ?? [];
    const mine = ticket({ id: 5, status: 'open', userId: agent.id });
    const message9 = wireMessage({ id: 'm9', ticketId: 5, fromMe: true, ack: 1 });
    const now = () => store.getState();
    handleMessageEvent(store.dispatch, now, agent, {
      action: 'create',
      message: message9,
      ticket: mine,
      contact: mine.contact,
    });
    handleMessageEvent(store.dispatch, now, agent, { action: 'update', message: message9 });
    answer();
    await vi.waitFor(() => expect(chat().map((m) => [m.id, m.ack])).toEqual([['m9', 1]]));
    expect(calls).toBe(2);
    loading.unsubscribe();
  });

  it('shows the message the agent sent when its socket event was missed, without undoing a newer tick', async () => {
    const { store, messages } = await setup();
    server.use(
      http.post(`${API}/messages/3`, () =>
        HttpResponse.json([message({ id: 'm2', ticketId: 3, fromMe: true, body: 'sem socket', ack: 0 })]),
      ),
    );
    await store.dispatch(messagesApi.endpoints.sendText.initiate({ ticketId: 3, body: 'sem socket' }));
    expect(messages().map((m) => [m.id, m.ack])).toEqual([
      ['m1', 1],
      ['m2', 0],
    ]);
    handleMessageEvent(store.dispatch, () => store.getState(), agent, {
      action: 'update',
      message: wireMessage({ id: 'm2', ticketId: 3, fromMe: true, ack: 2 }),
    });
    // a second answer for the same message (the socket overtook the POST) keeps what the socket said
    server.use(
      http.post(`${API}/messages/3`, () =>
        HttpResponse.json([message({ id: 'm2', ticketId: 3, fromMe: true, body: 'sem socket', ack: 0 })]),
      ),
    );
    await store.dispatch(messagesApi.endpoints.sendText.initiate({ ticketId: 3, body: 'sem socket' }));
    expect(messages().map((m) => [m.id, m.ack])).toEqual([
      ['m1', 1],
      ['m2', 2],
    ]);
  });
});

describe('a refused socket handshake', () => {
  const signedInStore = () => {
    const store = makeStore();
    store.dispatch(sessionSlice.actions.signedIn({ token: 't', user: agent }));
    return store;
  };

  it('ends the session when the gateway says it already ended (another login while the socket was away)', () => {
    const store = signedInStore();
    const reconnect = vi.fn();
    handleConnectError(store.dispatch, new Error('ERR_SESSION_EXPIRED'), reconnect);
    expect(store.getState().session.status).toBe('expired');
    expect(store.getState().session.user).toBeNull();
    expect(reconnect).not.toHaveBeenCalled();
  });

  it('refetches the live lists (which refreshes the token) and tries again when the token was refused', async () => {
    vi.useFakeTimers();
    try {
      const store = signedInStore();
      const reconnect = vi.fn();
      handleConnectError(store.dispatch, new Error('ERR_INVALID_TOKEN'), reconnect);
      expect(store.getState().session.status).toBe('authenticated');
      expect(reconnect).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(SOCKET_RETRY_AFTER_REFUSAL_MS);
      expect(reconnect).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('leaves network errors to socket.io’s own retries', () => {
    const store = signedInStore();
    const reconnect = vi.fn();
    handleConnectError(store.dispatch, new Error('websocket error'), reconnect);
    expect(store.getState().session.status).toBe('authenticated');
    expect(reconnect).not.toHaveBeenCalled();
  });
});
