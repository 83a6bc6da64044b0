import { randomBytes } from 'node:crypto';
import { createDatabase, ensurePostgres, type PostgresServer } from './postgres.js';
import { DEFAULT_TEST_BROKERS, ensureKafka, TEST_TOPIC_PARTITIONS } from './kafka.js';

export interface TestRunState {
  readonly server: PostgresServer;
  /** Every database of the run: one per Jest worker (the first is `TEST_RUN_DATABASE_URL`'s). */
  readonly databases: readonly string[];
  readonly brokers: string;
  readonly topicPrefix: string;
}

/** The database of worker `n` (1-based, Jest's `JEST_WORKER_ID`) of a run whose first database is `base`. */
export function workerDatabase(base: string, worker: number): string {
  return worker <= 1 ? base : `${base}_w${worker}`;
}

/**
 * Jest global setup of the integration tier: fresh databases on real PostgreSQL, one per Jest worker, and a
 * namespace of topics on a real Kafka broker (started by deploy/kafka/kafka.sh when none answers), whose topics the
 * test files create under it (isolation.ts: the run's prefix itself names no topic). Workers read the
 * run's coordinates from the environment (`testRun()`); the tier's setup file (services/platform/test/setup/
 * isolation.ts) points each worker at its own database and each test file at its own topics, so files running at the
 * same time in different workers share neither tables nor topics. Each suite migrates the schemas it needs (under an
 * advisory lock).
 */
export default async function globalSetup(globalConfig?: { maxWorkers?: number }): Promise<void> {
  const runId = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const server = await ensurePostgres();
  const workers = Math.max(1, globalConfig?.maxWorkers ?? 1);
  const base = `cs_test_${runId}`;
  const databases = Array.from({ length: workers }, (_, index) => workerDatabase(base, index + 1));
  const [databaseUrl] = await Promise.all(databases.map((database) => createDatabase(server.adminUrl, database)));
  const brokers = process.env['KAFKA_BROKERS'] ?? DEFAULT_TEST_BROKERS;
  await ensureKafka(brokers);
  const topicPrefix = `t${runId}.`;
  process.env['TEST_RUN_DATABASE_URL'] = databaseUrl;
  process.env['TEST_RUN_DATABASE_WORKERS'] = String(workers);
  process.env['TEST_RUN_KAFKA_BROKERS'] = brokers;
  process.env['TEST_RUN_TOPIC_PREFIX'] = topicPrefix;
  // the full stacks some files start (deploy/scripts/e2e-stack.mjs) cap their topics' partitions as the files do
  process.env['E2E_TOPIC_PARTITIONS'] ??= String(TEST_TOPIC_PARTITIONS);
  (globalThis as { __csTestRun?: TestRunState }).__csTestRun = { server, databases, brokers, topicPrefix };
  process.stdout.write(
    `\nintegration tests: PostgreSQL database${workers > 1 ? 's' : ''} ${databases.join(', ')}; ` +
      `Kafka broker ${brokers} (topics ${topicPrefix}*)\n`,
  );
}
