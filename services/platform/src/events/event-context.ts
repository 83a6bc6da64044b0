import { BaseRpcContext } from '@nestjs/microservices';
import type { EntityManager } from 'typeorm';
import type { Envelope } from '@cs/proto/common';
import { runWithContext } from '../logging/request-context.js';

type EventContextArgs = [
  topic: string,
  envelope: Envelope,
  manager: EntityManager | undefined,
  heartbeat: () => Promise<void>,
];

/**
 * The context of an event handler (the second parameter of an `@OnTopic` method): the topic, the envelope and,
 * for services with an inbox, the transaction in which the inbox row was written. Writes through `TransactionHost` join that
 * transaction, so the handler's effect and the inbox row commit together.
 */
export class EventContext extends BaseRpcContext<EventContextArgs> {
  get topic(): string {
    return this.args[0];
  }
  get envelope(): Envelope {
    return this.args[1];
  }
  get manager(): EntityManager | undefined {
    return this.args[2];
  }
  heartbeat(): Promise<void> {
    return this.args[3]();
  }
}

/**
 * Runs `fn` in the logging context of one event (its id as the request id, its correlation id and company), as the
 * transport does for a single event: what a batch handler (`@OnTopicBatches`) does for one of its events carries that
 * event's correlation id into logs and into the events it emits.
 */
export function inEventContext<T>(event: Pick<Envelope, 'id' | 'correlationId' | 'companyId'>, fn: () => T): T {
  return runWithContext({ requestId: event.id, correlationId: event.correlationId, companyId: event.companyId }, fn);
}
