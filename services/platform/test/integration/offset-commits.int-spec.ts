/**
 * Consumed offsets are committed about once a second (`kafkajs-offset-commits.ts`), not after every batch as kafkajs's
 * own runner does whatever its `autoCommitInterval` (ADR 0008): on the real broker, events published one at a time (a batch each)
 * cost a consumer a commit request per second instead of one per event, whether it takes batches or one message at
 * a time; what was handled is still committed within about a second when nothing follows, and at once when the
 * consumer stops, so a consumer of the same group after it starts where it left off.
 */
import { connect, type Socket } from 'node:net';
import type { ISocketFactory } from 'kafkajs';
import pino from 'pino';
import { type Subscription } from '@cs/platform/events';
import { KafkaEventBus } from '@cs/platform/events/transport';
import { companyCreatedEvent, expectEventually, testRun } from '@cs/platform/testing';

const TOPIC = 'identity.company.v1';
/** Kafka's API key of an OffsetCommit request. */
const OFFSET_COMMIT = 8;
const logger = pino({ level: process.env['TEST_LOG_LEVEL'] ?? 'silent' });

const buses: KafkaEventBus[] = [];
const subscriptions: Subscription[] = [];
afterAll(async () => {
  await Promise.all(subscriptions.map((subscription) => subscription.close().catch(() => undefined)));
  await Promise.all(buses.map((bus) => bus.disconnect()));
});

/**
 * A bus whose broker connections count the OffsetCommit requests they send (kafkajs writes each request, size
 * prefix and header included, in one `write`: the API key is the two bytes after the size).
 */
async function countingBus(clientId: string): Promise<{ bus: KafkaEventBus; commits: () => number }> {
  let commits = 0;
  const socketFactory: ISocketFactory = ({ host, port, onConnect }) => {
    const socket: Socket = connect({ host, port }, onConnect);
    const write = socket.write.bind(socket) as (...args: unknown[]) => boolean;
    socket.write = (chunk: unknown, ...rest: unknown[]) => {
      if (Buffer.isBuffer(chunk) && chunk.length >= 6 && chunk.readInt16BE(4) === OFFSET_COMMIT) commits += 1;
      return write(chunk, ...rest);
    };
    return socket;
  };
  const run = testRun();
  const bus = new KafkaEventBus({
    clientId,
    brokers: run.brokers.split(','),
    topicPrefix: run.topicPrefix,
    logger,
    socketFactory,
  });
  await bus.connect();
  buses.push(bus);
  return { bus, commits: () => commits };
}

const nameOf = (value: string): string => (JSON.parse(value) as { data: { name: string } }).data.name;

/** A group on the topic that records every name it is handed, in batches (`handleBatch`) or one at a time. */
async function subscribe(bus: KafkaEventBus, groupId: string, mode: 'batches' | 'messages') {
  const handled: string[] = [];
  const subscription = await bus.subscribe({
    groupId,
    topics: [TOPIC],
    handle: async (message) => {
      handled.push(nameOf(message.value));
    },
    ...(mode === 'batches'
      ? {
          handleBatch: async (messages: readonly { value: string }[]) => {
            handled.push(...messages.map((message) => nameOf(message.value)));
          },
        }
      : {}),
  });
  subscriptions.push(subscription);
  return { handled, subscription };
}

async function publish(bus: KafkaEventBus, name: string, key = name): Promise<void> {
  const { id, value } = companyCreatedEvent(970_000 + Math.floor(Math.random() * 9_000), name);
  await bus.publish([{ topic: TOPIC, key, value, headers: { 'event-id': id } }]);
}

/** The group's committed offset of each partition, and each partition's end (-1: nothing committed; the end of a
 * partition that never had an event is 0). */
async function offsets(bus: KafkaEventBus, groupId: string) {
  const admin = bus.admin();
  await admin.connect();
  try {
    const topic = bus.topicName(TOPIC);
    const [committed] = await admin.fetchOffsets({ groupId: `${testRun().topicPrefix}${groupId}`, topics: [topic] });
    const ends = await admin.fetchTopicOffsets(topic);
    return ends.map(({ partition, high }) => ({
      partition,
      end: Number(high),
      committed: Number(committed?.partitions.find((entry) => entry.partition === partition)?.offset ?? -1),
    }));
  } finally {
    await admin.disconnect();
  }
}

/** Every partition's committed offset is its end: the group has committed all it was handed. */
async function allCommitted(bus: KafkaEventBus, groupId: string): Promise<void> {
  await expectEventually(
    async () => {
      for (const { end, committed } of await offsets(bus, groupId)) expect(Math.max(committed, 0)).toBe(end);
    },
    { timeoutMs: 10_000, intervalMs: 100 },
  );
}

/** The group has joined, read the topic's backlog and committed it: a warm-up event went through and was committed. */
async function warmedUp(bus: KafkaEventBus, groupId: string, handled: readonly string[]): Promise<void> {
  const name = `warm-up ${groupId}`;
  await publish(bus, name);
  await expectEventually(() => expect(handled).toContain(name), { timeoutMs: 30_000 });
  await allCommitted(bus, groupId);
}

/** The load's pace: the next event comes in a fetch of its own (not a wait for anything). */
const pace = () => new Promise((resolve) => setTimeout(resolve, 40));

it.each(['batches', 'messages'] as const)(
  'events published one at a time (a batch each) cost a consumer taking %s about a commit a second, not one each',
  async (mode) => {
    const { bus, commits } = await countingBus(`commits-${mode}`);
    const groupId = `commits-${mode}-${Date.now()}`;
    const { handled } = await subscribe(bus, groupId, mode);
    await warmedUp(bus, groupId, handled);
    const names = Array.from({ length: 24 }, (_, i) => `commits ${mode} ${i}`);
    const before = commits();
    const startedAt = Date.now();
    for (const name of names) {
      await publish(bus, name);
      await expectEventually(() => expect(handled).toContain(name), { timeoutMs: 5_000, intervalMs: 10 });
      await pace();
    }
    const seconds = (Date.now() - startedAt) / 1_000;
    const sent = commits() - before;
    // each event was its own batch: kafkajs's own runner sends one commit each, the interval at most one a second
    expect(sent).toBeLessThanOrEqual(Math.ceil(seconds) + 1);
    expect(sent).toBeLessThan(names.length / 2);
  },
);

it('commits what was handled when nothing follows, and at once when the consumer stops', async () => {
  const { bus } = await countingBus('commits-idle');
  const groupId = `commits-idle-${Date.now()}`;
  const first = await subscribe(bus, groupId, 'batches');
  await warmedUp(bus, groupId, first.handled);

  // two events in quick succession, within the interval of the warm-up's commit
  await publish(bus, 'idle a');
  await expectEventually(() => expect(first.handled).toContain('idle a'));
  await publish(bus, 'idle b');
  await expectEventually(() => expect(first.handled).toContain('idle b'));
  // nothing follows: the timer commits it (a runner that commits only with a later batch or when it stops never does)
  await allCommitted(bus, groupId);

  // handled, then stopped well within the interval: stopping commits it
  await publish(bus, 'idle c');
  await expectEventually(() => expect(first.handled).toContain('idle c'));
  await first.subscription.close();
  for (const { end, committed } of await offsets(bus, groupId)) expect(Math.max(committed, 0)).toBe(end);

  // the same group again starts after what was handled: nothing comes twice
  const second = await subscribe(bus, groupId, 'batches');
  await publish(bus, 'idle d');
  await expectEventually(() => expect(second.handled).toContain('idle d'));
  // a later event on each earlier event's key (its partition) comes after any second delivery of that event
  const later = ['idle a', 'idle b', 'idle c'].map((key) => ({ key, name: `after ${key}` }));
  for (const { key, name } of later) await publish(bus, name, key);
  await expectEventually(() => expect(second.handled).toEqual(expect.arrayContaining(later.map(({ name }) => name))));
  expect(second.handled.filter((name) => /^idle [abc]$/.test(name))).toEqual([]);
});
