/**
 * An idle service does not spin: kafkajs's own request queue runs a 1 ms timer forever on every broker connection
 * (ADR 0008), which `kafkajs-request-queue.ts` replaces. On the real broker, a
 * subscribed consumer and the producer sit idle, and their request queues are looked at only when something is
 * pending; an event published after the idle second is still handled at once.
 */
import pino from 'pino';
import { type EventServer, type KafkaEventBus, kafkaRequestQueueClass } from '@cs/platform/events/transport';
import {
  companyCreatedEvent,
  companyNameRecorder,
  connectTestBus,
  expectEventually,
  startListening,
} from '@cs/platform/testing';

const TOPIC = 'identity.company.v1';
const logger = pino({ level: process.env['TEST_LOG_LEVEL'] ?? 'silent' });
let bus: KafkaEventBus | undefined;
let server: EventServer | undefined;

afterAll(async () => {
  await server?.close();
  await bus?.disconnect();
});

it('an idle consumer checks its request queues only when something is pending, and still handles the next event', async () => {
  const { prototype } = kafkaRequestQueueClass();
  const original = prototype.checkPendingRequests;
  let checks = 0;
  prototype.checkPendingRequests = function (this: unknown) {
    checks += 1;
    original.call(this);
  };
  try {
    bus = await connectTestBus('idle-test', logger);
    const recorder = companyNameRecorder(bus, 'idle-test', logger);
    server = recorder.server;
    const { handled } = recorder;
    await startListening(server);

    // the group's join has settled once an event goes through it
    const warmUp = companyCreatedEvent(970_000 + Math.floor(Math.random() * 9_000), 'Aquecendo');
    await expectEventually(() =>
      bus!.publish([
        { topic: TOPIC, key: String(warmUp.companyId), value: warmUp.value, headers: { 'event-id': warmUp.id } },
      ]),
    );
    await expectEventually(() => expect(handled).toContain('Aquecendo'));
    checks = 0;
    // the idle second whose checks are counted (the window is the measurement, not a wait for an event)
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    // a request completing looks at its queue once (fetches answered every 500 ms, heartbeats): a handful, not ~1,000
    expect(checks).toBeLessThan(50);

    const { id, companyId, value } = companyCreatedEvent(980_000 + Math.floor(Math.random() * 9_000), 'Acordou');
    await expectEventually(() =>
      bus!.publish([{ topic: TOPIC, key: String(companyId), value, headers: { 'event-id': id } }]),
    );
    await expectEventually(() => expect(handled).toContain('Acordou'));
  } finally {
    prototype.checkPendingRequests = original;
  }
});
