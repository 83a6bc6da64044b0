/**
 * Jest `setupFilesAfterEnv` of the integration tier: what lets test files run at the same time in separate workers.
 *
 * - Every worker has a database of its own (the global setup creates one per worker). Files of one worker run one
 *   after another in it, as the whole tier once did in a single database; files of different workers never share
 *   tables, so no outbox relay publishes another file's rows and no count sees another file's companies.
 * - Every test file gets topics of its own, under the run's prefix (`t<run>.f<hash of the file>.`).
 *   `testRun().topicPrefix` (and so `serviceTestEnv()`, spawned processes and `readAllMessages` callers) then name
 *   that file's topics, and consumer groups are prefixed with them. Without it, a consumer group that starts at the
 *   earliest offset in one file (a service's) had to replay everything earlier files published (a 100k-row import),
 *   and timed out. A file's topics have at most `TEST_TOPIC_PARTITIONS` partitions; a worker deletes the topics of
 *   its previous file as the next one starts (`replaceWorkerTopics`). The global teardown deletes every topic left
 *   under the run's prefix and every worker's database.
 */
import { createHash } from 'node:crypto';
import { workerDatabase } from '../../src/testing/global-setup.js';
import { replaceWorkerTopics, TEST_TOPIC_PARTITIONS } from '../../src/testing/kafka.js';
import { withDatabase } from '../../src/testing/postgres.js';

const baseUrl = (process.env['TEST_RUN_DATABASE_URL_BASE'] ??= process.env['TEST_RUN_DATABASE_URL']);
const worker = Number(process.env['JEST_WORKER_ID'] ?? '1');
if (baseUrl !== undefined && worker > 1) {
  if (worker > Number(process.env['TEST_RUN_DATABASE_WORKERS'] ?? '1')) {
    throw new Error(`Jest worker ${worker} has no database: the global setup created one per worker (maxWorkers)`);
  }
  const base = decodeURIComponent(new URL(baseUrl).pathname.slice(1));
  process.env['TEST_RUN_DATABASE_URL'] = withDatabase(baseUrl, workerDatabase(base, worker));
}

const base = (process.env['TEST_RUN_TOPIC_PREFIX_BASE'] ??= process.env['TEST_RUN_TOPIC_PREFIX']);
const brokers = process.env['TEST_RUN_KAFKA_BROKERS'];
const testPath = expect.getState().testPath ?? '';

if (base !== undefined && brokers) {
  const prefix = `${base}f${createHash('sha256').update(testPath).digest('hex').slice(0, 10)}.`;
  process.env['TEST_RUN_TOPIC_PREFIX'] = prefix;
  beforeAll(() =>
    replaceWorkerTopics(brokers, { prefix: base, worker }, prefix, { maxPartitions: TEST_TOPIC_PARTITIONS }),
  );
}
