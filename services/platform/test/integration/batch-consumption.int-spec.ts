/**
 * Batch consumption (`@InBatches()`, `EventServer.handleBatch`) on real PostgreSQL: consecutive events of one
 * partition share one transaction with one inbox insert; an event already in the inbox, or repeated within the
 * batch, has no second effect; order is kept; a failing event is handled alone (retried, then the DLQ) while the
 * others of its batch are committed exactly once; a batch whose commit fails is handled event by event. Then the
 * same on the real Kafka broker: many events over several keys, each key's effects in order, exactly once.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import pino from 'pino';
import type { DataSource } from 'typeorm';
import { dlqTopicOf } from '@cs/proto/events';
import { TransactionHost } from '@cs/platform/database';
import { type DeliveredMessage, type EventBus, InProcessEventBus } from '@cs/platform/events';
import { EventServer, type KafkaEventBus, type OnTopicExtras } from '@cs/platform/events/transport';
import {
  companyCreatedEvent,
  connectTestBus,
  expectEventually,
  type FixtureEvent,
  readAllMessages,
  startListening,
  testRun,
} from '@cs/platform/testing';
import { migratedProbeDataSource } from '../fixtures/probe-migrations.js';

const TOPIC = 'identity.company.v1';
const schema = `batch_consumption_${randomBytes(3).toString('hex')}`;
const logger = pino({ level: process.env['TEST_LOG_LEVEL'] ?? 'silent' });
let dataSource: DataSource;
let transactions: TransactionHost;

type Probe = FixtureEvent;
const probe = (name: string, companyId = 7): Probe => companyCreatedEvent(companyId, name);

let offset = 0;
/** The message of an event on partition 0 (`deliveredOn` for another). */
const delivered = (entry: Probe): DeliveredMessage => deliveredOn(entry, 0);
const deliveredOn = (entry: Probe, partition: number): DeliveredMessage => ({
  topic: TOPIC,
  key: '7',
  value: entry.value,
  headers: { 'event-id': entry.id },
  partition,
  offset: String((offset += 1)),
  heartbeat: async () => undefined,
});

/** What a handler call saw: the event's name and the transaction it ran in. */
interface Call {
  readonly name: string;
  readonly txid: string;
}

/**
 * A consumer whose handler writes one effect row per event (and the name into `names`, whose deferred uniqueness
 * fails at commit), in the inbox transaction; `fail(name, call)` decides whether a call throws.
 */
function consumer(options: {
  readonly batch: boolean;
  readonly fail?: (name: string, call: number) => boolean;
  /** Awaited at the start of every call (before anything is written). */
  readonly before?: (name: string) => Promise<void>;
  readonly bus?: EventBus;
  readonly groupId?: string;
}) {
  const bus = options.bus ?? new InProcessEventBus();
  const deadLetters: string[] = [];
  if (bus instanceof InProcessEventBus) {
    void bus.subscribe({
      groupId: 'dlq-watch',
      topics: [dlqTopicOf(TOPIC)],
      handle: async (message) => void deadLetters.push(message.headers['event-id'] ?? ''),
    });
  }
  const groupId = options.groupId ?? `batch-test-${randomUUID().slice(0, 8)}`;
  const server = new EventServer({
    bus,
    groupId,
    logger,
    idempotency: { kind: 'inbox', transactions },
    backoffMs: () => 1,
  });
  const calls: Call[] = [];
  /** Names in the order their calls began (`calls` records them once `before` let them go on). */
  const started: string[] = [];
  const perName = new Map<string, number>();
  server.addHandler(
    TOPIC,
    async (event: { id: string; companyId: number; type: string; data: { name: string } }) => {
      const name = event.data.name;
      started.push(name);
      await options.before?.(name);
      const call = (perName.get(name) ?? 0) + 1;
      perName.set(name, call);
      const [row] = await transactions.manager.query<Array<{ txid: string }>>('SELECT txid_current()::text AS txid');
      calls.push({ name, txid: row?.txid ?? '' });
      if (options.fail?.(name, call)) throw new Error(`${name} cannot be applied`);
      await transactions.manager.query('INSERT INTO effects (event_id, company_id, type) VALUES ($1, $2, $3)', [
        event.id,
        event.companyId,
        event.type,
      ]);
      await transactions.manager.query('INSERT INTO names (consumer, name) VALUES ($1, $2)', [groupId, name]);
    },
    true,
    options.batch ? ({ batch: true } satisfies OnTopicExtras) : {},
  );
  return { server, calls, started, deadLetters, groupId };
}

/** The names whose effect rows exist for these events, in the order they were written. */
async function effects(entries: readonly Probe[]): Promise<string[]> {
  const rows = await dataSource.query<Array<{ event_id: string }>>(
    'SELECT event_id FROM effects WHERE event_id = ANY($1::uuid[]) ORDER BY id',
    [entries.map((entry) => entry.id)],
  );
  const byId = new Map(entries.map((entry) => [entry.id, entry.name]));
  return rows.map((row) => byId.get(row.event_id) ?? '?');
}

async function inboxed(groupId: string): Promise<string[]> {
  const rows = await dataSource.query<Array<{ event_id: string }>>('SELECT event_id FROM inbox WHERE consumer = $1', [
    groupId,
  ]);
  return rows.map((row) => row.event_id);
}

/** A poll's interval (inside a deadline-bounded loop). */
const tick = () => new Promise((resolve) => setTimeout(resolve, 10));

beforeAll(async () => {
  dataSource = await migratedProbeDataSource(schema);
  await dataSource.query(
    `CREATE TABLE names (consumer text NOT NULL, name text NOT NULL,
       CONSTRAINT uq_names UNIQUE (consumer, name) DEFERRABLE INITIALLY DEFERRED)`,
  );
  transactions = new TransactionHost(dataSource);
});

afterAll(async () => {
  await dataSource?.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await dataSource?.destroy();
});

describe('EventServer.handleBatch with an inbox (PostgreSQL)', () => {
  it('handles a batch in one transaction: each new event once, in order; events already handled have no effect', async () => {
    const { server, calls, groupId } = consumer({ batch: true });
    const [a, b, c, d] = [probe('A'), probe('B'), probe('C'), probe('D')] as [Probe, Probe, Probe, Probe];
    await server.handleMessage(delivered(a));
    calls.length = 0;

    await server.handleBatch([b, a, c, b, d].map(delivered));

    expect(calls.map((call) => call.name)).toEqual(['B', 'C', 'D']);
    expect(new Set(calls.map((call) => call.txid)).size).toBe(1);
    expect(await effects([a, b, c, d])).toEqual(['A', 'B', 'C', 'D']);
    expect((await inboxed(groupId)).sort()).toEqual([a, b, c, d].map((entry) => entry.id).sort());

    // the whole batch delivered again (a redelivery after a crash before the offset commit): no second effect
    calls.length = 0;
    await server.handleBatch([a, b, c, d].map(delivered));
    expect(calls).toEqual([]);
    expect(await effects([a, b, c, d])).toEqual(['A', 'B', 'C', 'D']);
  });

  it('sets a failing event aside to the DLQ alone; the others of its batch are committed once, in order', async () => {
    const { server, calls, deadLetters, groupId } = consumer({ batch: true, fail: (name) => name === 'Veneno' });
    const entries = [probe('E1'), probe('E2'), probe('Veneno'), probe('E3'), probe('E4')];

    await server.handleBatch(entries.map(delivered));

    expect(await effects(entries)).toEqual(['E1', 'E2', 'E3', 'E4']);
    expect(deadLetters).toEqual([entries[2]?.id]);
    // once in the batch, then its three attempts alone
    expect(calls.filter((call) => call.name === 'Veneno')).toHaveLength(4);
    const txOf = (name: string) => calls.filter((call) => call.name === name).at(-1)?.txid;
    expect(txOf('E1')).toBe(txOf('E2'));
    expect(txOf('E3')).toBe(txOf('E4'));
    expect(txOf('E2')).not.toBe(txOf('E3'));
    expect((await inboxed(groupId)).sort()).toEqual([0, 1, 3, 4].map((index) => entries[index]?.id ?? '').sort());
  });

  it('handles an event that failed once in a batch alone, without a second effect for the others', async () => {
    const { server, deadLetters } = consumer({ batch: true, fail: (name, call) => name === 'F2' && call === 1 });
    const entries = [probe('F1'), probe('F2'), probe('F3')];

    await server.handleBatch(entries.map(delivered));

    expect(await effects(entries)).toEqual(['F1', 'F2', 'F3']);
    expect(deadLetters).toEqual([]);
  });

  it('handles a batch whose commit fails event by event: the good ones once, the failing one to the DLQ', async () => {
    const { server, calls, deadLetters } = consumer({ batch: true });
    // the third repeats the first's name: the deferred unique constraint fails the batch's commit, then that
    // event's own commits
    const entries = [probe('G1'), probe('G2'), probe('G1')];
    const third = entries[2] as Probe;

    await server.handleBatch(entries.map(delivered));

    expect(await effects(entries)).toEqual(['G1', 'G2']);
    expect(deadLetters).toEqual([third.id]);
    // the batch (one call each), then G1 and G2 alone, then the third's three attempts
    expect(calls.map((call) => call.name)).toEqual(['G1', 'G2', 'G1', 'G1', 'G2', 'G1', 'G1', 'G1']);
  });

  it('handles the events of several partitions fetched together in one transaction, each partition in order', async () => {
    const { server, calls } = consumer({ batch: true });
    // partition 0: PA1, PA2; partition 1: PB1, PB2; partition 2: PC1; fetched interleaved
    const onPartition: Array<[string, number]> = [
      ['PA1', 0],
      ['PB1', 1],
      ['PC1', 2],
      ['PA2', 0],
      ['PB2', 1],
    ];
    const entries = onPartition.map(([name]) => probe(name));

    await server.handleBatch(entries.map((entry, index) => deliveredOn(entry, onPartition[index]?.[1] ?? 0)));

    const order = calls.map((call) => call.name);
    expect([...order].sort()).toEqual(['PA1', 'PA2', 'PB1', 'PB2', 'PC1']);
    expect(order.indexOf('PA1')).toBeLessThan(order.indexOf('PA2'));
    expect(order.indexOf('PB1')).toBeLessThan(order.indexOf('PB2'));
    expect(new Set(calls.map((call) => call.txid)).size).toBe(1);
    expect((await effects(entries)).sort()).toEqual(['PA1', 'PA2', 'PB1', 'PB2', 'PC1']);
  });

  it('handles unbatched events of several partitions side by side, each partition in order', async () => {
    let sawOtherPartition = false;
    const created = consumer({
      batch: false,
      // partition 0's first event waits for partition 1's first to begin: one partition after the other never would
      before: async (name) => {
        if (name !== 'QA1') return;
        const deadline = Date.now() + 5_000;
        while (!created.started.includes('QB1') && Date.now() < deadline) await tick();
        sawOtherPartition = created.started.includes('QB1');
      },
    });
    await created.server.handleBatch([
      deliveredOn(probe('QA1'), 0),
      deliveredOn(probe('QB1'), 1),
      deliveredOn(probe('QA2'), 0),
      deliveredOn(probe('QB2'), 1),
    ]);

    expect(sawOtherPartition).toBe(true);
    const order = created.calls.map((call) => call.name);
    expect(order.indexOf('QA1')).toBeLessThan(order.indexOf('QA2'));
    expect(order.indexOf('QB1')).toBeLessThan(order.indexOf('QB2'));
    expect(new Set(created.calls.map((call) => call.txid)).size).toBe(4);
  });

  it('gives a handler without @InBatches() one transaction per event', async () => {
    const { server, calls } = consumer({ batch: false });
    const entries = [probe('H1'), probe('H2'), probe('H3')];

    await server.handleBatch(entries.map(delivered));

    expect(calls.map((call) => call.name)).toEqual(['H1', 'H2', 'H3']);
    expect(new Set(calls.map((call) => call.txid)).size).toBe(3);
    expect(await effects(entries)).toEqual(['H1', 'H2', 'H3']);
  });

  it('sends an invalid message in the middle of a batch to the DLQ and handles the rest in order', async () => {
    const { server, deadLetters } = consumer({ batch: true });
    const entries = [probe('I1'), probe('I2'), probe('I3')];
    const broken: DeliveredMessage = {
      ...delivered(probe('broken')),
      value: '{not json',
      headers: { 'event-id': 'x' },
    };

    await server.handleBatch([delivered(entries[0] as Probe), broken, ...entries.slice(1).map(delivered)]);

    expect(await effects(entries)).toEqual(['I1', 'I2', 'I3']);
    expect(deadLetters).toEqual(['x']);
  });
});

/**
 * A consumer whose handler takes arrays (`@OnTopicBatches()`): one effect row per event, in the inbox transaction;
 * a call fails when `fail` says so for one of its events.
 */
function arrayConsumer(options: { readonly fail?: (name: string) => boolean } = {}) {
  const bus = new InProcessEventBus();
  const deadLetters: string[] = [];
  void bus.subscribe({
    groupId: 'dlq-watch',
    topics: [dlqTopicOf(TOPIC)],
    handle: async (message) => void deadLetters.push(message.headers['event-id'] ?? ''),
  });
  const server = new EventServer({
    bus,
    groupId: `batch-test-${randomUUID().slice(0, 8)}`,
    logger,
    idempotency: { kind: 'inbox', transactions },
    backoffMs: () => 1,
  });
  const calls: Array<{ names: string[]; txid: string }> = [];
  server.addHandler(
    TOPIC,
    async (events: ReadonlyArray<{ id: string; companyId: number; type: string; data: { name: string } }>) => {
      const [row] = await transactions.manager.query<Array<{ txid: string }>>('SELECT txid_current()::text AS txid');
      calls.push({ names: events.map((event) => event.data.name), txid: row?.txid ?? '' });
      for (const event of events) {
        await transactions.manager.query('INSERT INTO effects (event_id, company_id, type) VALUES ($1, $2, $3)', [
          event.id,
          event.companyId,
          event.type,
        ]);
      }
      if (events.some((event) => options.fail?.(event.data.name))) throw new Error('cannot be applied');
    },
    true,
    { batch: true, together: true } satisfies OnTopicExtras,
  );
  return { server, calls, deadLetters };
}

describe('EventServer with a handler of arrays (@OnTopicBatches)', () => {
  it('gives it the new events of a batch in one call, in order, in the inbox transaction', async () => {
    const { server, calls } = arrayConsumer();
    const [a, b, c, d] = [probe('J1'), probe('J2'), probe('J3'), probe('J4')] as [Probe, Probe, Probe, Probe];
    await server.handleMessage(delivered(a));
    expect(calls.map((call) => call.names)).toEqual([['J1']]);
    calls.length = 0;

    await server.handleBatch([b, a, c, b, d].map(delivered));

    expect(calls.map((call) => call.names)).toEqual([['J2', 'J3', 'J4']]);
    expect(await effects([a, b, c, d])).toEqual(['J1', 'J2', 'J3', 'J4']);
  });

  it('handles a failing call again in smaller calls: the failing event alone to the DLQ, the others once', async () => {
    const { server, calls, deadLetters } = arrayConsumer({ fail: (name) => name === 'Veneno' });
    const entries = [probe('K1'), probe('K2'), probe('Veneno'), probe('K3'), probe('K4')];

    await server.handleBatch(entries.map(delivered));

    expect(await effects(entries)).toEqual(['K1', 'K2', 'K3', 'K4']);
    expect(deadLetters).toEqual([entries[2]?.id]);
    // the poison event's last three calls were alone (its attempts before the DLQ)
    expect(calls.filter((call) => call.names.includes('Veneno')).slice(-3)).toEqual([
      expect.objectContaining({ names: ['Veneno'] }),
      expect.objectContaining({ names: ['Veneno'] }),
      expect.objectContaining({ names: ['Veneno'] }),
    ]);
  });
});

describe('batch consumption on Kafka', () => {
  let bus: KafkaEventBus | undefined;
  let server: EventServer | undefined;

  afterAll(async () => {
    await server?.close();
    await bus?.disconnect();
  });

  it('applies every event of several keys once, each key in order, with a poison event set aside', async () => {
    const run = testRun();
    bus = await connectTestBus('batch-test', logger);
    const created = consumer({ batch: true, bus, fail: (name) => name.endsWith('veneno') });
    server = created.server;
    await startListening(created.server);

    const base = 980_000 + Math.floor(Math.random() * 9_000);
    const keys = Array.from({ length: 6 }, (_, index) => base + index);
    const entries: Array<Probe & { companyId: number }> = [];
    for (let seq = 0; seq < 40; seq += 1) {
      for (const companyId of keys) {
        const name = seq === 20 && companyId === keys[0] ? `${companyId}-veneno` : `${companyId}-${seq}`;
        entries.push({ ...probe(name, companyId), companyId });
      }
    }
    const poison = entries.find((entry) => entry.name.endsWith('veneno')) as Probe;
    // each event twice, the second copy right behind the first (a relay republishing after a crash)
    const messages = entries.flatMap((entry) => {
      const message = {
        topic: TOPIC,
        key: String(entry.companyId),
        value: entry.value,
        headers: { 'event-id': entry.id },
      };
      return [message, message];
    });
    await expectEventually(() => bus!.publish(messages), { timeoutMs: 60_000, intervalMs: 500 });

    const good = entries.filter((entry) => entry !== poison);
    await expectEventually(async () => expect(await effects(good)).toHaveLength(good.length), { timeoutMs: 90_000 });
    const applied = await effects(good);
    expect(new Set(applied).size).toBe(good.length);
    for (const companyId of keys) {
      const mine = applied.filter((name) => name.startsWith(`${companyId}-`));
      expect(mine).toEqual(good.filter((entry) => entry.companyId === companyId).map((entry) => entry.name));
    }
    // batches really shared transactions
    expect(new Set(created.calls.map((call) => call.txid)).size).toBeLessThan(created.calls.length);
    const letters = await expectEventually(
      async () => {
        const found = (await readAllMessages(run.brokers, `${run.topicPrefix}${dlqTopicOf(TOPIC)}`)).filter(
          (letter) => letter.headers['event-id'] === poison.id,
        );
        expect(found.length).toBeGreaterThanOrEqual(1);
        return found;
      },
      { timeoutMs: 30_000 },
    );
    expect(letters[0]?.headers['dlq-reason']).toBe('handler-failed');
  });
});
