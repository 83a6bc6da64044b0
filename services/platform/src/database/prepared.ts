import { createHash } from 'node:crypto';
import { channel } from 'node:diagnostics_channel';
import pg from 'pg';
import { type EntityManager, QueryFailedError, type QueryRunner } from 'typeorm';

/**
 * The constant SQL text of a hot statement and the name it runs under: node-postgres prepares a named statement once
 * per connection (parse and plan there), then only binds and executes it (a custom plan for its first five runs, then
 * PostgreSQL's generic plan when that is no costlier). Only for texts with a fixed shape (arrays, not a VALUES list per
 * row): each text is one statement on every connection for its lifetime.
 */
export interface PreparedStatement {
  readonly name: string;
  readonly text: string;
}

/** Marks `text` as a prepared statement; run it with `runPrepared` (a manager's connection) or `runPreparedOn`. */
export function preparedStatement(text: string): PreparedStatement {
  return { name: `cs_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`, text };
}

/** Per connection: the suffix of its statement names, bumped when one of them had to be prepared again. */
const generations = new WeakMap<pg.ClientBase, number>();

/** SQLSTATE 0A000 with this text: the statement's result columns changed under it (a migration). */
const STALE_RESULT = 'cached plan must not change result type';

const isStale = (error: unknown): boolean =>
  error instanceof Error && (error as { code?: unknown }).code === '0A000' && error.message === STALE_RESULT;

/**
 * Runs `statement` by name on `client` (node-postgres' `{ name, text, values }` query config). When a migration
 * changed the columns a statement returns, PostgreSQL refuses it on the connections that prepared it; that call fails
 * (its transaction is retried as any failed one) and the connection prepares its statements again under new names.
 */
export async function runPreparedOn<R extends pg.QueryResultRow = pg.QueryResultRow>(
  client: pg.ClientBase,
  statement: PreparedStatement,
  values: readonly unknown[],
): Promise<pg.QueryResult<R>> {
  const generation = generations.get(client) ?? 0;
  const name = generation === 0 ? statement.name : `${statement.name}_${generation}`;
  try {
    return await client.query<R>({ name, text: statement.text, values: [...values] });
  } catch (error) {
    if (isStale(error)) generations.set(client, generation + 1);
    throw error;
  }
}

/** What `preparedQueries` publishes for each `runPrepared` call, once it was answered or failed. */
export interface PreparedQuery {
  readonly runner: QueryRunner;
  readonly statement: PreparedStatement;
  readonly values: readonly unknown[];
}

/**
 * The calls of `runPrepared` (they go to the driver's connection, not through `QueryRunner.query`), for instruments
 * such as `@cs/platform/testing`'s `StatementLog`; nothing is published while no one subscribes.
 */
export const preparedQueries = channel('cs.database.prepared-query');

/**
 * Runs `statement` by name on the connection of `manager`: its transaction's inside `TransactionHost.run`, else one of
 * the pool's for this call. Resolves with the rows (for `UPDATE`/`DELETE ... RETURNING` too); fails as `manager.query`
 * does, with TypeORM's `QueryFailedError` carrying PostgreSQL's `code`.
 */
export async function runPrepared<T extends object = Record<string, unknown>>(
  manager: EntityManager,
  statement: PreparedStatement,
  values: readonly unknown[],
): Promise<T[]> {
  const runner = manager.queryRunner ?? manager.dataSource.createQueryRunner();
  const borrowed = manager.queryRunner === undefined;
  try {
    // TypeORM's documented way to the driver's connection: node-postgres' client for the postgres driver (the `pg`
    // this package imports, `createServiceDataSource`'s `driver`)
    const client: unknown = await runner.connect();
    if (!(client instanceof pg.Client)) throw new Error('runPrepared needs a data source on the postgres driver');
    return (await runPreparedOn<T>(client, statement, values)).rows;
  } catch (error) {
    throw error instanceof QueryFailedError ? error : new QueryFailedError(statement.text, [...values], error as Error);
  } finally {
    if (preparedQueries.hasSubscribers) preparedQueries.publish({ runner, statement, values } satisfies PreparedQuery);
    if (borrowed) await runner.release();
  }
}
