/**
 * Realtime through two gateway processes on real Kafka: sockets of companies A and B, connected to either
 * gateway, get the spec's events in the right rooms only (never another company's); the "another login" notice
 * (`company-{id}-auth`) reaches the first browser and ends its socket; presence reaches identity.
 */
import { readFileSync } from 'node:fs';
import { join as joinPath } from 'node:path';
import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { io, type Socket } from 'socket.io-client';
import type { EventData, EventDefinition } from '@cs/proto/common';
import { ChatDeleted, ChatMessageCreated, QueueCreated, TicketUpdated } from '@cs/proto/events';
import { channel } from '@cs/proto/realtime';
import { KafkaEventBus } from '@cs/platform/events/transport';
import {
  checkedEnvelopeOf,
  type ChildHandle,
  expectEventually,
  freePort,
  repoRoot,
  serviceTestEnv,
  spawnTs,
  testRun,
  waitForHttp,
} from '@cs/platform/testing';
import {
  accessTokenKeys,
  call,
  createPlan,
  logIn,
  migrateIdentity,
  type Session,
  signUp,
  type Tenant,
  Upstream,
} from '../support/stack.js';

const children: ChildHandle[] = [];
const sockets: Socket[] = [];
let gateways: [string, string];
let bus: KafkaEventBus;
let tenantA: Tenant;
let tenantB: Tenant;
let adminA: Session;
let adminB: Session;
let agentA: Session;
const queueId = 700_000 + Math.floor(Math.random() * 100_000);
const ticketA = 800_000 + Math.floor(Math.random() * 100_000);
const ticketB = ticketA + 1;

/** Stands in for tickets' GET /tickets/{id} (200 when the caller's company owns the ticket, else 404). */
const tickets = new Upstream((request, response) => {
  const owner =
    request.path === `/tickets/${ticketA}`
      ? tenantA?.companyId
      : request.path === `/tickets/${ticketB}`
        ? tenantB?.companyId
        : undefined;
  response.writeHead(owner !== undefined && String(owner) === request.headers['x-company-id'] ? 200 : 404, {
    'content-type': 'application/json',
  });
  response.end('{}');
  return true;
});

beforeAll(async () => {
  await migrateIdentity();
  await tickets.start();
  const keys = accessTokenKeys();
  const identityPort = await freePort();
  const identityUrl = `http://127.0.0.1:${identityPort}`;
  const identity = spawnTs(
    'services/identity/src/main.ts',
    serviceTestEnv({
      IDENTITY_PORT: String(identityPort),
      AUTH_ACCESS_PRIVATE_KEY: keys.privateKey,
    }),
    'identity',
  );
  children.push(identity);
  const ports = [await freePort(), await freePort()];
  for (const [index, port] of ports.entries()) {
    children.push(
      spawnTs(
        'gateway/src/main.ts',
        serviceTestEnv({
          GATEWAY_PORT: String(port),
          GATEWAY_INSTANCE_ID: `socket-test-${index}-${randomUUID().slice(0, 8)}`,
          AUTH_ACCESS_PUBLIC_KEY: keys.publicKey,
          IDENTITY_URL: identityUrl,
          TICKETS_URL: tickets.url,
        }),
        `gateway-${index}`,
      ),
    );
  }
  gateways = [`http://127.0.0.1:${ports[0]}`, `http://127.0.0.1:${ports[1]}`];
  await waitForHttp(`${identityUrl}/health/ready`, { child: identity });
  await Promise.all(
    gateways.map((url, index) => waitForHttp(`${url}/health/ready`, { child: children[index + 1] as ChildHandle })),
  );

  bus = new KafkaEventBus({
    clientId: 'socket-test',
    brokers: testRun().brokers.split(','),
    topicPrefix: testRun().topicPrefix,
    logger: pino({ level: 'silent' }),
  });
  await bus.connect();

  const planId = await createPlan();
  tenantA = await signUp(gateways[0], planId);
  tenantB = await signUp(gateways[1], planId);
  adminA = await logIn(gateways[0], tenantA.email, tenantA.password);
  adminB = await logIn(gateways[1], tenantB.email, tenantB.password);

  // tickets announces company A's queue; identity's projection lets the agent be put in it
  await publish(
    'tickets.queue.v1',
    queueId,
    event(QueueCreated, tenantA.companyId, {
      id: queueId,
      companyId: tenantA.companyId,
      name: 'Vendas',
      color: '#2196f3',
      greetingMessage: '',
      outOfHoursMessage: '',
      orderQueue: 1,
      schedules: [],
      promptId: null,
      integrationId: null,
    }),
  );
  const agentEmail = `agente-${tenantA.companyId}@teste.com.br`;
  await expectEventually(async () => {
    const created = await call(gateways[0], 'POST', '/users', {
      token: adminA.token,
      body: { name: 'Agente A', email: agentEmail, password: 'senha123', profile: 'user', queueIds: [queueId] },
    });
    expect(created.status).toBe(200);
  });
  agentA = await logIn(gateways[1], agentEmail, 'senha123');
});

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await bus?.disconnect();
  await Promise.all(children.map((child) => child.kill()));
  await tickets.close();
});

/** An event as tickets publishes it (checked by its schema). */
const event = <D extends EventDefinition>(definition: D, companyId: number, data: EventData<D>) =>
  checkedEnvelopeOf(definition, companyId, data, { producer: 'tickets' });

async function publish(topic: string, key: number, envelope: { companyId: number }): Promise<void> {
  await bus.publish([
    { topic, key: String(key), value: JSON.stringify(envelope), headers: { 'company-id': String(envelope.companyId) } },
  ]);
}

const fixtureTicket = (
  JSON.parse(
    readFileSync(joinPath(repoRoot(), 'proto', 'fixtures', 'events', 'tickets.ticket.updated.json'), 'utf8'),
  ) as { data: EventData<typeof TicketUpdated> }
).data.ticket;

const ticketEvent = (
  companyId: number,
  id: number,
  placement: { status: 'open' | 'pending'; queueId: number | null; userId: number | null },
  previous: { status: 'open' | 'pending'; queueId: number | null; userId: number | null } | null,
) =>
  event(TicketUpdated, companyId, {
    ticket: {
      ...fixtureTicket,
      id,
      uuid: randomUUID(),
      companyId,
      ...placement,
      queue: placement.queueId ? { id: placement.queueId, name: 'Vendas', color: '#2196f3' } : null,
      user: placement.userId ? { id: placement.userId, name: 'Alguém' } : null,
    },
    previous,
  });

interface Received {
  readonly event: string;
  readonly payload: { action?: string; ticket?: { id: number }; ticketId?: number } & Record<string, unknown>;
}

async function connect(
  gateway: string,
  token: string,
  via: 'query' | 'auth' = 'query',
  transport: 'websocket' | 'polling' = 'websocket',
): Promise<{ socket: Socket; received: Received[] }> {
  const received: Received[] = [];
  const socket = io(gateway, {
    transports: [transport],
    reconnection: false,
    ...(via === 'query' ? { query: { token } } : { auth: { token } }),
  });
  sockets.push(socket);
  socket.onAny((name: string, payload: Received['payload']) => received.push({ event: name, payload }));
  await new Promise<void>((resolve, reject) => {
    socket.once('ready', () => resolve());
    socket.once('connect_error', (error) => reject(error));
  });
  return { socket, received };
}

const join = (socket: Socket, name: string, ...args: unknown[]): Promise<boolean> =>
  socket.timeout(10_000).emitWithAck(name, ...args) as Promise<boolean>;

describe('socket.io through two gateways', () => {
  it('refuses a handshake without a token (401 code) or with a bad one (403 code)', async () => {
    await expect(connect(gateways[0], '')).rejects.toThrow('ERR_SESSION_EXPIRED');
    await expect(connect(gateways[1], 'not-a-token', 'auth')).rejects.toThrow('ERR_INVALID_TOKEN');
  });

  it("delivers an event of company A to A's sockets in the right rooms on both gateways, never to B's", async () => {
    const a1 = await connect(gateways[0], adminA.token); // admin: open list + notifications
    const a2 = await connect(gateways[1], agentA.token, 'auth'); // agent of the queue: pending list + notifications
    const a3 = await connect(gateways[1], adminA.token); // admin with the ticket's chat open
    const b1 = await connect(gateways[0], adminB.token);
    const b2 = await connect(gateways[1], adminB.token, 'query', 'polling'); // long-polling works too
    expect(await join(a1.socket, 'joinTickets', 'open')).toBe(true);
    expect(await join(a1.socket, 'joinNotification')).toBe(true);
    expect(await join(a2.socket, 'joinTickets', 'pending')).toBe(true);
    expect(await join(a2.socket, 'joinNotification')).toBe(true);
    expect(await join(a3.socket, 'joinChatBox', ticketA)).toBe(true);
    expect(await join(a3.socket, 'joinTickets', 'archived')).toBe(false);
    expect(await join(b1.socket, 'joinChatBox', ticketA)).toBe(false); // not B's ticket (tickets answers 404)
    for (const b of [b1, b2]) {
      expect(await join(b.socket, 'joinTickets', 'open')).toBe(true);
      expect(await join(b.socket, 'joinNotification')).toBe(true);
    }

    // same key: one partition, so every gateway handles them in this order
    const accepted = ticketEvent(
      tenantA.companyId,
      ticketA,
      { status: 'open', queueId, userId: adminA.user.id },
      { status: 'pending', queueId, userId: null },
    );
    await publish('tickets.ticket.v1', ticketA, accepted);
    await publish(
      'tickets.ticket.v1',
      ticketA,
      ticketEvent(tenantB.companyId, ticketB, { status: 'open', queueId: null, userId: null }, null),
    );
    await publish(
      'tickets.ticket.v1',
      ticketA,
      ticketEvent(
        tenantA.companyId,
        ticketA,
        { status: 'pending', queueId, userId: null },
        { status: 'open', queueId, userId: adminA.user.id },
      ),
    );
    await publish(
      'tickets.ticket.v1',
      ticketA,
      ticketEvent(
        tenantB.companyId,
        ticketB,
        { status: 'pending', queueId: null, userId: null },
        { status: 'open', queueId: null, userId: null },
      ),
    );

    const ticketsOf = (received: Received[]) =>
      received
        .filter((entry) => entry.event.endsWith('-ticket'))
        .map((entry) => `${entry.event} ${entry.payload.action} ${entry.payload.ticket?.id ?? entry.payload.ticketId}`);
    const channelA = channel.ticket(tenantA.companyId);
    const channelB = channel.ticket(tenantB.companyId);
    await expectEventually(
      () => {
        // admin A: open list and notifications; the ticket left the open list on the way back to pending
        expect(ticketsOf(a1.received)).toEqual([
          `${channelA} update ${ticketA}`,
          `${channelA} delete ${ticketA}`,
          `${channelA} update ${ticketA}`,
        ]);
        // agent of the queue: the ticket left the queue's pending list, then came back
        expect(ticketsOf(a2.received)).toEqual([
          `${channelA} delete ${ticketA}`,
          `${channelA} update ${ticketA}`,
          `${channelA} update ${ticketA}`,
        ]);
        // the open chat follows the ticket; the admin's own-tickets room lost it when it went back to pending
        expect(ticketsOf(a3.received)).toEqual([
          `${channelA} update ${ticketA}`,
          `${channelA} delete ${ticketA}`,
          `${channelA} update ${ticketA}`,
        ]);
        for (const b of [b1, b2]) {
          // B's own ticket: in its open list, then out of it (delete) and into notifications as pending
          expect(ticketsOf(b.received)).toEqual([
            `${channelB} update ${ticketB}`,
            `${channelB} delete ${ticketB}`,
            `${channelB} update ${ticketB}`,
          ]);
        }
      },
      { timeoutMs: 30_000 },
    );
    const updated = a1.received.find((entry) => entry.event === channelA);
    expect(updated?.payload).toMatchObject({
      action: 'update',
      ticket: { id: ticketA, status: 'open', companyId: tenantA.companyId },
    });
  });

  it("delivers an internal chat's events to its members' sockets only, never to another user of the company", async () => {
    const member = await connect(gateways[0], adminA.token);
    const memberOtherTab = await connect(gateways[1], adminA.token, 'auth');
    const nonMember = await connect(gateways[1], agentA.token);
    const otherCompany = await connect(gateways[0], adminB.token);
    const chatId = 900_000 + Math.floor(Math.random() * 50_000);
    const chat = {
      id: chatId,
      uuid: randomUUID(),
      companyId: tenantA.companyId,
      title: 'Só admins',
      ownerId: adminA.user.id,
      lastMessage: 'Reunião às 15h',
      createdAt: new Date().toISOString(),
      updatedAt: new Date().toISOString(),
      users: [{ userId: adminA.user.id, unreads: 0, user: { id: adminA.user.id, name: 'Admin A' } }],
    };
    await publish(
      'tickets.chat.v1',
      chatId,
      event(ChatMessageCreated, tenantA.companyId, {
        chat,
        message: {
          id: 1,
          chatId,
          senderId: adminA.user.id,
          sender: { id: adminA.user.id, name: 'Admin A' },
          message: 'Reunião às 15h',
          createdAt: new Date().toISOString(),
        },
      }),
    );
    await publish(
      'tickets.chat.v1',
      chatId,
      event(ChatDeleted, tenantA.companyId, { id: chatId, uuid: chat.uuid, userIds: [adminA.user.id] }),
    );
    const chatEvents = (received: Received[]) =>
      received
        .filter((entry) => entry.event.includes('-chat'))
        .map((entry) => `${entry.event} ${entry.payload.action}`);
    const list = channel.chat(tenantA.companyId);
    const ofChat = channel.chatOf(tenantA.companyId, chatId);
    const ofUser = channel.chatUser(tenantA.companyId, adminA.user.id);
    await expectEventually(
      () => {
        for (const socket of [member, memberOtherTab]) {
          expect(chatEvents(socket.received)).toEqual([
            `${ofChat} new-message`,
            `${list} new-message`,
            `${ofUser} new-message`,
            `${list} delete`,
            `${ofUser} delete`,
          ]);
        }
      },
      { timeoutMs: 30_000 },
    );
    expect(member.received.find((entry) => entry.event === ofChat)?.payload).toMatchObject({
      newMessage: { message: 'Reunião às 15h' },
      chat: { id: chatId },
    });
    // a later event of the same partition arrived everywhere, so nothing more is on its way to the others
    await publish(
      'tickets.chat.v1',
      chatId,
      event(ChatDeleted, tenantA.companyId, { id: chatId, uuid: chat.uuid, userIds: [agentA.user.id] }),
    );
    await expectEventually(() => {
      expect(chatEvents(nonMember.received)).toEqual([
        `${list} delete`,
        `${channel.chatUser(tenantA.companyId, agentA.user.id)} delete`,
      ]);
    });
    expect(chatEvents(otherCompany.received)).toEqual([]);
  });

  it('reports presence to identity (the dashboard shows the agent online)', async () => {
    await expectEventually(async () => {
      const response = await call<{ online: boolean }>(gateways[0], 'GET', `/users/${agentA.user.id}`, {
        token: adminA.token,
      });
      expect(response.body.online).toBe(true);
    });
  });

  it('tells the first browser about another login with company-{id}-auth and closes its socket', async () => {
    const first = await connect(gateways[1], adminA.token);
    const agent = await connect(gateways[0], agentA.token);
    const disconnected = new Promise<string>((resolve) => first.socket.once('disconnect', (reason) => resolve(reason)));
    await logIn(gateways[0], tenantA.email, tenantA.password);
    await expectEventually(() =>
      expect(
        first.received.filter((entry) => entry.event === channel.auth(tenantA.companyId)).map((entry) => entry.payload),
      ).toEqual([
        { action: 'update', user: { id: adminA.user.id, email: tenantA.email, companyId: tenantA.companyId } },
      ]),
    );
    expect(await disconnected).toBe('io server disconnect');
    expect(agent.socket.connected).toBe(true);
    expect(agent.received.some((entry) => entry.event.endsWith('-auth'))).toBe(false);
    // every gateway refuses the ended session's token once the event reached it
    for (const gateway of gateways) {
      await expectEventually(async () => {
        const attempt = await connect(gateway, adminA.token).then(
          (accepted) => {
            accepted.socket.disconnect();
            return 'accepted';
          },
          (error: Error) => error.message,
        );
        expect(attempt).toBe('ERR_SESSION_EXPIRED');
      });
    }
  });
});
