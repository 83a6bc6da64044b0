/**
 * A subscription from the latest offsets (the gateway's) on the real broker, where resuming is impossible: while its
 * consumer is busy with one event, the events after it are published and then deleted (as retention deletes them),
 * so the consumer's next read lands before the start of the log and kafkajs jumps to the end. The next event handed
 * over lies past the subscription's position: the subscription reports that gap (`onGap`), once, with its extent.
 */
import { Kafka, logLevel } from 'kafkajs';
import pino from 'pino';
import type { DeliveredMessage, StreamGap, Subscription } from '@cs/platform/events';
import type { KafkaEventBus } from '@cs/platform/events/transport';
import { companyCreatedEvent, connectTestBus, expectEventually, testRun } from '@cs/platform/testing';

const TOPIC = 'identity.company.v1';
const logger = pino({ level: process.env['TEST_LOG_LEVEL'] ?? 'silent' });
let bus: KafkaEventBus | undefined;
let subscription: Subscription | undefined;

afterAll(async () => {
  await subscription?.close();
  await bus?.disconnect();
});

const nameOf = (message: DeliveredMessage): string =>
  (JSON.parse(message.value) as { data: { name: string } }).data.name;

it('reports the events a latest subscription could not resume to, once, and goes on with the next', async () => {
  bus = await connectTestBus('stream-gap-test', logger);
  const run = testRun();
  const handled: Array<{ name: string; offset: string }> = [];
  const gaps: StreamGap[] = [];
  let release = (): void => undefined;
  const stalled = new Promise<void>((resolve) => (release = resolve));
  subscription = await bus.subscribe({
    groupId: `stream-gap-test-${Date.now()}`,
    topics: [TOPIC],
    startFrom: 'latest',
    handle: async () => undefined,
    handleBatch: async (messages) => {
      for (const message of messages) {
        const name = nameOf(message);
        if (!name.startsWith('gap ')) continue;
        handled.push({ name, offset: message.offset });
        if (name === 'gap stall') await stalled;
      }
    },
    onGap: (gap) => gaps.push(gap),
  });
  const publish = (name: string) => {
    const { id, value } = companyCreatedEvent(990_000 + Math.floor(Math.random() * 9_000), name);
    return bus!.publish([{ topic: TOPIC, key: 'gap', value, headers: { 'event-id': id } }]);
  };

  await publish('gap first');
  await expectEventually(() => expect(handled.map((event) => event.name)).toEqual(['gap first']));
  await publish('gap stall');
  await expectEventually(() => expect(handled.map((event) => event.name)).toEqual(['gap first', 'gap stall']));
  // the consumer is inside 'gap stall': what follows is published, then deleted before it could be read
  for (const name of ['gap lost 1', 'gap lost 2', 'gap lost 3']) await publish(name);
  const admin = new Kafka({
    clientId: 'stream-gap-admin',
    brokers: run.brokers.split(','),
    logLevel: logLevel.NOTHING,
  }).admin();
  await admin.connect();
  try {
    const topic = `${run.topicPrefix}${TOPIC}`;
    const [end] = await admin.fetchTopicOffsets(topic);
    await admin.deleteTopicRecords({ topic, partitions: [{ partition: 0, offset: end!.offset }] });
  } finally {
    await admin.disconnect();
  }
  release();
  // kafkajs jumps to the end of the log once its read fails: events published before that are skipped as well, so
  // events keep coming until one is handed over
  const after = await expectEventually(
    async () => {
      await publish(`gap after ${handled.length}`);
      const next = handled[2];
      expect(next?.name).toMatch(/^gap after/);
      return next!;
    },
    { timeoutMs: 30_000, intervalMs: 500 },
  );
  const stall = BigInt(handled[1]!.offset);
  expect(gaps).toEqual([{ topic: TOPIC, partition: 0, from: String(stall + 1n), to: after.offset }]);
  expect(BigInt(after.offset) - stall).toBeGreaterThanOrEqual(4n);
  expect(handled.slice(2).every((event) => event.name.startsWith('gap after'))).toBe(true);
});
