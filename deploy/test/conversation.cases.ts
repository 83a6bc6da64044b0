/**
 * The whole inbound → agent → rating conversation across every deployable as its own process (identity, tickets,
 * contacts, whatsapp-connector, the gateway) on real PostgreSQL and Kafka, with the connector's simulator as the
 * contact's phone and socket.io-client as the agent's browser. Asserts what an agent's screen receives, in order.
 */
import { io, type Socket } from 'socket.io-client';
import { expectEventually, pollUntil } from '@cs/platform/testing';
import { channel } from '@cs/proto/realtime';
import type { RunningStack } from '../scripts/e2e-stack.mjs';
import { api, sharedStack } from './support/shared-stack.js';

describe('a conversation across every deployable', () => {
  const COMPANY = 2;
  const CONNECTION = 1; // the demo company's simulator connection, seeded CONNECTED
  const AGENT = { email: 'agente@demo.local', password: 'demo12345', name: 'Agente Demo' };
  const ADMIN = { email: 'admin@demo.local', password: 'demo12345' };

  interface Received {
    readonly event: string;
    readonly payload: {
      action: string;
      ticket?: { id: number; status: string; queueId: number | null; userId: number | null };
      message?: { body: string; fromMe: boolean; ticketId: number };
      ticketId?: number;
    };
  }

  let stack: RunningStack;
  let socket: Socket | undefined;

  beforeAll(async () => {
    stack = await sharedStack();
  }, 180_000);

  afterAll(async () => {
    socket?.close();
  });

  const logIn = async (who: { email: string; password: string }) =>
    api<{ token: string; user: { id: number } }>(null, 'POST', '/auth/login', who);

  it('shows a conversation from the contact’s first message to the rating on the agent’s socket, in order', async () => {
    const admin = await logIn(ADMIN);
    await api(admin.token, 'PUT', '/settings/userRating', { value: 'enabled' });
    await api(admin.token, 'PUT', '/settings/sendGreetingAccepted', { value: 'enabled' });
    const agent = await logIn(AGENT);

    const received: Received[] = [];
    socket = io(stack.gatewayUrl, { path: '/socket.io', transports: ['websocket'], auth: { token: agent.token } });
    socket.onAny((event: string, payload: Received['payload']) => received.push({ event, payload }));
    await new Promise<void>((resolve, reject) => {
      socket?.once('connect', () => resolve());
      socket?.once('connect_error', reject);
    });
    for (const status of ['pending', 'open', 'closed']) socket.emit('joinTickets', status);
    socket.emit('joinNotification');

    const number = `5511970${String(Date.now()).slice(-6)}`;
    const from = { number, name: 'Cliente Conversa' };
    const says = (body: string) =>
      api(agent.token, 'POST', `/simulator/connections/${CONNECTION}/messages`, { from, kind: 'text', body });
    const sentToContact = () =>
      api<Array<{ content: { kind: string; body?: string } }>>(
        agent.token,
        'GET',
        `/simulator/connections/${CONNECTION}/sent?chat=${number}`,
      );
    const contactGets = (pattern: RegExp) =>
      pollUntil(async () => (await sentToContact()).find((m) => pattern.test(m.content.body ?? '')), {
        timeoutMs: 30_000,
        what: `the contact to receive ${pattern}`,
      });

    // the contact writes; the chatbot offers the queues; the contact picks Vendas
    await says('Oi, quero um orçamento');
    await contactGets(/\[ 1 \]/);
    await says('1');

    // the pending ticket in Vendas reaches the agent's socket
    const pending = await pollUntil(
      async () =>
        received.find(
          (r) =>
            r.event === channel.ticket(COMPANY) &&
            r.payload.action === 'update' &&
            r.payload.ticket?.status === 'pending' &&
            r.payload.ticket.queueId === 1,
        )?.payload.ticket,
      { timeoutMs: 30_000, what: 'the pending ticket on the socket' },
    );
    const ticketId = pending.id;

    // accept (the chat opens: the client joins the ticket's room), reply, resolve; the contact rates 3
    await api(agent.token, 'PUT', `/tickets/${ticketId}`, { status: 'open', userId: agent.user.id });
    const joined = await new Promise<boolean>((resolve) => socket?.emit('joinChatBox', String(ticketId), resolve));
    expect(joined).toBe(true);
    await contactGets(/Agente Demo/);
    await api(agent.token, 'POST', `/messages/${ticketId}`, { body: 'Claro! Qual é o produto?' });
    await contactGets(/Qual é o produto/);
    await api(agent.token, 'PUT', `/tickets/${ticketId}`, { status: 'closed', userId: agent.user.id });
    await contactGets(/Digite de 1 à 3/);
    await says('3');
    await contactGets(/Atendimento encerrado/);

    // what the agent's screen received for this ticket, from the moment it reached their queue, in order
    const line = (message: { fromMe: boolean; body: string }) =>
      `${message.fromMe ? 'agent' : 'contact'}: ${message.body}`;
    const live = () =>
      received
        .filter(
          (r) =>
            r.event === channel.appMessage(COMPANY) &&
            r.payload.action === 'create' &&
            r.payload.message?.ticketId === ticketId,
        )
        .map((r) => line(r.payload.message ?? { fromMe: false, body: '' }));
    await expectEventually(
      () =>
        expect(live()).toEqual([
          expect.stringMatching(/^agent: .*Agente Demo.*atendimento/s),
          'agent: Claro! Qual é o produto?',
          expect.stringMatching(/^agent: Como foi o nosso atendimento\?\n\nDigite de 1 à 3/),
          'contact: 3',
          'agent: Atendimento encerrado. Obrigado pelo contato!',
        ]),
      { timeoutMs: 30_000 },
    );

    // and the ticket's history holds the whole conversation, chatbot included, in order
    const history = await api<{ messages: Array<{ fromMe: boolean; body: string }> }>(
      agent.token,
      'GET',
      `/messages/${ticketId}`,
    );
    expect(history.messages.map(line)).toEqual([
      'contact: Oi, quero um orçamento',
      expect.stringMatching(/^agent: .*\[ 1 \]\* - Vendas/s),
      'contact: 1',
      expect.stringMatching(/^agent: .*Agente Demo/s),
      'agent: Claro! Qual é o produto?',
      expect.stringMatching(/^agent: Como foi o nosso atendimento\?\n\nDigite de 1 à 3/),
      'contact: 3',
      'agent: Atendimento encerrado. Obrigado pelo contato!',
    ]);

    // the ticket's statuses as the agent's list saw them: pending → open → closed, never out of order
    const statuses = received
      .filter((r) => r.event === channel.ticket(COMPANY) && r.payload.ticket?.id === ticketId)
      .map((r) => r.payload.ticket?.status)
      .filter((status, index, all) => status !== all[index - 1]);
    expect(statuses.slice(statuses.indexOf('pending'))).toEqual(['pending', 'open', 'closed']);
  }, 240_000);
});
