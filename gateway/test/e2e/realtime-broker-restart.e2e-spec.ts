/**
 * An agent's open screen across a restart of the Kafka broker, under load: a socket opened as the web client opens
 * it (socket.io-client, the token in the handshake, the same rooms) must get every new message, or be told to
 * resynchronise after it (`resync`, or a reconnect: the web client fetches again what it shows on both).
 *
 * The broker is a private one on a port of this test (deploy/kafka/kafka.sh with KAFKA_PORT), which the test stops
 * and starts again while messages keep being published, as tickets' relay publishes them: a few conversations
 * before the restart, and customers writing in on new tickets from the moment the broker goes away. Identity and the
 * gateway run in this process on that broker.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pino from 'pino';
import { io, type Socket } from 'socket.io-client';
import { channel, type AppMessageSocketEvent } from '@cs/proto/realtime';
import { KafkaEventBus } from '@cs/platform/events/transport';
import { expectEventually, freePort, isPortOpen, repoRoot } from '@cs/platform/testing';
import { createPlan, logIn, type Session, signUp, type Stack, startStack } from '../support/stack.js';

const RATE_PER_SECOND = 20;
/** Messages the broker acknowledged after its restart before the load stops. */
const AFTER_RESTART = 120;
const logger = pino({ level: process.env['TEST_LOG_LEVEL'] ?? 'silent' });

let port = 0;
let stack: Stack | undefined;
let bus: KafkaEventBus | undefined;
let socket: Socket | undefined;

const kafka = (command: 'start' | 'stop'): Promise<unknown> =>
  promisify(execFile)('bash', [join(repoRoot(), 'deploy/kafka/kafka.sh'), command], {
    env: { ...process.env, KAFKA_PORT: String(port), KAFKA_START_TIMEOUT: '300' },
  });

const fixture = JSON.parse(
  readFileSync(join(repoRoot(), 'proto/fixtures/events/tickets.message.created.json'), 'utf8'),
) as { data: { message: Record<string, unknown>; ticket: Record<string, unknown> } } & Record<string, unknown>;

/** `tickets.message.created` of a new customer message on a ticket of the company, as tickets publishes it. */
function messageCreated(companyId: number, ticketId: number, seq: number) {
  const messageId = randomUUID();
  const envelope = {
    ...fixture,
    id: randomUUID(),
    companyId,
    occurredAt: new Date().toISOString(),
    data: {
      message: { ...fixture.data.message, id: messageId, ticketId, companyId, body: `mensagem ${seq}` },
      ticket: { ...fixture.data.ticket, id: ticketId, companyId, lastMessage: `mensagem ${seq}` },
    },
  };
  return {
    messageId,
    bus: { topic: 'tickets.message.v1', key: String(ticketId), value: JSON.stringify(envelope), headers: {} },
  };
}

beforeAll(async () => {
  // the broker's controller listens on the next port
  do port = await freePort();
  while (await isPortOpen(`127.0.0.1:${port + 1}`, 200));
  await kafka('start');
  const brokers = `127.0.0.1:${port}`;
  // the broker's absence is the point: the clients' connection errors meanwhile are not logged
  const onPrivateBroker = { KAFKA_BROKERS: brokers, LOG_LEVEL: process.env['TEST_LOG_LEVEL'] ?? 'fatal' };
  stack = await startStack({ topicPrefix: '', gatewayEnv: onPrivateBroker, identityEnv: onPrivateBroker });
  bus = new KafkaEventBus({ clientId: 'tickets-load', brokers: [brokers], logger });
  await bus.connect();
}, 360_000);

afterAll(async () => {
  socket?.disconnect();
  await bus?.disconnect();
  await stack?.close();
  if (port) {
    await kafka('stop');
    rmSync(join(repoRoot(), `.data/kafka-${port}`), { recursive: true, force: true });
  }
}, 120_000);

it('an open screen gets every message published across a broker restart under load, or is told to resync', async () => {
  const base = (stack as Stack).gatewayUrl;
  const tenant = await signUp(base, await createPlan());
  const admin: Session = await logIn(base, tenant.email, tenant.password);
  const companyId = tenant.companyId;

  const received = new Set<string>();
  /** When the socket was told to fetch again what it shows (`resync`, or a reconnect). */
  const resyncs: number[] = [];
  socket = io(base, {
    transports: ['websocket'],
    query: { token: admin.token, userId: String(admin.user.id), companyId: String(companyId) },
    auth: { token: admin.token },
  });
  let connections = 0;
  socket.on('connect', () => {
    connections += 1;
    if (connections > 1) resyncs.push(performance.now());
  });
  socket.on('resync', () => resyncs.push(performance.now()));
  socket.on(channel.appMessage(companyId), (event: AppMessageSocketEvent) => {
    if (event.action === 'create') received.add(event.message.id);
  });
  await new Promise<void>((resolve, reject) => {
    socket?.once('ready', () => resolve());
    socket?.once('connect_error', reject);
  });
  for (const [name, ...args] of [['joinNotification'], ['joinTickets', 'pending'], ['joinTickets', 'open']]) {
    expect(await socket.timeout(10_000).emitWithAck(name as string, ...args)).toBe(true);
  }

  // the load: RATE_PER_SECOND messages a second, published in order, each batch retried until the broker acknowledged
  // it; before the restart on three conversations, from the moment the broker goes away on sixty
  const acked = new Map<string, number>();
  let tickets = 3;
  let seq = 0;
  let restartedAt = Number.POSITIVE_INFINITY;
  let ackedAfterRestart = 0;
  let loading = true;
  const unsent: Array<ReturnType<typeof messageCreated>> = [];
  const load = (async () => {
    const startedAt = performance.now();
    while (loading) {
      for (; seq < ((performance.now() - startedAt) / 1000) * RATE_PER_SECOND; seq += 1) {
        unsent.push(messageCreated(companyId, 1_000 + (seq % tickets), seq));
      }
      const batch = unsent.splice(0);
      try {
        await (bus as KafkaEventBus).publish(batch.map((message) => message.bus));
        const now = performance.now();
        for (const message of batch) acked.set(message.messageId, now);
        if (now > restartedAt) ackedAfterRestart += batch.length;
      } catch {
        unsent.unshift(...batch);
      }
      await new Promise((resolve) => setTimeout(resolve, 1000 / RATE_PER_SECOND));
    }
  })();

  await expectEventually(() => expect(received.size).toBeGreaterThanOrEqual(40), { timeoutMs: 60_000 });
  tickets = 60;
  await kafka('stop');
  await kafka('start');
  restartedAt = performance.now();
  await expectEventually(() => expect(ackedAfterRestart).toBeGreaterThanOrEqual(AFTER_RESTART), {
    timeoutMs: 180_000,
    intervalMs: 250,
  });
  loading = false;
  await load;

  /** Acknowledged messages the socket neither got nor was told to fetch again after. */
  const missed = (): string[] =>
    [...acked].filter(([id, at]) => !received.has(id) && !resyncs.some((resync) => resync > at)).map(([id]) => id);
  await expectEventually(
    () => expect({ missed: missed().length, of: acked.size }).toEqual({ missed: 0, of: acked.size }),
    {
      timeoutMs: 60_000,
    },
  );
  // nothing here was beyond resuming (no retention, no new partition): the stream resumed, nothing had to be refetched
  expect({ received: [...acked.keys()].filter((id) => received.has(id)).length, resyncs }).toEqual({
    received: acked.size,
    resyncs: [],
  });
}, 420_000);
