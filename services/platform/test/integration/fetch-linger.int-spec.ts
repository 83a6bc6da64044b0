/**
 * A lingering consumer (`SubscribeOptions.linger`, campaigns' choice) on the real broker: events published one by one,
 * 10 ms apart, reach it in a few large batches instead of one small batch each, as they reach a consumer without
 * linger; and an event alone, far below `minBytes`, still arrives once `maxWaitMs` passed.
 */
import pino from 'pino';
import type { DeliveredMessage, Subscription } from '@cs/platform/events';
import type { KafkaEventBus } from '@cs/platform/events/transport';
import { companyCreatedEvent, connectTestBus, expectEventually } from '@cs/platform/testing';

const TOPIC = 'identity.company.v1';
const logger = pino({ level: process.env['TEST_LOG_LEVEL'] ?? 'silent' });
const COUNT = 60;
let bus: KafkaEventBus | undefined;
const subscriptions: Subscription[] = [];

afterAll(async () => {
  await Promise.all(subscriptions.map((subscription) => subscription.close()));
  await bus?.disconnect();
});

/** A consumer group that records, per batch it is handed, the names of this run's events in it. */
async function consumer(linger?: { minBytes: number; maxWaitMs: number }) {
  const batches: string[][] = [];
  const joined = bus!.subscribe({
    groupId: `linger-test-${linger ? 'lingering' : 'eager'}-${Date.now()}`,
    topics: [TOPIC],
    handle: async (message) => {
      batches.push(names([message]));
    },
    handleBatch: async (messages) => {
      batches.push(names(messages));
    },
    maxBatchSize: 500,
    ...(linger ? { linger } : {}),
  });
  subscriptions.push(await joined);
  return {
    batches: () => batches.filter((names) => names.length > 0),
    received: () => batches.flat(),
    /** Calls of its handlers, whatever events they carried. */
    calls: () => batches.length,
  };
}

const names = (messages: readonly DeliveredMessage[]): string[] =>
  messages.flatMap((message) => {
    const name = (JSON.parse(message.value) as { data: { name: string } }).data.name;
    return name.startsWith('linger ') ? [name] : [];
  });

const publish = (name: string, companyId: number) => {
  const { id, value } = companyCreatedEvent(companyId, name);
  return bus!.publish([{ topic: TOPIC, key: 'linger', value, headers: { 'event-id': id } }]);
};

it('hands a lingering consumer events published one by one in a few large batches, and a lone event after its wait', async () => {
  bus = await connectTestBus('linger-test', logger);
  const eager = await consumer();
  const lingering = await consumer({ minBytes: 10 * 1024 * 1024, maxWaitMs: 400 });
  // both groups are fetching once each was handed a warm-up event (not one of the run's `linger ` events)
  await publish('aquecimento', 989_999);
  await expectEventually(
    () => {
      expect(eager.calls()).toBeGreaterThan(0);
      expect(lingering.calls()).toBeGreaterThan(0);
    },
    { timeoutMs: 30_000 },
  );

  const sent = Array.from({ length: COUNT }, (_, i) => `linger ${i}`);
  const publishing = Date.now();
  for (const [i, name] of sent.entries()) {
    await publish(name, 990_000 + i);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const publishedFor = Date.now() - publishing; // ~1 s, longer on a busy machine
  await expectEventually(() => expect(lingering.received()).toEqual(sent), { timeoutMs: 10_000 });
  await expectEventually(() => expect(eager.received()).toEqual(sent), { timeoutMs: 10_000 });
  // the lingering group fetched about once per 400 ms of publishing (plus the fetches under way at either end),
  // the eager one after nearly every event
  expect(lingering.batches().length).toBeLessThanOrEqual(Math.ceil(publishedFor / 400) + 2);
  expect(eager.batches().length).toBeGreaterThan(3 * lingering.batches().length);

  // one event, a few hundred bytes against 10 MiB: it arrives when the fetch's wait ends, not never (a fetch
  // without that wait would hold it until 10 MiB more came)
  const lone = 'linger lone';
  await publish(lone, 999_999);
  await expectEventually(() => expect(lingering.received()).toContain(lone), { timeoutMs: 15_000 });
});
