// `make replay-projections`: rebuilds the projections other services keep of identity (companies and users) and of
// the connector (connections) by writing every company's, user's and connection's current snapshot to the outbox
// of the service that owns it; the relay of the running service (or its next start) publishes them and each
// consumer upserts its rows. COMPANY_ID=<id> limits it to one company. Database: DATABASE_URL, else the running
// `make dev`'s embedded PostgreSQL (started when it is down); where each service has a database of its own,
// IDENTITY_DATABASE_URL and WHATSAPP_DATABASE_URL name identity's and the connector's.
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
const { createWhatsappDataSource } = await import('../../services/whatsapp-connector/src/database/data-source.ts');
const { republishConnectionSnapshots } = await import('../../services/whatsapp-connector/src/database/republish.ts');
const companyId = process.env.COMPANY_ID ? Number(process.env.COMPANY_ID) : undefined;
const options = companyId === undefined ? {} : { companyId };

/** Runs `republish` on the service's own data source and prints what it wrote. */
async function replay(url, createDataSource, republish, describe) {
  const dataSource = createDataSource({ DATABASE_URL: url || database.url });
  await dataSource.initialize();
  try {
    console.log(
      `${describe(await republish(dataSource, options))}; the relay publishes them and every projection is upserted`,
    );
  } finally {
    await dataSource.destroy();
  }
}

try {
  await replay(
    process.env.IDENTITY_DATABASE_URL,
    createIdentityDataSource,
    republishIdentitySnapshots,
    (counts) => `identity: ${counts.companies} company and ${counts.users} user snapshot(s) written to the outbox`,
  );
  await replay(
    process.env.WHATSAPP_DATABASE_URL,
    createWhatsappDataSource,
    republishConnectionSnapshots,
    (counts) => `whatsapp-connector: ${counts.connections} connection snapshot(s) written to the outbox`,
  );
} finally {
  await database.stop();
}
