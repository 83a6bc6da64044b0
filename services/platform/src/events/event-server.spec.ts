import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pino from 'pino';
import { dlqTopicOf } from '@cs/proto/events';
import { expectEventually } from '../testing/helpers.js';
import { repoRoot } from '../testing/repo.js';
import type { DeliveredMessage, EventBus, SubscribeOptions } from './event-bus.js';
import { EventServer } from './event-server.js';
import { InProcessEventBus } from './in-process-bus.js';

const TOPIC = 'identity.company.v1';
const fixture = (): Record<string, unknown> =>
  JSON.parse(
    readFileSync(join(repoRoot(), 'proto', 'fixtures', 'events', 'identity.company.created.json'), 'utf8'),
  ) as Record<string, unknown>;
const delivered = (value: unknown, partition = 0): DeliveredMessage => ({
  topic: TOPIC,
  key: '42',
  value: typeof value === 'string' ? value : JSON.stringify(value),
  headers: {},
  partition,
  offset: '0',
  heartbeat: async () => undefined,
});
/** The fixture as another event: its own id and company name. */
const named = (name: string): Record<string, unknown> => {
  const event = fixture();
  const data = event['data'] as Record<string, unknown>;
  return { ...event, id: crypto.randomUUID(), data: { ...data, name } };
};

type Seen = { id: string; type: string; data: { name: string } };

function setup(handler: (event: Seen) => Promise<void>) {
  const bus = new InProcessEventBus();
  const deadLetters: Array<{ reason: string | undefined; value: string }> = [];
  void bus.subscribe({
    groupId: 'dlq-watch',
    topics: [dlqTopicOf(TOPIC)],
    handle: async (message) => void deadLetters.push({ reason: message.headers['dlq-reason'], value: message.value }),
  });
  const server = new EventServer({
    bus,
    groupId: 'test.consumer',
    logger: pino({ level: 'silent' }),
    idempotency: { kind: 'memory' },
    backoffMs: () => 1,
  });
  server.addHandler(TOPIC, async (event: Seen) => handler(event), true);
  return { server, deadLetters };
}

describe(EventServer.name, () => {
  it('hands a valid event to the handler once, even when delivered twice', async () => {
    const seen: string[] = [];
    const { server } = setup(async (event) => void seen.push(event.id));
    const event = fixture();
    await server.handleMessage(delivered(event));
    await server.handleMessage(delivered(event));
    expect(seen).toEqual([event['id']]);
  });

  it('skips an event type the topic does not declare, without a dead letter', async () => {
    const seen: string[] = [];
    const { server, deadLetters } = setup(async (event) => void seen.push(event.type));
    await server.handleMessage(delivered({ ...fixture(), type: 'identity.company.renamed' }));
    expect(seen).toEqual([]);
    expect(deadLetters).toEqual([]);
  });

  it('sends malformed JSON and schema-invalid data to <topic>.dlq', async () => {
    const { server, deadLetters } = setup(async () => undefined);
    await server.handleMessage(delivered('{not json'));
    await server.handleMessage(delivered({ ...fixture(), data: { id: 'forty-two' } }));
    expect(deadLetters.map((letter) => letter.reason)).toEqual(['invalid-json', 'invalid-data']);
  });

  it('retries a failing handler, then dead-letters it so the partition moves on', async () => {
    let calls = 0;
    const { server, deadLetters } = setup(async () => {
      calls += 1;
      throw new Error('boom');
    });
    await server.handleMessage(delivered(fixture()));
    expect(calls).toBe(3);
    expect(deadLetters.map((letter) => letter.reason)).toEqual(['handler-failed']);
  });

  it('succeeds on a retry without a dead letter', async () => {
    let calls = 0;
    const { server, deadLetters } = setup(async () => {
      calls += 1;
      if (calls === 1) throw new Error('transient');
    });
    await server.handleMessage(delivered(fixture()));
    expect(calls).toBe(2);
    expect(deadLetters).toEqual([]);
  });

  it('consumes a fetch at a time without a database (the gateway): each partition in order, side by side', async () => {
    const seen: string[] = [];
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const { server } = setup(async (event) => {
      if (event.data.name === 'a1') await held; // partition 0 waits here; partition 1 must not
      seen.push(event.data.name);
    });
    const a1 = named('a1');
    const batch = server.handleBatch([
      delivered(a1, 0),
      delivered(named('b1'), 1),
      delivered(named('a2'), 0),
      delivered(a1, 0), // delivered twice: handled once
      delivered(named('b2'), 1),
    ]);
    await expectEventually(() => expect(seen).toEqual(['b1', 'b2']));
    release();
    await batch;
    expect(seen).toEqual(['b1', 'b2', 'a1', 'a2']);
  });

  it('retries and dead-letters a failing event of a fetch alone; the events after it are still handled', async () => {
    const seen: string[] = [];
    let attempts = 0;
    const { server, deadLetters } = setup(async (event) => {
      if (event.data.name === 'bad') {
        attempts += 1;
        throw new Error('boom');
      }
      seen.push(event.data.name);
    });
    await server.handleBatch([delivered(named('first')), delivered(named('bad')), delivered(named('after'))]);
    expect([seen, attempts, deadLetters.map((letter) => letter.reason)]).toEqual([
      ['first', 'after'],
      3,
      ['handler-failed'],
    ]);
  });

  it('asks the bus for fetches when it has no database, and for single messages with batches turned off', async () => {
    const subscribed = async (maxBatchSize: number) => {
      let options: SubscribeOptions | undefined;
      const bus = {
        kind: 'kafka',
        connect: async () => undefined,
        publish: async () => undefined,
        subscribe: async (given: SubscribeOptions) => {
          options = given;
          return { close: async () => undefined };
        },
        disconnect: async () => undefined,
        isConnected: () => true,
      } as unknown as EventBus;
      const server = new EventServer({
        bus,
        groupId: 'gateway.realtime',
        logger: pino({ level: 'silent' }),
        idempotency: { kind: 'memory' },
        maxBatchSize,
      });
      server.addHandler(TOPIC, async () => undefined, true);
      const listening = await new Promise<unknown>((resolve) => server.listen(resolve));
      expect(listening).toBeUndefined();
      return options;
    };
    expect((await subscribed(100))?.handleBatch).toEqual(expect.any(Function));
    expect((await subscribed(1))?.handleBatch).toBeUndefined();
  });
});
