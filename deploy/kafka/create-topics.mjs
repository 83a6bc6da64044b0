// Creates every topic of deploy/kafka/topics.yaml (generated from proto) with its partitions, idempotently: a topic
// that exists stays, one with fewer partitions than the registry gets the missing ones (Kafka never removes any).
//   node deploy/kafka/create-topics.mjs [brokers] [topics.yaml]   create (kafka.sh, the compose and Kubernetes jobs)
//   node deploy/kafka/create-topics.mjs --wait                     wait until every topic is there (the deployables'
//                                                                   init step), TOPICS_WAIT_TIMEOUT_MS (default 300 s)
// Brokers default to KAFKA_BROKERS; KAFKA_TOPIC_PREFIX is prepended to every name, as the deployables do;
// TOPIC_REPLICATION_FACTOR (default: the broker's default.replication.factor) applies to topics it creates.
import { readFileSync } from 'node:fs';
import { Kafka, logLevel } from 'kafkajs';

const args = process.argv.slice(2);
const waitOnly = args.includes('--wait');
const [brokersArg, fileArg] = args.filter((arg) => arg !== '--wait');
const brokers = (brokersArg ?? process.env.KAFKA_BROKERS ?? '')
  .split(',')
  .map((broker) => broker.trim())
  .filter(Boolean);
const file = fileArg ?? new URL('./topics.yaml', import.meta.url);
const prefix = process.env.KAFKA_TOPIC_PREFIX ?? '';
const replicationFactor = Number(process.env.TOPIC_REPLICATION_FACTOR || -1);
const waitTimeoutMs = Number(process.env.TOPICS_WAIT_TIMEOUT_MS || 300_000);
const log = (line) => console.error(`create-topics: ${line}`);

if (brokers.length === 0) {
  log('no brokers: pass them as the first argument or set KAFKA_BROKERS');
  process.exit(2);
}

/** The registry: `- name:` and `partitions:` lines of the generated file. */
const registry = [];
for (const line of readFileSync(file, 'utf8').split('\n')) {
  const name = line.match(/^\s*- name: (\S+)/);
  const partitions = line.match(/^\s+partitions: (\d+)/);
  if (name) registry.push({ topic: `${prefix}${name[1]}`, numPartitions: 1 });
  else if (partitions && registry.length > 0) registry[registry.length - 1].numPartitions = Number(partitions[1]);
}
if (registry.length === 0) {
  log(`no topics in ${file}`);
  process.exit(2);
}

const admin = new Kafka({ clientId: 'create-topics', brokers, logLevel: logLevel.NOTHING }).admin();

/** Partitions per registry topic as the broker has them (0: missing). */
async function partitionsOnBroker() {
  const counts = new Map(registry.map(({ topic }) => [topic, 0]));
  let present = registry.map(({ topic }) => topic);
  for (let attempt = 0; present.length > 0; attempt += 1) {
    try {
      const { topics } = await admin.fetchTopicMetadata({ topics: present });
      for (const { name, partitions } of topics) counts.set(name, partitions.length);
      break;
    } catch (error) {
      // one missing (or not yet known) topic fails the whole request: ask again for those the broker lists
      if (attempt >= 3) throw error;
      const listed = new Set(await admin.listTopics());
      present = present.filter((topic) => listed.has(topic));
    }
  }
  return counts;
}

const short = (counts) => registry.filter(({ topic, numPartitions }) => (counts.get(topic) ?? 0) < numPartitions);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function create() {
  const before = await partitionsOnBroker();
  const missing = registry.filter(({ topic }) => before.get(topic) === 0);
  if (missing.length > 0) {
    // a topic another run created meanwhile is not an error (kafkajs resolves false when only those failed)
    await admin.createTopics({
      topics: missing.map((topic) => ({ ...topic, replicationFactor })),
      waitForLeaders: false,
    });
  }
  const grown = registry.filter(({ topic, numPartitions }) => {
    const count = before.get(topic) ?? 0;
    return count > 0 && count < numPartitions;
  });
  if (grown.length > 0) {
    await admin.createPartitions({
      topicPartitions: grown.map(({ topic, numPartitions }) => ({ topic, count: numPartitions })),
    });
  }
  for (const { topic, numPartitions } of registry) {
    const count = before.get(topic) ?? 0;
    if (count > numPartitions) log(`${topic} has ${count} partitions, the registry ${numPartitions}: left as it is`);
  }
  // the broker acknowledges before its metadata knows every partition (and kafkajs's own wait gives up on the
  // "unknown topic" answers of that moment): read until it does
  const deadline = Date.now() + 60_000;
  while (short(await partitionsOnBroker().catch(() => new Map())).length > 0) {
    if (Date.now() > deadline) throw new Error('the broker did not report every created partition within 60 s');
    await sleep(500);
  }
  log(
    `${missing.length} topics created, ${grown.length} given more partitions, ` +
      `${registry.length - missing.length - grown.length} already as the registry says`,
  );
}

async function waitForAll() {
  const deadline = Date.now() + waitTimeoutMs;
  for (;;) {
    const lacking = short(await partitionsOnBroker().catch(() => new Map()));
    if (lacking.length === 0) {
      log(`all ${registry.length} topics are there`);
      return;
    }
    if (Date.now() > deadline) {
      const names = lacking.map(({ topic }) => topic);
      throw new Error(
        `${names.length} topics still missing after ${waitTimeoutMs} ms: ${names.slice(0, 5).join(', ')}, ...`,
      );
    }
    log(`waiting for ${lacking.length} topics (${lacking[0].topic}, ...)`);
    await sleep(2_000);
  }
}

try {
  await admin.connect();
  await (waitOnly ? waitForAll() : create());
} catch (error) {
  log(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
} finally {
  await admin.disconnect().catch(() => undefined);
}
