/**
 * A service starts although its first consumer crashes before joining its group. On a broker that has just started,
 * the group coordinator is not available yet: kafkajs gives up on the join with `KafkaJSGroupCoordinatorNotFound`, a
 * non-retriable error, and stops that consumer for good. The subscription then starts a new consumer and waits for
 * its join, not the first one's (see `KafkaEventBus.subscribe`). Here the first join attempt is made to fail that way
 * on the real broker; the subscription is ready once the replacement joined, and the next event is handled.
 */
import pino from 'pino';
import ConsumerGroup from 'kafkajs/src/consumer/consumerGroup.js';
import errors from 'kafkajs/src/errors.js';
import type { EventServer, KafkaEventBus } from '@cs/platform/events/transport';
import {
  companyCreatedEvent,
  companyNameRecorder,
  connectTestBus,
  expectEventually,
  startListening,
} from '@cs/platform/testing';

const TOPIC = 'identity.company.v1';
const logger = pino({ level: process.env['TEST_LOG_LEVEL'] ?? 'silent' });

interface ConsumerGroupInternals {
  joinAndSync(): Promise<void>;
}
const { prototype } = ConsumerGroup as unknown as { prototype: ConsumerGroupInternals };
const { KafkaJSGroupCoordinatorNotFound } = errors as unknown as {
  KafkaJSGroupCoordinatorNotFound: new (message: string) => Error;
};
const originalJoin = prototype.joinAndSync;
let bus: KafkaEventBus | undefined;
let server: EventServer | undefined;

afterAll(async () => {
  prototype.joinAndSync = originalJoin;
  await server?.close();
  await bus?.disconnect();
});

it('starts when its first consumer crashes before joining, once the replacement joined, and handles the next event', async () => {
  let attempts = 0;
  prototype.joinAndSync = function (this: ConsumerGroupInternals) {
    attempts += 1;
    if (attempts === 1) return Promise.reject(new KafkaJSGroupCoordinatorNotFound('Failed to find group coordinator'));
    return originalJoin.call(this);
  };
  bus = await connectTestBus('first-join-test', logger);
  const recorder = companyNameRecorder(bus, 'first-join', logger);
  server = recorder.server;
  const { handled } = recorder;

  // the replacement joins within the minute the service allows its consumers, or the start fails
  await startListening(server);
  expect(attempts).toBeGreaterThanOrEqual(2);

  const { id, companyId, value } = companyCreatedEvent(970_000 + Math.floor(Math.random() * 9_000), 'Recomeçou');
  await bus.publish([{ topic: TOPIC, key: String(companyId), value, headers: { 'event-id': id } }]);
  await expectEventually(() => expect(handled).toContain('Recomeçou'));
});
