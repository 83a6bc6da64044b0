/**
 * The outbox relay under broker faults, on real PostgreSQL and a real Kafka broker: two relays share one outbox
 * (two replicas of a deployable) while transactions of four events each keep arriving, and a proxy between the
 * relays' producers and the broker in turn loses the answers to requests the broker wrote (a broker restarting
 * right after a write), then freezes the connections mid-batch. Every event must reach its topic (none lost,
 * none silently acknowledged as a duplicate of another), each key's events in order, and the relays must
 * recover by themselves.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import pino from 'pino';
import type { DataSource } from 'typeorm';
import { createServiceDataSource } from '@cs/platform/database';
import { OutboxRelay } from '@cs/platform/events';
import { KafkaEventBus } from '@cs/platform/events/transport';
import { FaultProxy, expectEventually, proxiedSocketFactory, readAllMessages, testRun } from '@cs/platform/testing';
import { migratedProbeDataSource } from '../fixtures/probe-migrations.js';

const TOPICS = ['identity.company.v1', 'identity.user.v1', 'tickets.ticket.v1', 'whatsapp.inbound-message.v1'];
const KEYS = 24;
const schema = `relay_faults_${randomBytes(3).toString('hex')}`;
const logger = pino({ level: process.env['TEST_LOG_LEVEL'] ?? 'silent' });
/** How many times a relay reported a publish that failed once its client gave up retrying. */
let failedPublishes = 0;
/** The relays' logger: counts their failed publishes, and shows their lines only when the run asks for logs. */
const relayLogger = pino(
  { level: 'warn' },
  {
    write: (line: string) => {
      if (line.includes('outbox relay could not publish')) failedPublishes += 1;
      if (process.env['TEST_LOG_LEVEL']) process.stdout.write(line);
    },
  },
);

let proxy: FaultProxy;
let writer: DataSource;
const replicas: Array<{ dataSource: DataSource; bus: KafkaEventBus; relay: OutboxRelay }> = [];
/** Every event written, in commit order: its key and its position among its key's events. */
const written = new Map<string, { key: string; seq: number }>();
const perKey = new Map<string, number>();

async function writeTransaction(): Promise<void> {
  const key = `k${Math.floor(Math.random() * KEYS)}`;
  await writer.transaction(async (manager) => {
    const rows: Array<{ id: string; topic: string; seq: number }> = [];
    for (const topic of TOPICS) {
      const seq = (perKey.get(`${topic}/${key}`) ?? 0) + 1;
      perKey.set(`${topic}/${key}`, seq);
      rows.push({ id: randomUUID(), topic, seq });
    }
    for (const row of rows) {
      await manager.query(
        'INSERT INTO outbox (event_id, topic, message_key, type, company_id, payload) VALUES ($1, $2, $3, $4, $5, $6)',
        [row.id, row.topic, key, 'probe.fault', 1, JSON.stringify({ id: row.id, seq: row.seq })],
      );
    }
    for (const row of rows) written.set(row.id, { key: `${row.topic}/${key}`, seq: row.seq });
  });
}

async function outboxCount(): Promise<number> {
  const [row] = await writer.query<Array<{ count: number }>>('SELECT count(*)::int AS count FROM outbox');
  return row?.count ?? 0;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Events are flowing: more were written, and the relays have published all but the last second's. */
async function flowing(): Promise<void> {
  const before = written.size;
  await expectEventually(
    async () => {
      expect(written.size).toBeGreaterThan(before + 20);
      expect(await replicas[0]!.relay.oldestUnpublishedAgeSeconds()).toBeLessThan(1);
    },
    { timeoutMs: 60_000, intervalMs: 100 },
  );
}

beforeAll(async () => {
  const run = testRun();
  writer = await migratedProbeDataSource(schema);
  const [host, port] = (run.brokers.split(',')[0] ?? '').split(':');
  proxy = await FaultProxy.start({ host: host ?? '127.0.0.1', port: Number(port) });
  for (const name of ['a', 'b']) {
    const dataSource = createServiceDataSource({ url: run.databaseUrl, schema, entities: [], migrations: [] });
    await dataSource.initialize();
    const bus = new KafkaEventBus({
      clientId: `relay-faults-${name}`,
      brokers: run.brokers.split(','),
      topicPrefix: run.topicPrefix,
      logger,
      socketFactory: proxiedSocketFactory(proxy),
    });
    await bus.connect();
    const relay = new OutboxRelay({ dataSource, bus, schema, logger: relayLogger, pollIntervalMs: 50, batchSize: 50 });
    replicas.push({ dataSource, bus, relay });
  }
});

afterAll(async () => {
  for (const replica of replicas) {
    await replica.relay.stop();
    await replica.bus.disconnect();
    await replica.dataSource.destroy();
  }
  await proxy?.close();
  await writer?.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).catch(() => undefined);
  await writer?.destroy();
});

it('loses no event and keeps each key in order when the broker loses answers and the connections freeze', async () => {
  for (const replica of replicas) await replica.relay.start();
  let writing = true;
  const writing$ = (async () => {
    while (writing) {
      await writeTransaction();
      await sleep(15);
    }
  })();

  // twice: a broker that wrote and lost its answers (long enough to exhaust the client's retries), then a freeze
  for (let round = 0; round < 2; round += 1) {
    await flowing();
    const failedBefore = failedPublishes;
    proxy.setMode('lose-answers');
    // the fault lasts until it outlived the client's retries: a relay reported a publish that failed
    await expectEventually(() => expect(failedPublishes).toBeGreaterThan(failedBefore), {
      timeoutMs: 60_000,
      intervalMs: 100,
    });
    proxy.setMode('pass');
    await flowing();
    proxy.setMode('freeze');
    // while nothing reaches the broker the lag grows (the gauge and /health/ready report it)
    await expectEventually(
      async () => expect(await replicas[0]!.relay.oldestUnpublishedAgeSeconds()).toBeGreaterThan(1),
      { timeoutMs: 30_000, intervalMs: 100 },
    );
    proxy.resetAll();
    proxy.setMode('pass');
  }
  await flowing();
  writing = false;
  await writing$;

  await expectEventually(async () => expect(await outboxCount()).toBe(0), { timeoutMs: 30_000, intervalMs: 200 });
  expect(await replicas[0]!.relay.oldestUnpublishedAgeSeconds()).toBe(0);

  const run = testRun();
  const seen = new Map<string, number>();
  const firstOrder = new Map<string, number[]>();
  for (const topic of TOPICS) {
    for (const message of await readAllMessages(run.brokers, `${run.topicPrefix}${topic}`)) {
      const id = message.headers['event-id'] ?? '';
      const event = written.get(id);
      if (!event) continue;
      const copies = (seen.get(id) ?? 0) + 1;
      seen.set(id, copies);
      if (copies === 1) firstOrder.set(event.key, [...(firstOrder.get(event.key) ?? []), event.seq]);
    }
  }
  const lost = [...written.keys()].filter((id) => !seen.has(id));
  expect(written.size).toBeGreaterThan(400);
  expect(lost).toEqual([]);
  for (const [key, order] of firstOrder) {
    expect({ key, order }).toEqual({ key, order: [...order].sort((left, right) => left - right) });
  }
});
