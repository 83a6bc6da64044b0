import { createHash } from 'node:crypto';
import pg from 'pg';

/** The statement name of each registered SQL text. */
const names = new Map<string, string>();
/** Per connection: the suffix of its statement names, bumped when one of them had to be prepared again. */
const generations = new WeakMap<pg.Client, number>();
let installed = false;

/** Per connection: the registered statements prepared on it by SQL `PREPARE` (`beginWith`), by name. */
const preparedBySql = new WeakMap<pg.Client, Set<string>>();

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

/**
 * Opens a transaction on `client` and runs the registered statement `text` (see `preparedStatement`) in it, in ONE
 * round trip instead of two: `BEGIN; EXECUTE <name>(<values as literals>)` as one simple query, the statement prepared
 * on that connection by SQL `PREPARE` the first time (the extended protocol that `pg` uses for values cannot carry a
 * `BEGIN` with it). For a dedicated connection's hot transaction (the outbox relay's round). The values are quoted by
 * the client (`escapeLiteral`), or are safe integers. On failure the transaction may be open and aborted: the caller
 * rolls it back. A stale statement (see above) is prepared again under a new name at the next call.
 */
export async function beginWith<R>(
  client: pg.Client,
  text: string,
  values: ReadonlyArray<string | number>,
): Promise<R[]> {
  const base = names.get(text);
  if (base === undefined) throw new Error('beginWith runs only statements registered with preparedStatement');
  const generation = generations.get(client) ?? 0;
  const name = `${base}_sql${generation}`;
  let prepared = preparedBySql.get(client);
  if (!prepared) preparedBySql.set(client, (prepared = new Set()));
  if (!prepared.has(name)) {
    await client.query(`PREPARE ${name} AS ${text}`);
    prepared.add(name);
  }
  const literals = values.map((value) => {
    if (typeof value === 'string') return client.escapeLiteral(value);
    if (!Number.isSafeInteger(value)) throw new Error(`beginWith takes integers or strings, not ${value}`);
    return String(value);
  });
  try {
    const results = (await client.query(`BEGIN; EXECUTE ${name}(${literals.join(', ')})`)) as unknown as Array<
      pg.QueryResult<R & pg.QueryResultRow>
    >;
    return results[1]?.rows ?? [];
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === '0A000' && (error as Error).message === STALE_RESULT) generations.set(client, generation + 1);
    // gone from the connection (a DISCARD ALL, say): prepared again at the next call
    if (code === '26000') prepared.delete(name);
    throw error;
  }
}
