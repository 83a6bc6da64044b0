/**
 * Prepared statements on real PostgreSQL. A text marked with `preparedStatement` runs by name on each connection of a
 * service's data source, parsed and planned there once; other texts are not prepared. When a migration changes what
 * a prepared statement returns, the call that meets it fails once and the connection prepares it again. Many events
 * written by one `emitAll` (one statement whatever their number) keep their order through the relay.
 */
import { randomBytes } from 'node:crypto';
import pino from 'pino';
import type { DataSource, QueryRunner } from 'typeorm';
import { preparedStatement, TransactionHost } from '@cs/platform/database';
import { type BusMessage, EventPublisher, InProcessEventBus, OutboxRelay } from '@cs/platform/events';
import { expectEventually } from '@cs/platform/testing';
import { TagDeleted } from '@cs/proto/events';
import { migratedProbeDataSource } from '../fixtures/probe-migrations.js';

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

describe("the outbox's one statement per emitAll", () => {
  it('writes 300 events of one transaction, which the relay publishes in their order with their payloads', async () => {
    const published: BusMessage[] = [];
    const bus = new InProcessEventBus();
    await bus.connect();
    bus.publish = async (messages) => {
      published.push(...messages);
    };
    const relay = new OutboxRelay({ dataSource, bus, schema, logger, pollIntervalMs: 60_000 });
    await relay.start();
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
      expect(published.map((message): unknown => JSON.parse(message.value))).toEqual(envelopes);
      expect(published.map((message) => message.key)).toEqual(ids.map((id) => String(id % 3)));
    } finally {
      await relay.stop();
    }
  });
});
