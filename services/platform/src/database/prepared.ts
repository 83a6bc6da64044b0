import { createHash } from 'node:crypto';
import pg from 'pg';
import pgUtils from 'pg/lib/utils.js';

/** The statement name of each registered SQL text. */
const names = new Map<string, string>();
/** Per connection: the suffix of its statement names, bumped when one of them had to be prepared again. */
const generations = new WeakMap<pg.Client, number>();
let installed = false;

/** Per connection: the registered statements prepared on it by SQL `PREPARE` (`executeAfter`), by name. */
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

type Query = (this: pg.Client, ...args: unknown[]) => unknown;

/**
 * The first statement of a transaction that waits for the next one (TypeORM's `PostgresQueryRunner#startTransaction`
 * sends it; so does the outbox relay on its own connection).
 */
export const START_TRANSACTION = 'START TRANSACTION';
/** Connections whose `START TRANSACTION` waits to go out with the transaction's first statement. */
const deferredBegin = new WeakSet<pg.Client>();

/**
 * Patches `pg.Client#query` (TypeORM and our code call it with a text and values):
 * - a registered statement runs by name (see `preparedStatement`);
 * - TypeORM's `START TRANSACTION` is not sent on its own: it goes out with the transaction's first statement, in the
 *   same round trip (`START TRANSACTION; EXECUTE <name>(<literals>)` for a registered statement, `START TRANSACTION;
 *   <text>` for a text without values), or just before a statement that cannot join it. A transaction that ran
 *   nothing sends neither it nor its `COMMIT` or `ROLLBACK`. One round trip fewer for every consumer's transaction
 *   (its inbox insert is registered), every group commit and every use-case's.
 */
function install(): void {
  if (installed) return;
  installed = true;
  // eslint-disable-next-line @typescript-eslint/unbound-method -- called below with the client as `this`
  const query = pg.Client.prototype.query as Query;
  pg.Client.prototype.query = function patchedQuery(this: pg.Client, ...args: unknown[]): unknown {
    const [text, values, callback] = args;
    const promised = values === undefined && typeof callback !== 'function';
    if (promised && text === START_TRANSACTION && !deferredBegin.has(this)) {
      deferredBegin.add(this);
      return Promise.resolve(emptyResult('START'));
    }
    if (!deferredBegin.has(this)) return namedQuery.call(this, query, args);
    deferredBegin.delete(this);
    // nothing ran in the transaction: nothing to end
    if (promised && (text === 'COMMIT' || text === 'ROLLBACK')) return Promise.resolve(emptyResult(text));
    const name = typeof text === 'string' ? names.get(text) : undefined;
    const withoutValues = values === undefined || (Array.isArray(values) && values.length === 0);
    // literals only for what can go with it: a registered statement, or a text without values
    const literals =
      typeof text === 'string' && typeof callback !== 'function' && (name !== undefined || withoutValues)
        ? asLiterals(this, values)
        : undefined;
    if (typeof text === 'string' && literals !== undefined) {
      return name === undefined
        ? (query.call(this, `${START_TRANSACTION}; ${text}`) as Promise<unknown>).then(afterTheStart)
        : executeAfter(this, query, START_TRANSACTION, text, literals);
    }
    // cannot go with it: the START TRANSACTION first, then this, returned as `pg` returns it (a stream, say); a client
    // runs its queries in order, and one that failed to start finds its connection gone
    (query.call(this, START_TRANSACTION) as Promise<unknown>).catch(() => undefined);
    return namedQuery.call(this, query, args);
  } as typeof pg.Client.prototype.query;
}

/** A registered statement by its name on this connection; any other query as it is. */
function namedQuery(this: pg.Client, query: Query, args: unknown[]): unknown {
  const [text, values, callback] = args;
  const name = typeof text === 'string' ? names.get(text) : undefined;
  if (name === undefined || !Array.isArray(values) || typeof callback === 'function') {
    return query.apply(this, args);
  }
  const generation = generations.get(this) ?? 0;
  const config = { name: generation === 0 ? name : `${name}_${generation}`, text, values };
  return (query.call(this, config) as Promise<unknown>).catch((error: unknown) => {
    if (isStale(error)) generations.set(this, generation + 1);
    throw error;
  });
}

const isStale = (error: unknown): boolean =>
  error instanceof Error && (error as { code?: string }).code === '0A000' && error.message === STALE_RESULT;

/** What `pg` resolves a statement without rows with. */
const emptyResult = (command: string) => ({ command, rowCount: null, oid: null, rows: [], fields: [] });

/** The result of the statement after a leading `START TRANSACTION` of a multi-statement query. */
function afterTheStart(results: unknown): unknown {
  const all = results as unknown[];
  return all.length === 2 ? all[1] : all.slice(1);
}

/**
 * The values as SQL literals, each the text `pg` would have sent as its parameter (`prepareValue`), quoted by the
 * client; undefined when one of them is binary (a `Buffer`), which only a parameter carries.
 */
function asLiterals(client: pg.Client, values: unknown): string[] | undefined {
  if (values === undefined) return [];
  if (!Array.isArray(values)) return undefined;
  const literals: string[] = [];
  for (const value of values) {
    const text = pgUtils.prepareValue(value);
    if (text === null) literals.push('NULL');
    else if (typeof text === 'string') literals.push(client.escapeLiteral(text));
    else return undefined;
  }
  return literals;
}

/**
 * `<start>; EXECUTE <name>(<literals>)` in one simple query, the registered statement `text` prepared on this
 * connection by SQL `PREPARE` the first time (one round trip more, once); resolves with the statement's result.
 */
async function executeAfter(
  client: pg.Client,
  query: Query,
  start: string,
  text: string,
  literals: readonly string[],
): Promise<unknown> {
  const generation = generations.get(client) ?? 0;
  const name = `${names.get(text)}_sql${generation}`;
  let prepared = preparedBySql.get(client);
  if (!prepared) preparedBySql.set(client, (prepared = new Set()));
  if (!prepared.has(name)) {
    await query.call(client, `PREPARE ${name} AS ${text}`);
    prepared.add(name);
  }
  try {
    const execute = literals.length === 0 ? name : `${name}(${literals.join(', ')})`;
    return afterTheStart(await query.call(client, `${start}; EXECUTE ${execute}`));
  } catch (error) {
    if (isStale(error)) generations.set(client, generation + 1);
    // gone from the connection (a DISCARD ALL, say): prepared again at the next call
    if ((error as { code?: string }).code === '26000') prepared.delete(name);
    throw error;
  }
}
