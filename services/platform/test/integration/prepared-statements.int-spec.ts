/**
 * Prepared statements on real PostgreSQL. A text marked with `preparedStatement` runs by name on each connection of a
 * service's data source, parsed and planned there once; other texts are not prepared. When a migration changes what
 * a prepared statement returns, the call that meets it fails once and the connection prepares it again. Many events
 * written by one `emitAll` (one statement whatever their number) keep their order through the relay.
 */
import { randomBytes } from 'node:crypto';
import pino from 'pino';
import type { DataSource, QueryRunner } from 'typeorm';
import { OutboxJsonPayload1764800000000, preparedStatement, TransactionHost } from '@cs/platform/database';
import { type BusMessage, EventPublisher, InProcessEventBus, OutboxRelay } from '@cs/platform/events';
import { expectEventually } from '@cs/platform/testing';
import { TagDeleted } from '@cs/proto/events';
import { migratedProbeDataSource, probeMigrations } from '../fixtures/probe-migrations.js';

const schema = `prepared_${randomBytes(3).toString('hex')}`;
const logger = pino({ level: process.env['TEST_LOG_LEVEL'] ?? 'silent' });

const SELECT_PROBE = preparedStatement('SELECT * FROM probe_rows WHERE id = $1');

let dataSource: DataSource;
let connection: QueryRunner;

/** The prepared statements of the runner's connection (PostgreSQL keeps them per session). */
async function preparedTexts(): Promise<string[]> {
  const rows: Array<{ statement: string }> = await connection.query('SELECT statement FROM pg_prepared_statements');
  return rows.map((row) => row.statement);
}

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

describe('preparedStatement', () => {
  it('runs a marked text by name on the connection, and leaves other texts unprepared', async () => {
    expect(await connection.query(SELECT_PROBE, [1])).toEqual([{ id: 1, label: 'one' }]);
    expect(await connection.query(SELECT_PROBE, [2])).toEqual([{ id: 2, label: 'two' }]);
    await connection.query('SELECT label FROM probe_rows WHERE id = $1', [1]);
    const texts = await preparedTexts();
    expect(texts.filter((text) => text === SELECT_PROBE)).toHaveLength(1);
    expect(texts).not.toContain('SELECT label FROM probe_rows WHERE id = $1');
  });

  it('prepares a statement again on a connection after a migration changed the columns it returns', async () => {
    expect(await connection.query(SELECT_PROBE, [1])).toEqual([{ id: 1, label: 'one' }]);
    await dataSource.query("ALTER TABLE probe_rows ADD COLUMN note text NOT NULL DEFAULT 'added'");
    // PostgreSQL refuses the statement prepared before: that one call fails, as a transaction may be retried
    await expect(connection.query(SELECT_PROBE, [1])).rejects.toThrow('cached plan must not change result type');
    expect(await connection.query(SELECT_PROBE, [1])).toEqual([{ id: 1, label: 'one', note: 'added' }]);
    expect(await connection.query(SELECT_PROBE, [2])).toEqual([{ id: 2, label: 'two', note: 'added' }]);
  });
});

const INSERT_PROBE = preparedStatement('INSERT INTO probe_rows (id, label) VALUES ($1, $2)');

/** A query runner of its own, and the round trips its connection makes (each ends with a ReadyForQuery). */
async function countedRunner(): Promise<{ runner: QueryRunner; roundTrips: () => number }> {
  const runner = dataSource.createQueryRunner();
  const client = (await runner.connect()) as { connection: { on(event: string, fn: () => void): void } };
  let count = 0;
  client.connection.on('readyForQuery', () => (count += 1));
  return { runner, roundTrips: () => count };
}

const labelOf = async (id: number): Promise<string | undefined> =>
  (await dataSource.query<Array<{ label: string }>>('SELECT label FROM probe_rows WHERE id = $1', [id]))[0]?.label;

/**
 * TypeORM opens each transaction with its own `START TRANSACTION`; it now goes out with the transaction's first
 * statement, in the same round trip.
 */
describe("a transaction's START TRANSACTION", () => {
  it('goes out with a registered first statement: a transaction of one statement is two round trips', async () => {
    const { runner, roundTrips } = await countedRunner();
    try {
      // the first time on a connection, the statement is prepared there (one round trip more, once)
      await runner.startTransaction();
      await runner.query(INSERT_PROBE, [10, 'ten']);
      await runner.commitTransaction();
      const before = roundTrips();
      await runner.startTransaction();
      await runner.query(INSERT_PROBE, [11, "eleven's"]);
      await runner.commitTransaction();
      expect(roundTrips() - before).toBe(2);
      expect(await labelOf(11)).toBe("eleven's");
      // the statement ran inside the transaction: rolled back, it left nothing
      await runner.startTransaction();
      await runner.query(INSERT_PROBE, [12, 'twelve']);
      await runner.rollbackTransaction();
      expect(await labelOf(12)).toBeUndefined();
    } finally {
      await runner.release();
    }
  });

  it('costs no round trip for a transaction that ran nothing', async () => {
    const { runner, roundTrips } = await countedRunner();
    try {
      const before = roundTrips();
      await runner.startTransaction();
      await runner.commitTransaction();
      await runner.startTransaction();
      await runner.rollbackTransaction();
      expect(roundTrips() - before).toBe(0);
    } finally {
      await runner.release();
    }
  });

  it('keeps the isolation level asked for, and a first statement with values of its own inside the transaction', async () => {
    const level = await dataSource.transaction('SERIALIZABLE', async (manager) => {
      await manager.query('INSERT INTO probe_rows (id, label) VALUES ($1, $2)', [13, 'thirteen']);
      return (
        await manager.query<Array<{ level: string }>>("SELECT current_setting('transaction_isolation') AS level")
      )[0]?.level;
    });
    expect(level).toBe('serializable');
    await expect(
      dataSource.transaction(async (manager) => {
        await manager.query('INSERT INTO probe_rows (id, label) VALUES ($1, $2)', [14, 'fourteen']);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await labelOf(13)).toBe('thirteen');
    expect(await labelOf(14)).toBeUndefined();
  });

  it('leaves the connection out of any transaction when the first statement fails', async () => {
    const { runner } = await countedRunner();
    try {
      await runner.startTransaction();
      await expect(runner.query(INSERT_PROBE, [1, 'one again'])).rejects.toThrow('duplicate key');
      await runner.rollbackTransaction();
      // not in a transaction any more: this commits on its own, as another connection sees
      await runner.query(INSERT_PROBE, [15, 'fifteen']);
      expect(await labelOf(15)).toBe('fifteen');
    } finally {
      await runner.release();
    }
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
      expect(published.map((message) => message.value)).toEqual(envelopes.map((envelope) => JSON.stringify(envelope)));
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
