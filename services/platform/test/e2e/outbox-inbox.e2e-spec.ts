/**
 * The outbox/inbox guarantees on real PostgreSQL and a real Kafka broker, across processes: a producer process
 * writes a row and an event in one transaction; its relay publishes; a consumer in another process applies
 * each event once. Crashes are real (SIGKILL, or the relay's fault hook exiting mid-batch).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import pino from 'pino';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { v7 as uuidv7 } from 'uuid';
import { dlqTopicOf } from '@cs/proto/events';
import { KafkaEventBus } from '@cs/platform/events/transport';
import {
  type ChildHandle,
  expectEventually,
  freePort,
  readAllMessages,
  repoRoot,
  serviceTestEnv,
  spawnTs,
  testRun,
  waitForHttp,
} from '@cs/platform/testing';
import { migratedProbeDataSource } from '../fixtures/probe-migrations.js';

const TOPIC = 'identity.company.v1';
const APP = 'services/platform/test/fixtures/probe-app.ts';
const suffix = randomBytes(3).toString('hex');
const producerSchema = `probe_producer_${suffix}`;
const consumerSchema = `probe_consumer_${suffix}`;
let companyIds = 900_000 + Math.floor(Math.random() * 50_000);
const nextCompany = (): number => (companyIds += 1);

let consumerUrl: string;
const running: ChildHandle[] = [];

async function startProbe(
  role: 'producer' | 'consumer',
  extra: Record<string, string> = {},
): Promise<{ child: ChildHandle; url: string }> {
  const port = await freePort();
  const child = spawnTs(
    APP,
    serviceTestEnv({
      PROBE_ROLE: role,
      PROBE_SCHEMA: role === 'producer' ? producerSchema : consumerSchema,
      PROBE_GROUP: `probe.consumer.${suffix}`,
      PROBE_PORT: String(port),
      // the consumer's handler is `@InBatches()`: these tests also cover the batch path
      EVENTS_BATCH_SIZE: '10',
      ...extra,
    }),
    `probe-${role}`,
  );
  running.push(child);
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(`${url}/health/ready`, { child });
  return { child, url };
}

async function emit(url: string, companyId: number): Promise<string> {
  const response = await fetch(`${url}/emit`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ companyId, name: `Empresa ${companyId}` }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { eventId: string }).eventId;
}

async function effects(eventId: string): Promise<number> {
  const response = await fetch(`${consumerUrl}/effects?eventId=${eventId}`);
  return ((await response.json()) as { count: number }).count;
}

/** Emits one more event with the same key and waits for it: everything before it on the partition is done. */
async function barrier(producerUrl: string, companyId: number): Promise<void> {
  const eventId = await emit(producerUrl, companyId);
  await expectEventually(async () => expect(await effects(eventId)).toBe(1), { timeoutMs: 30_000 });
}

async function outboxRows(): Promise<number> {
  const client = new pg.Client({ connectionString: testRun().databaseUrl });
  await client.connect();
  try {
    const result = await client.query<{ count: number }>(`SELECT count(*)::int AS count FROM ${producerSchema}.outbox`);
    return result.rows[0]?.count ?? 0;
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  for (const schema of [producerSchema, consumerSchema]) {
    const dataSource = await migratedProbeDataSource(schema);
    await dataSource.destroy();
  }
  ({ url: consumerUrl } = await startProbe('consumer'));
});

afterAll(async () => {
  await Promise.all(running.map((child) => child.kill('SIGTERM')));
});

describe('outbox and inbox across processes on Kafka', () => {
  it('delivers an event committed with its row to a consumer in another process, once', async () => {
    const producer = await startProbe('producer');
    const companyId = nextCompany();
    const eventId = await emit(producer.url, companyId);
    await expectEventually(async () => expect(await effects(eventId)).toBe(1), { timeoutMs: 30_000 });
    await barrier(producer.url, companyId);
    expect(await effects(eventId)).toBe(1);
    expect(await outboxRows()).toBe(0);
    // the relay's lag: nothing waits in the outbox, in the readiness details and as a Prometheus gauge
    const ready = (await (await fetch(`${producer.url}/health/ready`)).json()) as {
      details: { outbox?: { oldestUnpublishedAgeSeconds: number } };
    };
    expect(ready.details.outbox).toEqual({ oldestUnpublishedAgeSeconds: 0 });
    expect(await (await fetch(`${producer.url}/metrics`)).text()).toMatch(
      new RegExp(`outbox_oldest_unpublished_age_seconds\\{[^}]*schema="${producerSchema}"[^}]*\\} 0`),
    );
    await producer.child.kill('SIGTERM');
  });

  it('publishes an event committed just before the producer was killed, once it is back', async () => {
    const stalled = await startProbe('producer', { OUTBOX_RELAY: 'off' });
    const companyId = nextCompany();
    const eventId = await emit(stalled.url, companyId);
    expect(await stalled.child.kill('SIGKILL')).toBe('SIGKILL');
    expect(await outboxRows()).toBe(1);
    expect(await effects(eventId)).toBe(0);

    const restarted = await startProbe('producer');
    await expectEventually(async () => expect(await effects(eventId)).toBe(1), { timeoutMs: 30_000 });
    await barrier(restarted.url, companyId);
    expect(await effects(eventId)).toBe(1);
    expect(await outboxRows()).toBe(0);
    await restarted.child.kill('SIGTERM');
  });

  it('has one effect when the relay dies after publishing and publishes the batch again', async () => {
    const crashing = await startProbe('producer', { OUTBOX_RELAY_FAULT: 'exit-after-publish' });
    const companyId = nextCompany();
    const eventId = await emit(crashing.url, companyId);
    expect(await crashing.child.exited).toBe(70);
    expect(await outboxRows()).toBe(1);

    const restarted = await startProbe('producer');
    await expectEventually(async () => expect(await effects(eventId)).toBe(1), { timeoutMs: 30_000 });
    await barrier(restarted.url, companyId);
    expect(await effects(eventId)).toBe(1);
    const copies = (await readAllMessages(testRun().brokers, `${testRun().topicPrefix}${TOPIC}`)).filter(
      (message) => message.headers['event-id'] === eventId,
    );
    expect(copies).toHaveLength(2);
    await restarted.child.kill('SIGTERM');
  });

  it('applies an event published twice once, and moves past a poison message to the DLQ', async () => {
    const producer = await startProbe('producer');
    const bus = new KafkaEventBus({
      clientId: 'e2e-direct',
      brokers: testRun().brokers.split(','),
      topicPrefix: testRun().topicPrefix,
      logger: pino({ level: 'silent' }),
    });
    await bus.connect();
    const companyId = nextCompany();
    const fixture = JSON.parse(
      readFileSync(join(repoRoot(), 'proto/fixtures/events/identity.company.created.json'), 'utf8'),
    ) as Record<string, unknown>;
    const event = { ...fixture, id: uuidv7(), companyId, data: { ...(fixture['data'] as object), id: companyId } };
    const message = {
      topic: TOPIC,
      key: String(companyId),
      value: JSON.stringify(event),
      headers: { 'event-id': event.id },
    };
    const poison = { topic: TOPIC, key: String(companyId), value: `{"garbage": "${suffix}"`, headers: {} };
    await bus.publish([message]);
    await bus.publish([poison, message]);
    await barrier(producer.url, companyId);
    expect(await effects(event.id)).toBe(1);
    const dead = (await readAllMessages(testRun().brokers, `${testRun().topicPrefix}${dlqTopicOf(TOPIC)}`)).filter(
      (letter) => letter.value === poison.value,
    );
    expect(dead).toHaveLength(1);
    expect(dead[0]?.headers['dlq-reason']).toBe('invalid-json');
    expect(dead[0]?.headers['dlq-consumer-group']).toBe(`probe.consumer.${suffix}`);
    await bus.disconnect();
    await producer.child.kill('SIGTERM');
  });
});
