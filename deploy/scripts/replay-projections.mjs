// `make replay-projections`: rebuilds the projections other services keep of identity (companies and users) by
// writing every company's and user's current snapshot to identity's outbox; the relay of the running identity
// service (or its next start) publishes them and each consumer upserts its rows. COMPANY_ID=<id> limits it to one
// company. Database: DATABASE_URL, else the running `make dev`'s embedded PostgreSQL (started when it is down).
import pg from 'pg';
import { devDatabase } from './dev-postgres.mjs';

const embedded = `postgres://postgres:postgres@127.0.0.1:${process.env.DEV_POSTGRES_PORT ?? 54320}/postgres`;

async function answers(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1_000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

const database =
  process.env.DATABASE_URL || !(await answers(embedded))
    ? await devDatabase()
    : { url: embedded, stop: async () => undefined };
const { createIdentityDataSource } = await import('../../services/identity/src/database/data-source.ts');
const { republishIdentitySnapshots } = await import('../../services/identity/src/database/republish.ts');
const dataSource = createIdentityDataSource({ DATABASE_URL: database.url });
await dataSource.initialize();
try {
  const companyId = process.env.COMPANY_ID ? Number(process.env.COMPANY_ID) : undefined;
  const counts = await republishIdentitySnapshots(dataSource, companyId === undefined ? {} : { companyId });
  console.log(
    `identity: ${counts.companies} company and ${counts.users} user snapshot(s) written to the outbox; ` +
      'the relay publishes them and every projection is upserted',
  );
} finally {
  await dataSource.destroy();
  await database.stop();
}
