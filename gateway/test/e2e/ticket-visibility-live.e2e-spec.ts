/**
 * Ticket visibility live and on reload, through the real stack (identity, the tickets service and the gateway in
 * this process, real Kafka and PostgreSQL): a queue-less pending ticket appears live on the sockets of an agent
 * with `allTicket` enabled and in their `GET /tickets`, and never on those of an agent with it disabled (nor in
 * their list), both agents being in the same queue and listening to the same lists.
 */
import { randomUUID } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import { channel, listsTicket, type TicketViewer } from '@cs/proto/realtime';
import { expectEventually } from '@cs/platform/testing';
import {
  call,
  createPlan,
  logIn,
  type Session,
  signUp,
  type Stack,
  startStack,
  startTickets,
  withDb,
} from '../support/stack.js';

let tickets: Awaited<ReturnType<typeof startTickets>>;
let stack: Stack;
let admin: Session;
let strict: Session;
let open: Session;
let companyId: number;
let queueId: number;
const sockets: Socket[] = [];

interface Received {
  readonly event: string;
  readonly payload: {
    action?: string;
    ticket?: { id: number; status: string; queueId: number | null; userId: number | null };
  };
}

beforeAll(async () => {
  tickets = await startTickets();
  stack = await startStack({ gatewayEnv: { TICKETS_URL: tickets.url } });
  const tenant = await signUp(stack.gatewayUrl, await createPlan());
  companyId = tenant.companyId;
  admin = await logIn(stack.gatewayUrl, tenant.email, tenant.password);
  queueId = await expectEventually(async () => {
    const created = await call<{ id: number }>(stack.gatewayUrl, 'POST', '/queue', {
      token: admin.token,
      body: { name: 'Vendas', color: '#2196f3' },
    });
    expect(created.status).toBe(200);
    return created.body.id;
  });
  const agent = async (name: string, allTicket: 'enable' | 'disable'): Promise<Session> => {
    const email = `${name}-${companyId}@teste.com.br`;
    await expectEventually(async () => {
      const created = await call(stack.gatewayUrl, 'POST', '/users', {
        token: admin.token,
        body: { name, email, password: 'senha123', profile: 'user', queueIds: [queueId], allTicket },
      });
      expect(created.status).toBe(200);
    });
    return logIn(stack.gatewayUrl, email, 'senha123');
  };
  strict = await agent('restrito', 'disable');
  open = await agent('amplo', 'enable');
}, 120_000);

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await stack?.close();
  await tickets?.close();
});

async function connect(session: Session): Promise<Received[]> {
  const received: Received[] = [];
  const socket = io(stack.gatewayUrl, {
    transports: ['websocket'],
    reconnection: false,
    query: { token: session.token },
  });
  sockets.push(socket);
  socket.onAny((event: string, payload: Received['payload']) => received.push({ event, payload }));
  await new Promise<void>((resolve, reject) => {
    socket.once('ready', () => resolve());
    socket.once('connect_error', (error) => reject(error));
  });
  for (const [name, ...args] of [['joinNotification'], ['joinTickets', 'pending'], ['joinTickets', 'open']]) {
    expect(await socket.timeout(10_000).emitWithAck(name as string, ...args)).toBe(true);
  }
  return received;
}

const listIds = async (session: Session, status: string): Promise<number[]> => {
  const list = await call<{ tickets: Array<{ id: number }> }>(stack.gatewayUrl, 'GET', `/tickets?status=${status}`, {
    token: session.token,
  });
  expect(list.status).toBe(200);
  return list.body.tickets.map((ticket) => ticket.id);
};
const pendingIds = (session: Session): Promise<number[]> => listIds(session, 'pending');

/** The signed-in user as the browser's visibility rule reads them (from the login's user). */
const viewerOf = (session: Session): TicketViewer => ({
  userId: session.user.id,
  admin: session.user.profile === 'admin',
  queueIds: ((session.user['queues'] ?? []) as Array<{ id: number }>).map((queue) => queue.id),
  allTicket: session.user['allTicket'] === 'enable',
});

/** The updates of one ticket a socket received, as [status, queueId]. */
const updatesOf = (received: Received[], ticketId: number): Array<[string, number | null]> =>
  received
    .filter((entry) => entry.event === channel.ticket(companyId) && entry.payload.action === 'update')
    .flatMap((entry) =>
      entry.payload.ticket?.id === ticketId
        ? [[entry.payload.ticket.status, entry.payload.ticket.queueId] as [string, number | null]]
        : [],
    );

it('shows a queue-less pending ticket live and in GET /tickets to an agent with allTicket enabled only', async () => {
  // a pending ticket of the agents' queue (as the inbound path leaves it), written straight into the table
  const ticketId = await withDb(async (client) => {
    const contactId = companyId * 1000 + 1;
    await client.query('INSERT INTO tickets.contacts (company_id, id, name, number) VALUES ($1, $2, $3, $4)', [
      companyId,
      contactId,
      'Cliente Sem Fila',
      '5511900000001',
    ]);
    const inserted = await client.query<{ id: number }>(
      `INSERT INTO tickets.tickets (uuid, company_id, status, queue_id, user_id, whatsapp_id, contact_id, chat_jid,
         unread_messages, last_message)
       VALUES ($1, $2, 'pending', $3, NULL, 1, $4, '5511900000001@s.whatsapp.net', 1, 'Olá')
       RETURNING id`,
      [randomUUID(), companyId, queueId, contactId],
    );
    return inserted.rows[0]?.id as number;
  });
  // both agents list it once tickets knows them (their queues and allTicket come from identity's events)
  await expectEventually(async () => expect(await pendingIds(strict)).toContain(ticketId));
  await expectEventually(async () => expect(await pendingIds(open)).toContain(ticketId));

  const strictSocket = await connect(strict);
  const openSocket = await connect(open);

  // the admin takes it out of the queue: still pending, now queue-less
  const moved = await call(stack.gatewayUrl, 'PUT', `/tickets/${ticketId}`, {
    token: admin.token,
    body: { queueId: null },
  });
  expect(moved.status).toBe(200);
  await expectEventually(() => expect(updatesOf(openSocket, ticketId)).toContainEqual(['pending', null]));
  expect(await pendingIds(open)).toContain(ticketId);
  expect(await pendingIds(strict)).not.toContain(ticketId);

  // then hands it to the strict agent: that update reaches them (their own ticket) after the queue-less one,
  // which therefore never came
  const assigned = await call(stack.gatewayUrl, 'PUT', `/tickets/${ticketId}`, {
    token: admin.token,
    body: { status: 'open', userId: strict.user.id },
  });
  expect(assigned.status).toBe(200);
  await expectEventually(() => expect(updatesOf(strictSocket, ticketId)).toContainEqual(['open', null]));
  expect(updatesOf(strictSocket, ticketId)).toEqual([['open', null]]);
  await expectEventually(() => expect(updatesOf(openSocket, ticketId)).toContainEqual(['open', null]));

  // what each browser's lists make of what they received (the shared rule, as web/src/realtime does) is what a
  // reload gives: the queue-less pending ticket in the allTicket agent's pending list, then in no list of theirs
  // once it is someone else's open ticket (the queue-less open room delivers it; the rule drops it)
  const lists = (session: Session, received: Received[]) =>
    received
      .filter(
        (entry) =>
          entry.event === channel.ticket(companyId) &&
          entry.payload.action === 'update' &&
          entry.payload.ticket?.id === ticketId,
      )
      .map((entry) => {
        const ticket = entry.payload.ticket as NonNullable<Received['payload']['ticket']>;
        return [ticket.status, listsTicket(viewerOf(session), ticket, { status: ticket.status })];
      });
  expect(lists(open, openSocket)).toEqual([
    ['pending', true],
    ['open', false],
  ]);
  expect(lists(strict, strictSocket)).toEqual([['open', true]]);
  expect(await pendingIds(open)).not.toContain(ticketId);
  expect(await listIds(open, 'open')).not.toContain(ticketId);
  expect(await listIds(strict, 'open')).toContain(ticketId);
}, 120_000);
