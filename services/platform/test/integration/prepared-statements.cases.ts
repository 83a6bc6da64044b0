/**
 * Prepared statements on real PostgreSQL, through node-postgres' public API (`{ name, text, values }`). A statement
 * made with `preparedStatement` and run with `runPrepared` runs by name on the connection of the manager it is given,
 * parsed and planned there once; a text run with `manager.query` is never prepared (no global patch of `pg`). When a
 * migration changes what a prepared statement returns, the call that meets it fails once and the connection prepares it
 * again. Many events written by one `emitAll` (one statement whatever their number) keep their order through the relay.
 */
import { randomBytes } from 'node:crypto';
import pino from 'pino';
import { type DataSource, QueryFailedError, type QueryRunner } from 'typeorm';
import { OutboxJsonPayload1764800000000, preparedStatement, runPrepared, TransactionHost } from '@cs/platform/database';
import { type BusMessage, EventPublisher, InProcessEventBus, OutboxRelay } from '@cs/platform/events';
import { expectEventually } from '@cs/platform/testing';
import { TagDeleted } from '@cs/proto/events';
import { migratedProbeDataSource, probeMigrations } from '../fixtures/probe-migrations.js';

describe('prepared-statements', () => {
  const schema = `prepared_${randomBytes(3).toString('hex')}`;
  const logger = pino({ level: process.env['TEST_LOG_LEVEL'] ?? 'silent' });

  const SELECT_PROBE = preparedStatement('SELECT * FROM probe_rows WHERE id = $1');
  const INSERT_PROBE = preparedStatement('INSERT INTO probe_rows (id, label) VALUES ($1, $2)');
  const RENAME_PROBE = preparedStatement('UPDATE probe_rows SET label = $2 WHERE id = $1 RETURNING id, label');

  let dataSource: DataSource;
  let connection: QueryRunner;

  /** The prepared statements of the runner's connection (PostgreSQL keeps them per session). */
  async function preparedTexts(runner: QueryRunner = connection): Promise<string[]> {
    const rows: Array<{ statement: string }> = await runner.query('SELECT statement FROM pg_prepared_statements');
    return rows.map((row) => row.statement);
  }

  const labelOf = async (id: number): Promise<string | undefined> =>
    (await dataSource.query<Array<{ label: string }>>('SELECT label FROM probe_rows WHERE id = $1', [id]))[0]?.label;

  beforeAll(async () => {
    dataSource = await migratedProbeDataSource(schema);
    await dataSource.query('CREATE TABLE probe_rows (id int PRIMARY KEY, label text NOT NULL)');
    await dataSource.query("INSERT INTO probe_rows VALUES (1, 'one'), (2, 'two')");
    connection = dataSource.createQueryRunner();
    await connection.connect();
  });

  afterAll(async () => {
    await connection?.release();
    await dataSource?.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await dataSource?.destroy();
  });

  describe('runPrepared', () => {
    it("runs a prepared statement by name on the manager's connection, and leaves every other text unprepared", async () => {
      expect(await runPrepared(connection.manager, SELECT_PROBE, [1])).toEqual([{ id: 1, label: 'one' }]);
      expect(await runPrepared(connection.manager, SELECT_PROBE, [2])).toEqual([{ id: 2, label: 'two' }]);
      // the same text through TypeORM is an ordinary unnamed query: nothing intercepts pg's `query`
      await connection.query(SELECT_PROBE.text, [1]);
      await connection.query('SELECT label FROM probe_rows WHERE id = $1', [1]);
      const texts = await preparedTexts();
      expect(texts.filter((text) => text === SELECT_PROBE.text)).toHaveLength(1);
      expect(texts).not.toContain('SELECT label FROM probe_rows WHERE id = $1');
    });

    it('prepares a statement again on a connection after a migration changed the columns it returns', async () => {
      expect(await runPrepared(connection.manager, SELECT_PROBE, [1])).toEqual([{ id: 1, label: 'one' }]);
      await dataSource.query("ALTER TABLE probe_rows ADD COLUMN note text NOT NULL DEFAULT 'added'");
      // PostgreSQL refuses the statement prepared before: that one call fails, as a transaction may be retried
      await expect(runPrepared(connection.manager, SELECT_PROBE, [1])).rejects.toThrow(
        'cached plan must not change result type',
      );
      expect(await runPrepared(connection.manager, SELECT_PROBE, [1])).toEqual([
        { id: 1, label: 'one', note: 'added' },
      ]);
      expect(await runPrepared(connection.manager, SELECT_PROBE, [2])).toEqual([
        { id: 2, label: 'two', note: 'added' },
      ]);
    });

    it("runs inside the caller's transaction: rolled back, it left nothing; committed, it stays", async () => {
      const transactions = new TransactionHost(dataSource);
      await expect(
        transactions.run(async (manager) => {
          await runPrepared(manager, INSERT_PROBE, [12, 'twelve']);
          expect(await runPrepared(manager, SELECT_PROBE, [12])).toEqual([
            expect.objectContaining({ label: 'twelve' }),
          ]);
          throw new Error('roll back');
        }),
      ).rejects.toThrow('roll back');
      expect(await labelOf(12)).toBeUndefined();
      await transactions.run((manager) => runPrepared(manager, INSERT_PROBE, [11, "eleven's"]));
      expect(await labelOf(11)).toBe("eleven's");
    });

    it("outside a transaction takes one of the pool's connections for the call and gives it back", async () => {
      // more calls one after another than the pool has connections: each call's connection went back to the pool
      const poolSize = Number((dataSource.options.extra as { max: number }).max);
      for (let call = 0; call < poolSize + 5; call += 1) {
        expect(await runPrepared(dataSource.manager, SELECT_PROBE, [1])).toEqual([expect.objectContaining({ id: 1 })]);
      }
      // an UPDATE ... RETURNING answers its rows (TypeORM's `query` answers `[rows, count]` there)
      expect(await runPrepared(dataSource.manager, RENAME_PROBE, [2, 'dois'])).toEqual([{ id: 2, label: 'dois' }]);
    });

    it("fails as TypeORM's queries do, with PostgreSQL's code, and leaves the connection usable", async () => {
      const error = await runPrepared(connection.manager, INSERT_PROBE, [1, 'one again']).catch(
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(QueryFailedError);
      expect(error).toMatchObject({ code: '23505', message: expect.stringContaining('duplicate key') });
      await runPrepared(connection.manager, INSERT_PROBE, [15, 'fifteen']);
      expect(await labelOf(15)).toBe('fifteen');
    });
  });

  /** The outbox relay of `relaySchema`, started, on a bus that keeps what it is given in `published`. */
  async function capturingRelay(
    source: DataSource,
    relaySchema: string,
    pollIntervalMs: number,
  ): Promise<{ relay: OutboxRelay; published: BusMessage[] }> {
    const published: BusMessage[] = [];
    const bus = new InProcessEventBus();
    await bus.connect();
    bus.publish = async (messages) => {
      published.push(...messages);
    };
    const relay = new OutboxRelay({ dataSource: source, bus, schema: relaySchema, logger, pollIntervalMs });
    await relay.start();
    return { relay, published };
  }

  describe("the outbox's one statement per emitAll", () => {
    it('writes 300 events of one transaction, which the relay publishes in their order with their payloads', async () => {
      const { relay, published } = await capturingRelay(dataSource, schema, 60_000);
      try {
        const transactions = new TransactionHost(dataSource);
        const publisher = new EventPublisher(transactions, 'probe');
        const ids = Array.from({ length: 300 }, (_, index) => 1_000 + index);
        const envelopes = await transactions.run(() =>
          publisher.emitAll(
            ids.map((id) => ({ definition: TagDeleted, input: { companyId: 7, key: id % 3, data: { id } } })),
          ),
        );
        await expectEventually(() => expect(published).toHaveLength(300), { timeoutMs: 5_000 });
        // each envelope goes out as the text its producer wrote, with its correlation id in the headers
        expect(published.map((message) => message.value)).toEqual(
          envelopes.map((envelope) => JSON.stringify(envelope)),
        );
        expect(published.map((message) => message.headers['correlation-id'])).toEqual(
          envelopes.map((envelope) => envelope.correlationId),
        );
        expect(published.map((message) => message.key)).toEqual(ids.map((id) => String(id % 3)));
      } finally {
        await relay.stop();
      }
    });
  });

  describe('OutboxJsonPayload1764800000000', () => {
    it('keeps the envelope and the correlation id of a row written before it, which the relay then publishes', async () => {
      const before = `${schema}_before`;
      const envelope = {
        id: '0193a6f0-0000-7000-8000-000000000301',
        type: TagDeleted.type,
        schemaVersion: 1,
        occurredAt: '2026-11-29T10:00:00.000Z',
        companyId: 7,
        producer: 'probe',
        correlationId: 'request-7f3a',
        data: { id: 301 },
      };
      const earlier = await migratedProbeDataSource(
        before,
        probeMigrations.slice(0, probeMigrations.indexOf(OutboxJsonPayload1764800000000)),
      );
      try {
        await earlier.query(
          `INSERT INTO outbox (event_id, topic, message_key, type, company_id, payload)
         VALUES ($1, 'tickets.tags', '301', $2, 7, $3::jsonb)`,
          [envelope.id, envelope.type, JSON.stringify(envelope)],
        );
      } finally {
        await earlier.destroy();
      }
      const migrated = await migratedProbeDataSource(before);
      try {
        const { relay, published } = await capturingRelay(migrated, before, 100);
        try {
          await expectEventually(() => expect(published).toHaveLength(1), { timeoutMs: 5_000 });
        } finally {
          await relay.stop();
        }
        expect(JSON.parse(published[0]!.value)).toEqual(envelope);
        expect(published[0]!.headers['correlation-id']).toBe('request-7f3a');
      } finally {
        await migrated.query(`DROP SCHEMA IF EXISTS "${before}" CASCADE`);
        await migrated.destroy();
      }
    });
  });
});
