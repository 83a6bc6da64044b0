/**
 * The outbox without a NOTIFY per transaction, on real PostgreSQL. A transaction that NOTIFYs holds PostgreSQL's
 * cluster-wide notification lock through its commit's WAL flush, so every such commit of every service waits for
 * the one before. `EventPublisher`, when its process runs the schema's relay, writes its rows without the NOTIFY
 * and wakes that relay after the commit; without a local relay it notifies, for the relays of other processes.
 * Each relay here polls only every 30 s: what is published within a second was woken.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import pino from 'pino';
import type { DataSource } from 'typeorm';
import { createServiceDataSource, TransactionHost } from '@cs/platform/database';
import { type BusMessage, EventPublisher, InProcessEventBus, OutboxRelay } from '@cs/platform/events';
import { expectEventually, testRun } from '@cs/platform/testing';
import { TagDeleted } from '@cs/proto/events';
import { migratedProbeDataSource } from '../fixtures/probe-migrations.js';

describe('outbox-quiet-notify', () => {
  const schema = `quiet_notify_${randomBytes(3).toString('hex')}`;
  const logger = pino({ level: process.env['TEST_LOG_LEVEL'] ?? 'silent' });
  const POLL_MS = 30_000;

  let listener: pg.Client;
  const notifications: string[] = [];
  const dataSources: DataSource[] = [];
  const relays: OutboxRelay[] = [];
  /** What any relay of this test published, in order. */
  const published: BusMessage[] = [];

  interface Replica {
    readonly dataSource: DataSource;
    readonly transactions: TransactionHost;
    readonly publisher: EventPublisher;
  }

  /** A replica of a deployable: its pool, its publisher, and its relay when it runs one. */
  async function replica(withRelay: boolean): Promise<Replica> {
    const dataSource = createServiceDataSource({ url: testRun().databaseUrl, schema, entities: [], migrations: [] });
    await dataSource.initialize();
    dataSources.push(dataSource);
    if (withRelay) {
      const bus = new InProcessEventBus();
      await bus.connect();
      const publish = bus.publish.bind(bus);
      bus.publish = async (messages) => {
        published.push(...messages);
        await publish(messages);
      };
      const relay = new OutboxRelay({ dataSource, bus, schema, logger, pollIntervalMs: POLL_MS });
      await relay.start();
      relays.push(relay);
    }
    const transactions = new TransactionHost(dataSource);
    return { dataSource, transactions, publisher: new EventPublisher(transactions, 'probe') };
  }

  const emitTagDeleted = ({ transactions, publisher }: Replica, id: number) =>
    transactions.run(() => publisher.emit(TagDeleted, { companyId: 1, key: id, data: { id } }));

  const publishedKeys = (): string[] => published.map((message) => message.key);

  const outboxCount = async (): Promise<number> => {
    const [row] = await (dataSources[0] as DataSource).query<Array<{ count: number }>>(
      'SELECT count(*)::int AS count FROM outbox',
    );
    return row?.count ?? -1;
  };

  /** The outbox is empty: the relay's deletion commits just after the publish that `published` saw. */
  const outboxEmptied = () => expectEventually(async () => expect(await outboxCount()).toBe(0), { timeoutMs: 1_000 });

  let first: Replica;

  beforeAll(async () => {
    const migrator = await migratedProbeDataSource(schema);
    await migrator.destroy();
    listener = new pg.Client({ connectionString: testRun().databaseUrl });
    await listener.connect();
    listener.on('notification', (message) => notifications.push(message.channel));
    await listener.query(`LISTEN "${schema}_outbox"`);
    first = await replica(true);
  });

  afterAll(async () => {
    for (const relay of relays) await relay.stop();
    await listener?.end();
    await dataSources[0]?.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    for (const dataSource of dataSources) await dataSource.destroy();
  });

  describe('the outbox NOTIFY', () => {
    it("is not sent by a process that runs the schema's relay, which publishes at once after the commit", async () => {
      notifications.length = 0;
      await emitTagDeleted(first, 101);
      await emitTagDeleted(first, 102);
      await expectEventually(() => expect(publishedKeys()).toEqual(['101', '102']), { timeoutMs: 1_000 });
      // a NOTIFY is delivered at its commit, before the relay could publish: one round trip flushes it to us
      await listener.query('SELECT 1');
      expect(notifications).toEqual([]);
      await outboxEmptied();
    });

    it('is not sent for a transaction that rolls back, whose events are never published', async () => {
      notifications.length = 0;
      await expect(
        first.transactions.run(async () => {
          await first.publisher.emit(TagDeleted, { companyId: 1, key: 103, data: { id: 103 } });
          throw new Error('roll back');
        }),
      ).rejects.toThrow('roll back');
      await listener.query('SELECT 1');
      expect(notifications).toEqual([]);
      await outboxEmptied();
      expect(publishedKeys()).not.toContain('103');
    });

    it('still publishes at once when another relay held the lock as the rows committed', async () => {
      const holder = new pg.Client({ connectionString: testRun().databaseUrl });
      await holder.connect();
      try {
        await holder.query('BEGIN');
        await holder.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`outbox:${schema}`]);
        await emitTagDeleted(first, 104);
        // a round of this relay (after the one the commit woke: rounds run one at a time) found the lock held
        expect(await relays[0]!.flush()).toBe(0);
        expect(publishedKeys()).not.toContain('104');
        await holder.query('COMMIT');
        // well within the 30 s poll: the relay looks again by itself once it found the lock held
        await expectEventually(() => expect(publishedKeys()).toContain('104'), { timeoutMs: 10_000 });
      } finally {
        await holder.end();
      }
    });

    it('is sent by a process without a relay (OUTBOX_RELAY=off), and the relay of another process publishes at once', async () => {
      const withoutRelay = await replica(false);
      notifications.length = 0;
      await emitTagDeleted(withoutRelay, 105);
      await expectEventually(() => expect(notifications).toEqual([`${schema}_outbox`]), { timeoutMs: 1_000 });
      await expectEventually(() => expect(publishedKeys()).toContain('105'), { timeoutMs: 1_000 });
      await outboxEmptied();
    });
  });

  describe('what the relay publishes', () => {
    it('is the envelope the publisher wrote, with its id, type, company and correlation id in the headers', async () => {
      published.length = 0;
      const [withCorrelation, without] = await first.transactions.run(() =>
        first.publisher.emitAll([
          { definition: TagDeleted, input: { companyId: 7, key: 201, data: { id: 201 }, correlationId: 'req-201' } },
          { definition: TagDeleted, input: { companyId: 7, key: 202, data: { id: 202 } } },
        ]),
      );
      await expectEventually(() => expect(publishedKeys()).toEqual(['201', '202']), { timeoutMs: 1_000 });
      const [one, two] = published as [BusMessage, BusMessage];
      expect(JSON.parse(one.value)).toEqual(withCorrelation);
      expect(JSON.parse(two.value)).toEqual(without);
      expect(one.headers).toMatchObject({
        'event-id': withCorrelation?.id,
        'event-type': TagDeleted.type,
        'company-id': '7',
        'correlation-id': 'req-201',
      });
      // without one given, the event has the current unit of work's
      expect(two.headers['correlation-id']).toBe(without?.correlationId);
    });

    it("goes out with the event's id as its correlation id when the stored envelope has none", async () => {
      published.length = 0;
      const eventId = '0193a6f0-0000-7000-8000-000000000203';
      const envelope = { id: eventId, type: TagDeleted.type, schemaVersion: 1, companyId: 7, data: { id: 203 } };
      // a row written before envelopes carried a correlation id; the relay is woken by the next commit
      await (dataSources[0] as DataSource).query(
        `INSERT INTO outbox (event_id, topic, message_key, type, company_id, payload, headers)
       VALUES ($1, 'tickets.tags', '203', $2, 7, $3, '{}')`,
        [eventId, TagDeleted.type, JSON.stringify(envelope)],
      );
      await emitTagDeleted(first, 204);
      await expectEventually(() => expect(publishedKeys()).toEqual(['203', '204']), { timeoutMs: 1_000 });
      expect(JSON.parse((published[0] as BusMessage).value)).toEqual(envelope);
      expect((published[0] as BusMessage).headers['correlation-id']).toBe(eventId);
    });
  });

  /**
   * The relay's round runs on its LISTEN connection in two round trips: `BEGIN` with its take (prepared by SQL on that
   * connection the first time), then `COMMIT`. These are the ways that prepared take can go missing or stale.
   */
  describe("the relay's take, prepared on its LISTEN connection", () => {
    const listenerPids = async (): Promise<number[]> =>
      (
        await (dataSources[0] as DataSource).query<Array<{ pid: number }>>(
          'SELECT pid FROM pg_stat_activity WHERE application_name = $1',
          [`${schema}-outbox-listener`],
        )
      ).map((row) => row.pid);

    it('is prepared again on the new connection after the old one was killed, and events go out at once', async () => {
      await emitTagDeleted(first, 301);
      await expectEventually(() => expect(publishedKeys()).toContain('301'), { timeoutMs: 1_000 });
      const [before] = await listenerPids();
      expect(before).toBeDefined();
      await (dataSources[0] as DataSource).query('SELECT pg_terminate_backend($1)', [before]);
      // the listener connects again within its reconnect delay (1 s); until then rounds run on the pool
      await expectEventually(
        async () => {
          const pids = await listenerPids();
          expect(pids).toHaveLength(1);
          expect(pids[0]).not.toBe(before);
        },
        { timeoutMs: 5_000 },
      );
      published.length = 0;
      await emitTagDeleted(first, 302);
      await emitTagDeleted(first, 303);
      await expectEventually(() => expect(publishedKeys()).toEqual(['302', '303']), { timeoutMs: 1_000 });
      await outboxEmptied();
    });

    it('is prepared again when a migration changed the columns it returns, and no event is lost', async () => {
      published.length = 0;
      await emitTagDeleted(first, 311);
      await expectEventually(() => expect(publishedKeys()).toEqual(['311']), { timeoutMs: 1_000 });
      const dataSource = dataSources[0] as DataSource;
      await dataSource.query('ALTER TABLE outbox ALTER COLUMN message_key TYPE varchar(200)');
      try {
        // the first round fails ("cached plan must not change result type") and rolls back; the retry prepares anew
        await emitTagDeleted(first, 312);
        await emitTagDeleted(first, 313);
        await expectEventually(() => expect(publishedKeys()).toEqual(['311', '312', '313']), { timeoutMs: 3_000 });
        await outboxEmptied();
        // published once each: the failed round published nothing
        expect(publishedKeys()).toEqual(['311', '312', '313']);
      } finally {
        await dataSource.query('ALTER TABLE outbox ALTER COLUMN message_key TYPE text');
      }
    });
  });
});
