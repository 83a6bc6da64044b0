import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import { PATTERN_EXTRAS_METADATA } from '@nestjs/microservices/constants.js';
import type { TopicDefinition, TypedEvent } from '@cs/proto/events';
import type { EventContext } from './event-context.js';

/** A handler of one topic (or of several): the parsed event, a union discriminated on `type`, and its context. */
export type TopicHandler<T extends TopicDefinition> = (event: TypedEvent<T>, context: EventContext) => unknown;

/**
 * Subscribes a controller method to one topic, or to several (`@OnTopic(A, B)`), through the `EventServer`
 * transport (the same delivery, inbox and DLQ as `@EventPattern`). Before the method runs, the transport has
 * parsed the envelope and its data with the topic's schema for the event's type: an event that fails it goes to
 * `<topic>.dlq` (`dlq-reason: invalid-data`) and an event type the topic does not declare is skipped and counted,
 * so the method receives only `TypedEvent<typeof Topic>`, on which it switches over `event.type` (with
 * `assertUnreachable` in the default branch where the topic has several types).
 *
 * The method receives the event and the `EventContext` as its first two parameters (no `@Payload()` needed),
 * and its signature is checked: the first parameter must accept every event type of the topics.
 *
 * ```ts
 * @OnTopic(IdentityUserTopic)
 * async onUser(event: TypedEvent<typeof IdentityUserTopic>, ctx: EventContext): Promise<void> { ... }
 * ```
 */
export function OnTopic<const T extends readonly TopicDefinition[]>(...topics: T) {
  if (topics.length === 0) throw new Error('@OnTopic needs at least one topic');
  const names = topics.map((topic) => topic.name);
  if (new Set(names).size !== names.length) throw new Error(`@OnTopic lists a topic twice: ${names.join(', ')}`);
  const pattern = EventPattern(names, { topics: names });
  return <H extends TopicHandler<T[number]>>(
    target: object,
    key: string | symbol,
    descriptor: TypedPropertyDescriptor<H>,
  ): TypedPropertyDescriptor<H> => {
    pattern(target, key, descriptor);
    // the event and its context as the method's first two parameters, without `@Payload()`/`@Ctx()` on them
    Payload()(target, key, 0);
    Ctx()(target, key, 1);
    return descriptor;
  };
}

/** What the event transport reads from a handler's pattern extras. */
export interface OnTopicExtras {
  /** Set by `@InBatches()` and `@OnTopicBatches()`. */
  readonly batch?: boolean;
  /** Set by `@OnTopicBatches()`: the method receives the batch's events in one call, as an array. */
  readonly together?: boolean;
}

/** A handler of a batch of one topic's events (in partition order) and the context of the first of them. */
export type TopicBatchHandler<T extends TopicDefinition> = (
  events: ReadonlyArray<TypedEvent<T>>,
  context: EventContext,
) => unknown;

/**
 * Like `@OnTopic` with `@InBatches()`, but the method receives the new events of a batch together, as an array in
 * partition order (duplicates already taken out by the inbox), so that it can do set-based work: one lookup and one
 * multi-row write for the whole batch instead of a round trip per event. Everything it writes goes through the
 * batch's transaction (same rule as `@InBatches()`). When the call fails, the transaction is rolled back and the
 * events are handled again in smaller batches, a failing one finally alone (an array of one) with its retries and
 * the DLQ; without batches (`EVENTS_BATCH_SIZE=1`, the in-process bus, no inbox) every call gets an array of one.
 * The context is the first event's (its envelope is not the others').
 *
 * ```ts
 * @OnTopicBatches(WhatsappInboundMessageTopic)
 * async onInbound(events: ReadonlyArray<TypedEvent<typeof WhatsappInboundMessageTopic>>): Promise<void> { ... }
 * ```
 */
export function OnTopicBatches<const T extends readonly TopicDefinition[]>(...topics: T) {
  const onTopic = OnTopic(...topics);
  return <H extends TopicBatchHandler<T[number]>>(
    target: object,
    key: string | symbol,
    descriptor: TypedPropertyDescriptor<H>,
  ): TypedPropertyDescriptor<H> => {
    onTopic(target, key, descriptor as never);
    const method = descriptor.value as object;
    const extras = (Reflect.getMetadata(PATTERN_EXTRAS_METADATA, method) ?? {}) as Record<string, unknown>;
    Reflect.defineMetadata(
      PATTERN_EXTRAS_METADATA,
      { ...extras, batch: true, together: true } satisfies OnTopicExtras,
      method,
    );
    return descriptor;
  };
}

/**
 * Lets the `EventServer` handle this `@OnTopic` method's events in batches: consecutive events of one partition
 * share ONE transaction (one inbox insert for all, the method called for each in order, one commit), instead of one
 * transaction each. Per-key order, exactly-once effects, retries and the DLQ are kept: a failing event is handled
 * alone and the others of its batch are committed without it (`EventServer.handleBatch`).
 *
 * Only for methods whose whole effect goes through the context's transaction (`TransactionHost`, the outbox): a
 * side effect outside it (an HTTP call, a socket emit, a cache written before commit) may be repeated when a batch
 * is rolled back because of another event. Without an inbox (the gateway) it has no effect. Order with `@OnTopic`
 * does not matter.
 */
export function InBatches() {
  return <H>(target: object, key: string | symbol, descriptor: TypedPropertyDescriptor<H>): void => {
    const method = descriptor.value as object;
    const extras = (Reflect.getMetadata(PATTERN_EXTRAS_METADATA, method) ?? {}) as Record<string, unknown>;
    Reflect.defineMetadata(PATTERN_EXTRAS_METADATA, { ...extras, batch: true } satisfies OnTopicExtras, method);
  };
}
