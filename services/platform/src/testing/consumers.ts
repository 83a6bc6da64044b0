import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from 'pino';
import { EventServer } from '../events/event-server.js';
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

/**
 * An event server on `identity.company.v1` (a group of its own named after `groupPrefix`, in-memory idempotency)
 * that records the name of every company it is told about, in order: what the consumer tests watch. Not started.
 */
export function companyNameRecorder(
  bus: KafkaEventBus,
  groupPrefix: string,
  logger: Logger,
): { server: EventServer; handled: string[] } {
  const handled: string[] = [];
  const server = new EventServer({
    bus,
    groupId: `${groupPrefix}-${randomUUID().slice(0, 8)}`,
    logger,
    idempotency: { kind: 'memory' },
  });
  server.addHandler(
    'identity.company.v1',
    async (received: { data: { name: string } }) => {
      handled.push(received.data.name);
    },
    true,
  );
  return { server, handled };
}
