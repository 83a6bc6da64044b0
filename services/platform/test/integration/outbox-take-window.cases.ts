/**
 * The outbox relay's take window on real PostgreSQL (`outbox-take-window.ts`): a take looks above the last id it took
 * and in the gaps that transactions still in progress may fill, instead of walking from the low end of the index
 * through every row earlier takes deleted. What must hold: a row committed late, below the ids already published,
 * still goes out, once, before its key's next event; a rolled-back transaction holds nothing up; and takes do not read
 * the deleted rows again and again while a long transaction keeps them from being cleaned up and a gap from closing.
 */
import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import pg from 'pg';
import pino from 'pino';
import type { DataSource } from 'typeorm';
import { createServiceDataSource, OutboxIdAfterXid1765000000000 } from '@cs/platform/database';
import { type BusMessage, InProcessEventBus, OutboxRelay } from '@cs/platform/events';
import { expectEventually, testRun } from '@cs/platform/testing';
import { migratedProbeDataSource, probeMigrations } from '../fixtures/probe-migrations.js';

describe('outbox-take-window', () => {
  const schema = `take_window_${randomBytes(3).toString('hex')}`;
  /** What the relay logged at warn or above (an audit take finding rows outside the window says so). */
  const warnings: string[] = [];
  const logger = pino(
    { level: 'warn' },
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        warnings.push(chunk.toString());
        done();
      },
    }),
  );

  let dataSource: DataSource;
  let bus: InProcessEventBus;
  let relay: OutboxRelay;
  const published: BusMessage[] = [];
  const clients: pg.Client[] = [];

  async function client(inSchema = schema): Promise<pg.Client> {
    const connection = new pg.Client({ connectionString: testRun().databaseUrl });
    await connection.connect();
    await connection.query(`SET search_path TO "${inSchema}"`);
    clients.push(connection);
    return connection;
  }

  /** Inserts one event per key, in one statement (a multi-row insert, as `EventPublisher` writes): in the connection's open transaction, else committed. */
  const INSERT = `INSERT INTO outbox (event_id, topic, message_key, type, company_id, payload)
  SELECT gen_random_uuid(), 'probe.window', key, 'probe.window', 1, json_build_object('key', key)
    FROM unnest($1::text[]) AS key`;

  async function insertEvents(connection: pg.Client, keys: string[]): Promise<void> {
    await connection.query(INSERT, [keys]);
  }

  const publishedKeys = (): string[] => published.map((message) => message.key);

  /** Counted through the index: the last case checks that nothing scans the outbox sequentially. */
  async function outboxCount(): Promise<number> {
    return dataSource.transaction(async (manager) => {
      await manager.query('SET LOCAL enable_seqscan = off');
      const [row] = await manager.query<Array<{ count: number }>>('SELECT count(*)::int AS count FROM outbox');
      return row?.count ?? -1;
    });
  }

  /** The relay deletes what it published when its transaction commits, just after the publish the test saw. */
  const outboxEmptied = () => expectEventually(async () => expect(await outboxCount()).toBe(0), { timeoutMs: 2_000 });

  beforeAll(async () => {
    const migrator = await migratedProbeDataSource(schema);
    await migrator.destroy();
    dataSource = createServiceDataSource({ url: testRun().databaseUrl, schema, entities: [], migrations: [] });
    await dataSource.initialize();
    bus = new InProcessEventBus();
    await bus.connect();
    const publish = bus.publish.bind(bus);
    bus.publish = async (messages) => {
      published.push(...messages);
      await publish(messages);
    };
    // the 30 s poll never runs during a case: each commit's NOTIFY wakes the relay
    relay = new OutboxRelay({ dataSource, bus, schema, logger, pollIntervalMs: 30_000, batchSize: 50 });
    await relay.start();
  });

  afterAll(async () => {
    await relay?.stop();
    for (const connection of clients) await connection.end().catch(() => undefined);
    await dataSource?.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await dataSource?.destroy();
  });

  beforeEach(() => {
    published.length = 0;
    warnings.length = 0;
  });

  describe('the outbox take window', () => {
    it('publishes a row committed late, below the ids already published, once and before its key’s next event', async () => {
      const late = await client();
      const writer = await client();
      // its first write is the outbox insert: the id is drawn only once the transaction has an xid
      await late.query('BEGIN');
      await insertEvents(late, ['order-1', 'order-1b']);
      const others = Array.from({ length: 120 }, (_, i) => `other-${i}`);
      for (let i = 0; i < others.length; i += 10) await insertEvents(writer, others.slice(i, i + 10));
      await expectEventually(() => expect(publishedKeys()).toHaveLength(others.length), { timeoutMs: 5_000 });
      // the late transaction commits, then the key's next event (a transaction that waited for it, as a row lock makes)
      await late.query('COMMIT');
      await insertEvents(writer, ['order-1']);
      await expectEventually(() => expect(publishedKeys()).toHaveLength(others.length + 3), { timeoutMs: 2_000 });
      expect(publishedKeys().slice(others.length)).toEqual(['order-1', 'order-1b', 'order-1']);
      expect(new Set(published.map((message) => message.headers['event-id'])).size).toBe(published.length);
      await outboxEmptied();
      // found by the window's gap, not by an audit take
      expect(warnings).toEqual([]);
    });

    it('publishes a late row whose transaction was not yet in the take’s in-progress list (an xid above its xmax)', async () => {
      const older = await client();
      const late = await client();
      const writer = await client();
      // `older` has the lower xid but draws its id after `late`: when it commits, the newest completed xid is below
      // `late`'s, so a snapshot then lists `late` nowhere (its xid is at or above the snapshot's xmax)
      await older.query('BEGIN');
      await older.query('SELECT pg_current_xact_id()');
      await late.query('BEGIN');
      await insertEvents(late, ['invoice-7']);
      await insertEvents(older, ['older-1']);
      await older.query('COMMIT');
      await expectEventually(() => expect(publishedKeys()).toEqual(['older-1']), { timeoutMs: 2_000 });
      // another take in between, while `late` is still open
      await insertEvents(writer, ['between-1']);
      await expectEventually(() => expect(publishedKeys()).toEqual(['older-1', 'between-1']), { timeoutMs: 2_000 });
      await late.query('COMMIT');
      await insertEvents(writer, ['invoice-7']);
      await expectEventually(
        () => expect(publishedKeys()).toEqual(['older-1', 'between-1', 'invoice-7', 'invoice-7']),
        {
          timeoutMs: 2_000,
        },
      );
      expect(warnings).toEqual([]);
    });

    it('is not held up by a transaction that rolled back, and publishes what commits after it', async () => {
      const aborted = await client();
      const writer = await client();
      await aborted.query('BEGIN');
      await insertEvents(aborted, ['never-1', 'never-2']);
      await insertEvents(writer, ['before-1', 'before-2']);
      await expectEventually(() => expect(publishedKeys()).toEqual(['before-1', 'before-2']), { timeoutMs: 2_000 });
      await aborted.query('ROLLBACK');
      await insertEvents(writer, ['after-1']);
      await expectEventually(() => expect(publishedKeys()).toEqual(['before-1', 'before-2', 'after-1']), {
        timeoutMs: 2_000,
      });
      await outboxEmptied();
      expect(warnings).toEqual([]);
    });

    it('keeps every key in order and loses nothing with many writers committing out of id order', async () => {
      const writers = await Promise.all(Array.from({ length: 6 }, () => client()));
      const KEYS = 12;
      const sent = new Map<string, number>();
      // each key belongs to one writer at a time (as a row lock would make it): its events commit in their order
      await Promise.all(
        writers.map(async (writer, w) => {
          for (let round = 0; round < 40; round += 1) {
            const key = `k${(w + round * writers.length) % KEYS}-${w}`;
            const seq = (sent.get(key) ?? 0) + 1;
            sent.set(key, seq);
            await writer.query('BEGIN');
            await writer.query(INSERT, [[`${key}#${seq}`]]);
            // some transactions stay open while others commit after them
            if (round % 3 === 0) await new Promise((resolve) => setTimeout(resolve, 15));
            await writer.query('COMMIT');
          }
        }),
      );
      const total = [...sent.values()].reduce((sum, count) => sum + count, 0);
      await expectEventually(() => expect(publishedKeys()).toHaveLength(total), { timeoutMs: 5_000 });
      const order = new Map<string, number[]>();
      for (const name of publishedKeys()) {
        const [key = '', seq = ''] = name.split('#');
        order.set(key, [...(order.get(key) ?? []), Number(seq)]);
      }
      for (const [key, seqs] of order) {
        expect({ key, seqs }).toEqual({ key, seqs: Array.from({ length: sent.get(key) ?? 0 }, (_, i) => i + 1) });
      }
      expect(warnings).toEqual([]);
    });

    it('does not read again and again the rows earlier takes deleted while a long transaction keeps them', async () => {
      /** Index entries the outbox's primary key returned, and rows read by sequential scans of the outbox. */
      const reads = async (): Promise<{ index: number; sequential: number }> => {
        const [row] = await dataSource.query<Array<{ index: string; sequential: string }>>(
          `SELECT i.idx_tup_read AS index, t.seq_tup_read AS sequential
           FROM pg_stat_user_indexes i JOIN pg_stat_user_tables t USING (relid)
          WHERE i.schemaname = $1 AND i.relname = 'outbox' AND i.indexrelname = 'outbox_pkey'`,
          [schema],
        );
        return { index: Number(row?.index ?? 0), sequential: Number(row?.sequential ?? 0) };
      };
      /** A relay's connection reports its statistics as it ends: wait until it has. */
      const relayEnded = () =>
        expectEventually(
          async () =>
            expect(
              await dataSource.query('SELECT pid FROM pg_stat_activity WHERE application_name = $1', [
                `${schema}-outbox-listener`,
              ]),
            ).toEqual([]),
          { timeoutMs: 5_000 },
        );
      // the index holds this case's entries only, whatever the cases before left
      await dataSource.query('TRUNCATE outbox');
      // a transaction that runs for long and wrote (it has an xid, as a bulk import has; xids are the cluster's, so one
      // in another database holds the same): no row deleted from now on can be cleaned up, nor its index entry marked
      // dead, and no gap that it may still fill closes before it ends
      const old = await client();
      await old.query('BEGIN ISOLATION LEVEL REPEATABLE READ');
      await old.query('SELECT pg_current_xact_id()');
      const writer = await client();
      // rows published and deleted meanwhile: below the first id a new relay's first take sees, so in its first gap (a
      // take that looks in it reads their 150 entries)
      const earlier = 150;
      for (let i = 0; i < earlier; i += 1) await insertEvents(writer, [`earlier-${i}`]);
      await expectEventually(() => expect(publishedKeys()).toHaveLength(earlier), { timeoutMs: 10_000 });
      published.length = 0;
      // a relay of its own that takes at most 5 rows a take: at least 120 takes for 600 events, whatever the machine's
      // pace (at least 30 entries an event if each looked in the first gap)
      await relay.stop();
      await relayEnded();
      const small = new OutboxRelay({ dataSource, bus, schema, logger, pollIntervalMs: 30_000, batchSize: 5 });
      const before = await reads();
      await small.start();
      const events = 600;
      for (let i = 0; i < events; i += 1) await insertEvents(writer, [`deleted-${i}`]);
      await expectEventually(() => expect(publishedKeys()).toHaveLength(events), { timeoutMs: 10_000 });
      await old.query('COMMIT');
      await small.stop();
      await relayEnded();
      await expectEventually(async () => expect((await reads()).index).toBeGreaterThanOrEqual(before.index + events), {
        timeoutMs: 15_000,
      });
      const after = await reads();
      expect((after.index - before.index) / events).toBeLessThan(15);
      // nor does any take scan the table (a generic plan made while it was a page or two did, every row version included)
      expect(after.sequential - before.sequential).toBe(0);
      await relay.start();
    });
  });

  describe('an outbox whose ids are drawn without the xid (OutboxIdAfterXid1765000000000 not run yet)', () => {
    const before = `${schema}_before`;
    let beforeSource: DataSource;
    let beforeRelay: OutboxRelay;
    const beforePublished: string[] = [];

    beforeAll(async () => {
      beforeSource = await migratedProbeDataSource(
        before,
        probeMigrations.filter((migration) => migration !== OutboxIdAfterXid1765000000000),
      );
      const bus = new InProcessEventBus();
      await bus.connect();
      bus.publish = async (messages) => {
        beforePublished.push(...messages.map((message) => message.key));
      };
      beforeRelay = new OutboxRelay({ dataSource: beforeSource, bus, schema: before, logger, pollIntervalMs: 30_000 });
      await beforeRelay.start();
    });

    afterAll(async () => {
      await beforeRelay?.stop();
      await beforeSource?.query(`DROP SCHEMA IF EXISTS "${before}" CASCADE`);
      await beforeSource?.destroy();
    });

    it('is taken from the low end, without the window: an id drawn before its transaction had an xid still goes out', async () => {
      const late = await client(before);
      const writer = await client(before);
      // the id is drawn first (no xid yet), the row written later: what a multi-row insert can do without the migration
      const [{ id }] = (
        await late.query<{ id: string }>(`SELECT nextval(pg_get_serial_sequence('outbox', 'id')) AS id`)
      ).rows as [{ id: string }];
      await insertEvents(writer, ['other-1', 'other-2']);
      await expectEventually(() => expect(beforePublished).toEqual(['other-1', 'other-2']), { timeoutMs: 2_000 });
      await insertEvents(writer, ['other-3']);
      await expectEventually(() => expect(beforePublished).toHaveLength(3), { timeoutMs: 2_000 });
      await late.query(
        `INSERT INTO outbox (id, event_id, topic, message_key, type, company_id, payload)
       VALUES ($1, gen_random_uuid(), 'probe.window', 'order-9', 'probe.window', 1, '{}')`,
        [id],
      );
      await insertEvents(writer, ['order-9']);
      await expectEventually(() => expect(beforePublished.slice(3)).toEqual(['order-9', 'order-9']), {
        timeoutMs: 2_000,
      });
      expect(warnings).toEqual([]);
    });
  });
});
