import { randomBytes } from 'node:crypto';
import { createDatabase, ensurePostgres, type PostgresServer } from './postgres.js';
import { createTopics, DEFAULT_TEST_BROKERS, ensureKafka } from './kafka.js';

export interface TestRunState {
  readonly server: PostgresServer;
  readonly database: string;
  readonly brokers: string;
  readonly topicPrefix: string;
}

/**
 * Jest global setup of the integration tier: a fresh database on real PostgreSQL and a namespace of topics on a
 * real Kafka broker (started by deploy/kafka/kafka.sh when none answers). Workers read the run's coordinates
 * from the environment (`testRun()`). Each suite migrates the schemas it needs (under an advisory lock).
 */
export default async function globalSetup(): Promise<void> {
  const runId = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const server = await ensurePostgres();
  const database = `cs_test_${runId}`;
  const databaseUrl = await createDatabase(server.adminUrl, database);
  const brokers = process.env['KAFKA_BROKERS'] ?? DEFAULT_TEST_BROKERS;
  await ensureKafka(brokers);
  const topicPrefix = `t${runId}.`;
  await createTopics(brokers, topicPrefix);
  process.env['TEST_RUN_DATABASE_URL'] = databaseUrl;
  process.env['TEST_RUN_KAFKA_BROKERS'] = brokers;
  process.env['TEST_RUN_TOPIC_PREFIX'] = topicPrefix;
  (globalThis as { __csTestRun?: TestRunState }).__csTestRun = { server, database, brokers, topicPrefix };
  process.stdout.write(
    `\nintegration tests: PostgreSQL database ${database}; Kafka broker ${brokers} (topics ${topicPrefix}*)\n`,
  );
}
