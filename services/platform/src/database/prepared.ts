import { createHash } from 'node:crypto';
import pg from 'pg';

/** The statement name of each registered SQL text. */
const names = new Map<string, string>();
/** Per connection: the suffix of its statement names, bumped when one of them had to be prepared again. */
const generations = new WeakMap<pg.Client, number>();
let installed = false;

/** SQLSTATE 0A000 with this text: the statement's result columns changed under it (a migration). */
const STALE_RESULT = 'cached plan must not change result type';

/**
 * Marks the constant SQL text of a hot statement as a prepared statement and returns it unchanged: with
 * `RECORD_MESSAGES = preparedStatement(...)`, `manager.query(RECORD_MESSAGES, values)` runs it by name on each
 * connection, parsed and planned once there instead of at every call (a custom plan for its first five runs, then
 * PostgreSQL's generic plan when that is no costlier). Planning was about a fifth of PostgreSQL's time on the inbound path at 300 msg/s, several ms for the
 * batch statements' CTEs. Only for texts with a fixed shape (arrays, not a VALUES list per row): each text is one
 * statement on every connection for its lifetime.
 *
 * When a migration changes the columns a statement returns, PostgreSQL refuses that statement on the connections
 * that prepared it ("cached plan must not change result type"); the call fails once (its transaction is retried
 * as any failed one), and that connection prepares its statements again under new names.
 */
export function preparedStatement(text: string): string {
  if (!names.has(text)) names.set(text, `cs_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`);
  install();
  return text;
}

/** Names the registered statements in `pg.Client#query` (TypeORM and our code call it with a text and values). */
function install(): void {
  if (installed) return;
  installed = true;
  // eslint-disable-next-line @typescript-eslint/unbound-method -- called below with the client as `this`
  const query = pg.Client.prototype.query as (this: pg.Client, ...args: unknown[]) => unknown;
  pg.Client.prototype.query = function namedQuery(this: pg.Client, ...args: unknown[]): unknown {
    const [text, values, callback] = args;
    const name = typeof text === 'string' ? names.get(text) : undefined;
    if (name === undefined || !Array.isArray(values) || typeof callback === 'function') {
      return query.apply(this, args);
    }
    const generation = generations.get(this) ?? 0;
    const config = { name: generation === 0 ? name : `${name}_${generation}`, text, values };
    return (query.call(this, config) as Promise<unknown>).catch((error: unknown) => {
      if (error instanceof Error && (error as { code?: string }).code === '0A000' && error.message === STALE_RESULT) {
        generations.set(this, generation + 1);
      }
      throw error;
    });
  } as typeof pg.Client.prototype.query;
}
