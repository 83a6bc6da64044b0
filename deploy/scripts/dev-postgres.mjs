// PostgreSQL for `make dev`: DATABASE_URL when set, else an embedded PostgreSQL kept in .data/dev-postgres.
import { fork } from 'node:child_process';

/**
 * The embedded server runs in a helper process started in a process group of its own (`detached`,
 * deploy/scripts/dev-postgres-server.mjs): the terminal's Ctrl-C then reaches `make dev` alone, which closes the apps
 * first and stops the database last (otherwise PostgreSQL shuts down at the same moment and every app logs its
 * terminated connections). The helper stops the server when told to, or when this process goes away.
 */
export async function devDatabase() {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, stop: async () => undefined };
  const helper = fork(new URL('./dev-postgres-server.mjs', import.meta.url), [], {
    detached: true,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise((resolve) => helper.once('exit', resolve));
  const url = await new Promise((resolve, reject) => {
    helper.once('message', (message) =>
      message?.ready ? resolve(message.ready) : reject(new Error(`embedded PostgreSQL: ${message?.failed}`)),
    );
    helper.once('exit', (code) => reject(new Error(`embedded PostgreSQL's helper exited (${code})`)));
  });
  const stop = async () => {
    if (helper.connected) helper.send('stop');
    await exited;
  };
  return { url, stop };
}
