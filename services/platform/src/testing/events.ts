import type { EventData, EventDefinition } from '@cs/proto/common';
import type { TopicDefinition, TypedEvent } from '@cs/proto/events';

/** An event a test recorded (a harness's `events()`, a fake consumer's log): its type and its untyped data. */
export interface RecordedEvent {
  readonly type: string;
  readonly data: unknown;
}

/** A recorded event whose `data` is typed and checked by its definition's schema. */
export type TypedRecorded<E extends RecordedEvent, D extends EventDefinition> = Omit<E, 'data'> & {
  readonly data: EventData<D>;
};

/**
 * The recorded events of one definition, in order, with `data` parsed by the definition's schema: assertions read
 * typed fields instead of casting the data to a hand-written shape, and a payload that no longer matches the contract fails
 * the test where it is read, naming the field.
 */
export function eventsOf<E extends RecordedEvent, D extends EventDefinition>(
  events: readonly E[],
  definition: D,
): Array<TypedRecorded<E, D>> {
  return events
    .filter((event) => event.type === definition.type)
    .map((event) => ({ ...event, data: definition.data.parse(event.data) as EventData<D> }));
}

/** A consumed envelope parsed by its topic's schema, as an `@OnTopic(Topic)` handler receives it. */
export function parseEvent<T extends TopicDefinition>(topic: T, envelope: unknown): TypedEvent<T> {
  return topic.schema.parse(envelope) as TypedEvent<T>;
}
