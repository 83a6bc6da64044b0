import pg from 'pg';
import { DataSource, type MigrationInterface, type QueryRunner } from 'typeorm';
import { defaultPoolSize } from './pool-size.js';

export interface ServiceDataSourceOptions {
  readonly url: string;
  /** The service's own PostgreSQL schema (e.g. `identity`); its tables, outbox and inbox live there. */
  readonly schema: string;
  readonly entities: readonly (new (...args: never[]) => unknown)[];
  readonly migrations: readonly (new () => MigrationInterface)[];
  /** Default: `defaultPoolSize()` (the partitions consumed at once, the relay and headroom). */
  readonly poolSize?: number | undefined;
  readonly applicationName?: string;
  /** PostgreSQL settings of every connection (`-c name=value`), e.g. `idle_in_transaction_session_timeout`. */
  readonly sessionSettings?: Readonly<Record<string, string | number>>;
}

export const SCHEMA_NAME_PATTERN = /^[a-z][a-z0-9_]*$/;

/**
 * One TypeORM DataSource per service (the app and the migration step use the same factory). Never
 * `synchronize`, never `migrationsRun`: migrations run as their own step (`runMigrations`, `make migrate`).
 */
export function createServiceDataSource(options: ServiceDataSourceOptions): DataSource {
  if (!SCHEMA_NAME_PATTERN.test(options.schema)) throw new Error(`invalid schema name: ${options.schema}`);
  return new DataSource({
    type: 'postgres',
    // the `pg` this code imports, not TypeORM's own `require('pg')` (a second copy in a bundle): the one that
    // `preparedStatement` names statements in, and `PgListener` uses
    driver: pg,
    url: options.url,
    schema: options.schema,
    entities: [...options.entities],
    migrations: [...options.migrations],
    migrationsTableName: 'migrations',
    migrationsTransactionMode: 'each',
    synchronize: false,
    migrationsRun: false,
    logging: false,
    extra: {
      max: options.poolSize ?? defaultPoolSize(),
      application_name: options.applicationName ?? options.schema,
      options: [
        `-c search_path=${options.schema}`,
        ...Object.entries(options.sessionSettings ?? {}).map(([name, value]) => `-c ${name}=${value}`),
      ].join(' '),
    },
  });
}

/**
 * Creates the schema when missing and runs pending migrations, holding a PostgreSQL advisory lock so that
 * replicas or parallel test workers starting together migrate once, one after another.
 */
export async function runMigrations(dataSource: DataSource): Promise<string[]> {
  const schema = (dataSource.options as { schema?: string }).schema;
  if (!schema) throw new Error('the data source has no schema');
  if (!dataSource.isInitialized) await dataSource.initialize();
  const lock: QueryRunner = dataSource.createQueryRunner();
  await lock.connect();
  try {
    await lock.query('SELECT pg_advisory_lock(hashtext($1))', [`migrations:${schema}`]);
    await lock.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    return applied.map((migration) => migration.name);
  } finally {
    await lock.query('SELECT pg_advisory_unlock(hashtext($1))', [`migrations:${schema}`]).catch(() => undefined);
    await lock.release();
  }
}
