/**
 * `make replay-projections`: on a database of its own, after the seed's events were consumed (the outbox is
 * empty), republishing writes the current snapshot of every company and user to identity's outbox, which the
 * relay publishes for every projection to upsert (tickets' companies and users among them).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { DataSource } from 'typeorm';
import { runMigrations } from '@cs/platform/database';
import { testRun } from '@cs/platform/testing';
import { createIdentityDataSource } from '../../src/database/data-source.js';
import { republishIdentitySnapshots } from '../../src/database/republish.js';
import { seedIdentity } from '../../src/database/seed.js';

const database = `cs_replay_${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
const databaseUrl = testRun().databaseUrl.replace(/\/[^/?]+(\?.*)?$/, `/${database}$1`);
let dataSource: DataSource;

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: testRun().databaseUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  await admin((client) => client.query(`CREATE DATABASE ${database}`));
  dataSource = createIdentityDataSource({ DATABASE_URL: databaseUrl });
  await runMigrations(dataSource);
  await seedIdentity(dataSource, { NODE_ENV: 'development' });
});

afterAll(async () => {
  await dataSource?.destroy();
  await admin((client) => client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`));
});

it('writes the current snapshot of every company and user to the outbox, in order', async () => {
  await dataSource.query('DELETE FROM outbox');
  await dataSource.query(`UPDATE users SET name = 'Agente Renomeado' WHERE email = 'agente@demo.local'`);

  expect(await republishIdentitySnapshots(dataSource)).toEqual({ companies: 2, users: 3 });
  const rows = await dataSource.query<
    Array<{
      topic: string;
      type: string;
      message_key: string;
      payload: { companyId: number; data: Record<string, unknown> };
    }>
  >('SELECT topic, type, message_key, payload FROM outbox ORDER BY id');
  expect(rows.map((row) => `${row.type} ${row.message_key}`)).toEqual([
    'identity.company.updated 1',
    'identity.company.updated 2',
    ...rows.slice(2).map((row) => `identity.user.updated ${row.message_key}`),
  ]);
  expect(rows[1]?.payload).toMatchObject({
    companyId: 2,
    data: { id: 2, name: 'Empresa Demo', plan: { name: 'Profissional' } },
  });
  const agent = rows.find((row) => row.payload.data.email === 'agente@demo.local');
  expect(agent).toMatchObject({
    topic: 'identity.user.v1',
    payload: { companyId: 2, data: { name: 'Agente Renomeado', profile: 'user', queueIds: [1, 2] } },
  });

  await dataSource.query('DELETE FROM outbox');
  expect(await republishIdentitySnapshots(dataSource, { companyId: 2 })).toEqual({ companies: 1, users: 2 });
});
