/**
 * A poison event on the real Kafka broker: its handler fails every time, so after its attempts it is set aside to
 * `<topic>.dlq` (with the reason, the error and the consumer group) and the events behind it on the same partition
 * (same key) are handled, in order.
 */
import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { dlqTopicOf } from '@cs/proto/events';
import { EventServer, type KafkaEventBus } from '@cs/platform/events/transport';
import {
  companyCreatedEvent as event,
  connectTestBus,
  expectEventually,
  readAllMessages,
  startListening,
  testRun,
} from '@cs/platform/testing';

const TOPIC = 'identity.company.v1';
const logger = pino({ level: process.env['TEST_LOG_LEVEL'] ?? 'silent' });
let bus: KafkaEventBus;
let server: EventServer;

afterAll(async () => {
  await server?.close();
  await bus?.disconnect();
});

it('sets a poison event aside to <topic>.dlq and handles the events behind it on its partition', async () => {
  const run = testRun();
  bus = await connectTestBus('dlq-test', logger);
  const handled: string[] = [];
  let poisonAttempts = 0;
  server = new EventServer({
    bus,
    groupId: `dlq-test-${randomUUID().slice(0, 8)}`,
    logger,
    idempotency: { kind: 'memory' },
    backoffMs: () => 50,
  });
  server.addHandler(
    TOPIC,
    async (received: { data: { name: string } }) => {
      if (received.data.name === 'Veneno') {
        poisonAttempts += 1;
        throw new Error('the handler cannot apply this event');
      }
      handled.push(received.data.name);
    },
    true,
  );
  await startListening(server);

  const companyId = 990_000 + Math.floor(Math.random() * 9_000);
  const poison = event(companyId, 'Veneno');
  const after = [event(companyId, 'Depois 1'), event(companyId, 'Depois 2')];
  // retried like the outbox relay retries: right after topic creation, on a loaded machine, the broker can still
  // answer "not the leader" past the producer's own retries (a failed batch is not written: one partition)
  await expectEventually(
    () =>
      bus.publish(
        [poison, ...after].map((entry) => ({
          topic: TOPIC,
          key: String(companyId),
          value: entry.value,
          headers: { 'event-id': entry.id },
        })),
      ),
    { timeoutMs: 60_000, intervalMs: 500 },
  );

  await expectEventually(() => expect(handled).toEqual(['Depois 1', 'Depois 2']), { timeoutMs: 60_000 });
  expect(poisonAttempts).toBe(3);
  const dead = await expectEventually(
    async () => {
      const letters = (await readAllMessages(run.brokers, `${run.topicPrefix}${dlqTopicOf(TOPIC)}`)).filter(
        (letter) => letter.headers['event-id'] === poison.id,
      );
      expect(letters).toHaveLength(1);
      return letters[0]!;
    },
    { timeoutMs: 30_000 },
  );
  expect(dead.value).toBe(poison.value);
  expect(dead.headers).toMatchObject({
    'dlq-reason': 'handler-failed',
    'dlq-original-topic': TOPIC,
    'dlq-error': 'the handler cannot apply this event',
  });
});
