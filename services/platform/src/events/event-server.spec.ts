import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pino from 'pino';
import { dlqTopicOf } from '@cs/proto/events';
import { repoRoot } from '../testing/repo.js';
import type { DeliveredMessage } from './event-bus.js';
import { EventServer } from './event-server.js';
import { InProcessEventBus } from './in-process-bus.js';

const TOPIC = 'identity.company.v1';
const fixture = (): Record<string, unknown> =>
  JSON.parse(
    readFileSync(join(repoRoot(), 'proto', 'fixtures', 'events', 'identity.company.created.json'), 'utf8'),
  ) as Record<string, unknown>;
const delivered = (value: unknown): DeliveredMessage => ({
  topic: TOPIC,
  key: '42',
  value: typeof value === 'string' ? value : JSON.stringify(value),
  headers: {},
  partition: 0,
  offset: '0',
  heartbeat: async () => undefined,
});

function setup(handler: (event: { id: string; type: string }) => Promise<void>) {
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
  server.addHandler(TOPIC, async (event: { id: string; type: string }) => handler(event), true);
  return { server, deadLetters };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

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
    await settle();
    expect(seen).toEqual([]);
    expect(deadLetters).toEqual([]);
  });

  it('sends malformed JSON and schema-invalid data to <topic>.dlq', async () => {
    const { server, deadLetters } = setup(async () => undefined);
    await server.handleMessage(delivered('{not json'));
    await server.handleMessage(delivered({ ...fixture(), data: { id: 'forty-two' } }));
    await settle();
    expect(deadLetters.map((letter) => letter.reason)).toEqual(['invalid-json', 'invalid-data']);
  });

  it('retries a failing handler, then dead-letters it so the partition moves on', async () => {
    let calls = 0;
    const { server, deadLetters } = setup(async () => {
      calls += 1;
      throw new Error('boom');
    });
    await server.handleMessage(delivered(fixture()));
    await settle();
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
    await settle();
    expect(calls).toBe(2);
    expect(deadLetters).toEqual([]);
  });
});
