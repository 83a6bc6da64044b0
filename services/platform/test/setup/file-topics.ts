/**
 * Jest `setupFilesAfterEnv` of the integration tier: every test file gets topics of its own, under the run's prefix
 * (`t<run>.f<hash of the file>.`). `testRun().topicPrefix` (and so `serviceTestEnv()`, spawned processes and
 * `readAllMessages` callers) then name that file's topics. Without it, a consumer group that starts at the earliest
 * offset in one file (a service's) had to replay everything earlier files published (a 100k-row import), and
 * timed out. The global teardown deletes every topic under the run's prefix, these included.
 */
import { createHash } from 'node:crypto';
import { createTopics } from '../../src/testing/kafka.js';

const base = (process.env['TEST_RUN_TOPIC_PREFIX_BASE'] ??= process.env['TEST_RUN_TOPIC_PREFIX']);
const brokers = process.env['TEST_RUN_KAFKA_BROKERS'];
const testPath = expect.getState().testPath ?? '';

if (base !== undefined && brokers) {
  const prefix = `${base}f${createHash('sha256').update(testPath).digest('hex').slice(0, 10)}.`;
  process.env['TEST_RUN_TOPIC_PREFIX'] = prefix;
  beforeAll(() => createTopics(brokers, prefix));
}
