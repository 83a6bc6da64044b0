import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Admin, type ITopicConfig, Kafka, logLevel } from 'kafkajs';
import { dlqTopicOf, TOPICS } from '@cs/proto/events';
import { fixKafkaRequestQueueIdleLoop } from '../events/kafkajs-request-queue.js';
import { repoRoot } from './repo.js';

export const DEFAULT_TEST_BROKERS = '127.0.0.1:19092';

/**
 * A test's own kafkajs client, whose request queues idle as the services' do (ADR 0008): the fix goes on kafkajs's
 * class, so every client of the process (a Jest file's, its harness's probes and observers) idles from the first
 * topic set-up on, and none schedules kafkajs's negative delays.
 */
function testKafka(clientId: string, brokers: string, level: logLevel): Kafka {
  fixKafkaRequestQueueIdleLoop();
  return new Kafka({ clientId, brokers: brokers.split(','), logLevel: level });
}

export async function isPortOpen(hostPort: string, timeoutMs = 1_000): Promise<boolean> {
  const [host, port] = hostPort.split(':');
  return new Promise((resolve) => {
    const socket = new Socket();
    const done = (open: boolean): void => {
      socket.destroy();
      resolve(open);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('error', () => done(false));
    socket.connect(Number(port), host ?? '127.0.0.1', () => done(true));
  });
}

/**
 * Makes sure a real Kafka broker answers at `brokers`: when nothing listens there, starts the project's
 * broker with deploy/kafka/kafka.sh (Apache Kafka from Maven Central, KRaft). Never falls back to the
 * in-process bus: if no broker can be had, the run fails.
 */
export async function ensureKafka(brokers: string): Promise<void> {
  const first = brokers.split(',')[0] ?? DEFAULT_TEST_BROKERS;
  if (await isPortOpen(first)) return;
  const script = join(repoRoot(), 'deploy', 'kafka', 'kafka.sh');
  try {
    execFileSync('bash', [script, 'start'], {
      stdio: 'inherit',
      env: { ...process.env, KAFKA_PORT: first.split(':')[1] ?? '19092' },
    });
  } catch (error) {
    throw new Error(
      `no Kafka broker at ${brokers} and deploy/kafka/kafka.sh could not start one: ${(error as Error).message}`,
      { cause: error },
    );
  }
  if (!(await isPortOpen(first, 5_000))) throw new Error(`Kafka broker at ${brokers} did not come up`);
}

/**
 * Partitions of a topic in the integration tier (`createTopics`' `maxPartitions`), instead of the registry's up to 12:
 * enough for a key's order, consumer groups sharing a topic and batches of several partitions. The tier creates a set
 * of topics per test file, and the registry's counts would make tens of thousands of partitions a run on one broker.
 */
export const TEST_TOPIC_PARTITIONS = 3;

/** Creates every registry topic (and its DLQ) under a prefix, each with at most `maxPartitions` partitions. */
export async function createTopics(
  brokers: string,
  prefix: string,
  options: { readonly maxPartitions?: number } = {},
): Promise<void> {
  const cap = options.maxPartitions ?? Number.POSITIVE_INFINITY;
  // kafkajs logs every "unknown topic or partition" answer while the new topics' metadata fills in (`waitForLeaders`
  // asks again); what fails for good reaches the caller as this function's error
  const kafka = testKafka('test-setup', brokers, logLevel.NOTHING);
  const admin = kafka.admin();
  await admin.connect();
  try {
    // no listing first: the broker answers a listing with every topic it holds, thousands during the integration
    // tier, and a topic that exists already is not an error here (kafkajs resolves false when all that failed did so)
    const topics = TOPICS.flatMap((topic) => [
      { topic: `${prefix}${topic.name}`, numPartitions: Math.min(topic.partitions, cap) },
      { topic: `${prefix}${dlqTopicOf(topic.name)}`, numPartitions: 1 },
    ]);
    await admin.createTopics({ topics, waitForLeaders: false });
    await waitForLeaders(admin, topics);
  } finally {
    await admin.disconnect();
  }
}

/** How often the topics still unknown to the broker's metadata are created again. */
const CREATE_AGAIN_MS = 10_000;

/**
 * Waits until every partition of the topics has a leader. The broker acknowledges a creation before its
 * metadata knows every partition; kafkajs's own `waitForLeaders` gives up on the "unknown topic or partition"
 * answers a busy broker returns meanwhile, so this asks again until the metadata is complete. A creation a busy
 * broker dropped (its request timed out) is made again every `CREATE_AGAIN_MS`; the deadline is a hang guard.
 */
async function waitForLeaders(admin: Admin, topics: readonly ITopicConfig[], timeoutMs = 180_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let createAgainAt = Date.now() + CREATE_AGAIN_MS;
  let lastError: unknown = new Error('no metadata yet');
  const names = topics.map((topic) => topic.topic);
  while (Date.now() < deadline) {
    try {
      const { topics: known } = await admin.fetchTopicMetadata({ topics: names });
      const ready = known.every(
        (topic) => topic.partitions.length > 0 && topic.partitions.every((partition) => partition.leader >= 0),
      );
      if (ready && known.length === names.length) return;
      lastError = new Error('some partitions have no leader yet');
    } catch (error) {
      lastError = error;
    }
    if (Date.now() >= createAgainAt) {
      createAgainAt = Date.now() + CREATE_AGAIN_MS;
      // those that exist answer "already exists", which is no error here
      await admin.createTopics({ topics: [...topics], waitForLeaders: false }).catch(() => false);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`topics without leaders after ${timeoutMs} ms`, { cause: lastError });
}

/** Where each Jest worker of a run records the topic prefix of the file it runs (`replaceWorkerTopics`). */
const WORKER_TOPICS = join(tmpdir(), 'cs-test-topics');

/**
 * Creates a test file's topics (`createTopics`) after deleting those of the file the same worker ran before in the
 * run (its processes have stopped by then): the broker then holds a few files' topics at a time instead of every
 * file's, and each creation costs it more the more topics it holds.
 */
export async function replaceWorkerTopics(
  brokers: string,
  run: { readonly prefix: string; readonly worker: number },
  prefix: string,
  options: { readonly maxPartitions?: number } = {},
): Promise<void> {
  mkdirSync(WORKER_TOPICS, { recursive: true });
  const record = join(WORKER_TOPICS, `${run.prefix}w${run.worker}`);
  let previous = '';
  try {
    previous = readFileSync(record, 'utf8');
  } catch {
    // the worker's first file
  }
  writeFileSync(record, prefix);
  // KEEP_TEST_DB=1 keeps every file's topics for a look afterwards, as the global teardown does
  if (previous && previous !== prefix && process.env['KEEP_TEST_DB'] !== '1') await deleteTopics(brokers, previous);
  await createTopics(brokers, prefix, options);
}

/** Forgets the records of a run's workers (`replaceWorkerTopics`), once its topics are deleted. */
export function forgetWorkerTopics(runPrefix: string): void {
  let records: string[];
  try {
    records = readdirSync(WORKER_TOPICS);
  } catch {
    return;
  }
  for (const record of records) if (record.startsWith(runPrefix)) rmSync(join(WORKER_TOPICS, record), { force: true });
}

/** Whether kafkajs failed (or gave up retrying) because the broker does not know a topic. */
function isUnknownTopic(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if ((cause as { type?: string }).type === 'UNKNOWN_TOPIC_OR_PARTITION') return true;
  }
  return false;
}

/**
 * Deletes every topic of a test run. The broker's metadata lists a topic for a while after its deletion, and refuses
 * a deletion naming it while deleting the others: then each topic is deleted alone, and one the broker no longer
 * knows counts as deleted.
 */
export async function deleteTopics(brokers: string, prefix: string): Promise<void> {
  if (!prefix) return;
  const kafka = testKafka('test-teardown', brokers, logLevel.NOTHING);
  const admin = kafka.admin({ retry: { retries: 0 } });
  await admin.connect();
  // false when the broker refused the deletion for a topic it does not know
  const deleted = (topics: string[]): Promise<boolean> =>
    admin.deleteTopics({ topics }).then(
      () => true,
      (error: unknown) => {
        if (!isUnknownTopic(error)) throw error;
        return false;
      },
    );
  try {
    const topics = (await admin.listTopics()).filter((topic) => topic.startsWith(prefix));
    if (topics.length > 0 && !(await deleted(topics))) for (const topic of topics) await deleted([topic]);
  } finally {
    await admin.disconnect();
  }
}

export interface ReadMessage {
  readonly key: string;
  readonly value: string;
  readonly headers: Record<string, string>;
  readonly partition: number;
}

/** Every message currently in a topic (up to its high watermarks), read by a throwaway consumer group. */
export async function readAllMessages(brokers: string, topic: string): Promise<ReadMessage[]> {
  const kafka = testKafka('test-reader', brokers, logLevel.NOTHING);
  const admin = kafka.admin();
  await admin.connect();
  const offsets = await admin.fetchTopicOffsets(topic);
  await admin.disconnect();
  const remaining = new Map(
    offsets.filter((entry) => entry.high !== entry.low).map((entry) => [entry.partition, BigInt(entry.high)]),
  );
  if (remaining.size === 0) return [];
  const consumer = kafka.consumer({
    groupId: `test-reader-${Date.now()}-${Math.random().toString(36).slice(2)}`,
    maxWaitTimeInMs: 100,
  });
  const messages: ReadMessage[] = [];
  await consumer.connect();
  await consumer.subscribe({ topics: [topic], fromBeginning: true });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`could not read ${topic} to its end`)), 30_000);
    void consumer.run({
      eachMessage: async ({ partition, message }) => {
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(message.headers ?? {}))
          if (value !== undefined) headers[name] = String(value);
        messages.push({
          key: message.key?.toString() ?? '',
          value: message.value?.toString() ?? '',
          headers,
          partition,
        });
        const high = remaining.get(partition);
        if (high !== undefined && BigInt(message.offset) + 1n >= high) remaining.delete(partition);
        if (remaining.size === 0) {
          clearTimeout(timer);
          resolve();
        }
      },
    });
  });
  await consumer.disconnect();
  return messages;
}
