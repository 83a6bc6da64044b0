import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from 'pino';
import type { EventServer } from '../events/event-server.js';
import { KafkaEventBus } from '../events/kafka-bus.js';
import { testRun } from './helpers.js';
import { repoRoot } from './repo.js';

/** A published form of `identity.company.created` (proto's fixture) with a fresh event id: what consumer tests send. */
export interface FixtureEvent {
  readonly id: string;
  readonly companyId: number;
  readonly name: string;
  /** The envelope as JSON, as it travels on the topic. */
  readonly value: string;
}

let companyCreated: Record<string, unknown> | undefined;

/** `identity.company.created` for this company and name, as a new event (its own id). */
export function companyCreatedEvent(companyId: number, name: string): FixtureEvent {
  companyCreated ??= JSON.parse(
    readFileSync(join(repoRoot(), 'proto/fixtures/events/identity.company.created.json'), 'utf8'),
  ) as Record<string, unknown>;
  const id = randomUUID();
  const value = JSON.stringify({
    ...companyCreated,
    id,
    companyId,
    data: { ...(companyCreated['data'] as object), id: companyId, name },
  });
  return { id, companyId, name, value };
}

/** A Kafka bus on the run's broker and this test file's topics, connected. */
export async function connectTestBus(clientId: string, logger: Logger): Promise<KafkaEventBus> {
  const run = testRun();
  const bus = new KafkaEventBus({ clientId, brokers: run.brokers.split(','), topicPrefix: run.topicPrefix, logger });
  await bus.connect();
  return bus;
}

/** Starts an event server's consumers; resolves once they joined their groups. */
export function startListening(server: EventServer): Promise<void> {
  return new Promise<void>((resolve, reject) =>
    server.listen((error) =>
      error ? reject(error instanceof Error ? error : new Error('the consumer did not start')) : resolve(),
    ),
  );
}
