import { BaseRpcContext } from '@nestjs/microservices';
import type { EntityManager } from 'typeorm';
import type { Envelope } from '@cs/proto/common';

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
