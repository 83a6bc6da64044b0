/**
 * The upgrade that gave tickets' projection of connections their provider: on a database of its own, a connection
 * stored by the previous release is marked by migration 1766730000000, and the connector's first start publishes
 * its snapshot (`whatsapp.connection.updated`, provider included) over Kafka with no manual step; a connection
 * created afterwards is not marked (its creation published it).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type RunningApp, startServiceApp } from '@cs/platform/bootstrap';
import { createServiceDataSource, runMigrations } from '@cs/platform/database';
import { expectEventually, nextCompanyId, serviceTestEnv, testRun } from '@cs/platform/testing';
import { whatsappConnectorService } from '../../src/app.js';
import { createWhatsappDataSource, WHATSAPP_SCHEMA } from '../../src/database/data-source.js';
import { ConnectionSnapshotsAnnounced1766730000000 } from '../../src/database/migrations/1766730000000-connection-snapshots-announced.js';
import { WhatsappMigrations } from '../../src/database/migrations/index.js';
import { KafkaProbe } from '../support/kafka-probe.js';

const database = `cs_upgrade_${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
const databaseUrl = testRun().databaseUrl.replace(/\/[^/?]+(\?.*)?$/, `/${database}$1`);
let app: RunningApp<typeof whatsappConnectorService.envSchema> | undefined;
let probe: KafkaProbe | undefined;
let db: pg.Client | undefined;

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: testRun().databaseUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Runs the given migrations of the connector on the test's database. */
async function migrate(migrations: ReadonlyArray<(typeof WhatsappMigrations)[number]>): Promise<void> {
  const dataSource = createServiceDataSource({ url: databaseUrl, schema: WHATSAPP_SCHEMA, entities: [], migrations });
  await runMigrations(dataSource);
  await dataSource.destroy();
}

beforeAll(async () => {
  await admin((client) => client.query(`CREATE DATABASE ${database}`));
});

afterAll(async () => {
  await app?.close();
  await probe?.stop();
  await db?.end();
  await admin((client) => client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`));
});

it('publishes at the first start after the upgrade the snapshot of every connection stored before it', async () => {
  const company = await nextCompanyId();
  await migrate(WhatsappMigrations.filter((migration) => migration !== ConnectionSnapshotsAnnounced1766730000000));
  db = new pg.Client({ connectionString: databaseUrl, options: `-c search_path=${WHATSAPP_SCHEMA}` });
  await db.connect();
  const { rows: before } = await db.query<{ id: number }>(
    `INSERT INTO connections (company_id, name, provider, cloud_phone_number_id)
     VALUES ($1, 'Cloud de antes', 'cloud-api', '5550003') RETURNING id`,
    [company],
  );
  const connectionId = before[0]!.id;

  const dataSource = createWhatsappDataSource({ DATABASE_URL: databaseUrl });
  await runMigrations(dataSource);
  await dataSource.destroy();
  const { rows: after } = await db.query<{ id: number }>(
    "INSERT INTO connections (company_id, name) VALUES ($1, 'Nova') RETURNING id",
    [company],
  );
  const { rows: marked } = await db.query('SELECT id, snapshot_announced FROM connections ORDER BY id');
  expect(marked).toEqual([
    { id: connectionId, snapshot_announced: false },
    { id: after[0]!.id, snapshot_announced: true },
  ]);

  probe = new KafkaProbe();
  await probe.start();
  app = await startServiceApp(whatsappConnectorService, serviceTestEnv({ DATABASE_URL: databaseUrl }), { port: 0 });
  const published = await probe.next(
    'whatsapp.connection.v1',
    (entry) => entry.envelope.companyId === company && entry.envelope.type === 'whatsapp.connection.updated',
  );
  expect(published.key).toBe(String(connectionId));
  expect(published.envelope.data).toMatchObject({ id: connectionId, name: 'Cloud de antes', provider: 'cloud-api' });
  await expectEventually(async () => {
    const { rows } = await db!.query('SELECT snapshot_announced FROM connections WHERE id = $1', [connectionId]);
    expect(rows).toEqual([{ snapshot_announced: true }]);
  });
  // the connection created after the migration was not republished
  expect(probe.events('whatsapp.connection.v1', (entry) => entry.envelope.data['id'] === after[0]!.id)).toEqual([]);
});
