/**
 * The topics step (deploy/kafka/create-topics.mjs), run as the kafka-topics Job and each pod's wait-for-topics run it,
 * against the real broker: every topic of the registry with its partitions, idempotent, a topic the registry gives
 * more partitions grown, and the wait failing clearly while topics are missing.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Kafka, logLevel } from 'kafkajs';
import { DEFAULT_TEST_BROKERS, deleteTopics, expectEventually, repoRoot } from '@cs/platform/testing';

const brokers = process.env['KAFKA_BROKERS'] ?? DEFAULT_TEST_BROKERS;
const prefix = `${process.env['TEST_RUN_TOPIC_PREFIX'] ?? ''}topics${Date.now().toString(36)}.`;
const script = join(repoRoot(), 'deploy', 'kafka', 'create-topics.mjs');
const admin = new Kafka({
  clientId: 'create-topics-test',
  brokers: brokers.split(','),
  logLevel: logLevel.NOTHING,
}).admin();

/** The registry's topics and partitions, as deploy/kafka/topics.yaml lists them. */
const registry = new Map<string, number>();
let name = '';
for (const line of readFileSync(join(repoRoot(), 'deploy', 'kafka', 'topics.yaml'), 'utf8').split('\n')) {
  const topic = /^\s*- name: (\S+)/.exec(line)?.[1];
  const partitions = /^\s+partitions: (\d+)/.exec(line)?.[1];
  if (topic) registry.set((name = topic), 1);
  else if (partitions) registry.set(name, Number(partitions));
}

async function step(args: string[], env: Record<string, string> = {}) {
  try {
    const { stderr } = await promisify(execFile)(process.execPath, [script, ...args], {
      env: { PATH: process.env['PATH'], KAFKA_BROKERS: brokers, KAFKA_TOPIC_PREFIX: prefix, ...env },
    });
    return { code: 0, output: stderr };
  } catch (error) {
    const failed = error as { code?: number; stderr?: string };
    return { code: failed.code ?? -1, output: failed.stderr ?? '' };
  }
}

/** The broker's partitions per registry topic, once its metadata knows every topic (created ones propagate). */
const expectPartitionsOnBroker = (expected: Map<string, number>) =>
  expectEventually(
    async () => {
      const { topics } = await admin.fetchTopicMetadata({
        topics: [...registry.keys()].map((topic) => `${prefix}${topic}`),
      });
      expect(new Map(topics.map((topic) => [topic.name.slice(prefix.length), topic.partitions.length]))).toEqual(
        expected,
      );
    },
    { timeoutMs: 30_000, intervalMs: 200 },
  );

beforeAll(() => admin.connect());
afterAll(async () => {
  await admin.disconnect();
  await deleteTopics(brokers, prefix);
});

it('waits for the topics and fails, naming them, while they are missing', async () => {
  const waited = await step(['--wait'], { TOPICS_WAIT_TIMEOUT_MS: '1500' });
  expect(waited.code).toBe(1);
  expect(waited.output).toContain(`${registry.size} topics still missing after 1500 ms: ${prefix}identity.company.v1`);
});

it('creates every topic of the registry with its partitions, grows one that has fewer, and changes nothing the second time', async () => {
  expect(registry.get('whatsapp.inbound-message.v1')).toBe(12);
  // kafkajs's own wait for the new topic's leaders fails on a busy broker's "does not host this topic-partition":
  // wait for the broker's metadata instead
  await admin.createTopics({
    topics: [{ topic: `${prefix}whatsapp.inbound-message.v1`, numPartitions: 2 }],
    waitForLeaders: false,
  });
  await expectEventually(
    async () => {
      const { topics } = await admin.fetchTopicMetadata({ topics: [`${prefix}whatsapp.inbound-message.v1`] });
      expect(topics[0]?.partitions.map((partition) => partition.leader >= 0)).toEqual([true, true]);
    },
    { timeoutMs: 30_000, intervalMs: 200 },
  );

  const first = await step([]);
  expect(first).toMatchObject({ code: 0 });
  expect(first.output).toContain(
    `${registry.size - 1} topics created, 1 given more partitions, 0 already as the registry says`,
  );
  await expectPartitionsOnBroker(registry);

  const again = await step([]);
  expect(again).toMatchObject({ code: 0 });
  expect(again.output).toContain(
    `0 topics created, 0 given more partitions, ${registry.size} already as the registry says`,
  );
  await expectPartitionsOnBroker(registry);

  const waited = await step(['--wait']);
  expect(waited).toMatchObject({ code: 0 });
  expect(waited.output).toContain(`all ${registry.size} topics are there`);
});

it('deletes every topic of a prefix while another deletion of the same topics runs', async () => {
  await step([]);
  await expectPartitionsOnBroker(registry);

  await Promise.all([deleteTopics(brokers, prefix), deleteTopics(brokers, prefix)]);

  // the broker's metadata lists a deleted topic for a while
  await expectEventually(
    async () => expect((await admin.listTopics()).filter((topic) => topic.startsWith(prefix))).toEqual([]),
    { timeoutMs: 30_000, intervalMs: 200 },
  );
});
