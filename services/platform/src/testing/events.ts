import { v7 as uuidv7 } from 'uuid';
import type { Envelope, EventData, EventDefinition } from '@cs/proto/common';
import { eventByType, type TopicDefinition, type TypedEvent } from '@cs/proto/events';

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

/** What a test sets of an envelope besides its event, company and data; the rest is as a producer fills it in. */
export interface EnvelopeFields {
  readonly id?: string;
  readonly producer?: string;
  readonly correlationId?: string;
  readonly causationId?: string | undefined;
}

/**
 * An event's envelope as a producer publishes it: a new id (a UUIDv7) unless given, now, the id as its correlation id,
 * the event's schema version (the registry's for a type; 1 for one it does not list), `test` as the producer unless
 * given. Not checked, so a test can publish what a consumer must refuse: `checkedEnvelopeOf` checks.
 */
export function envelopeOf(
  event: string | EventDefinition,
  companyId: number,
  data: unknown,
  fields: EnvelopeFields = {},
): Envelope {
  const type = typeof event === 'string' ? event : event.type;
  const id = fields.id ?? uuidv7();
  return {
    id,
    type,
    schemaVersion: (typeof event === 'string' ? eventByType(event)?.event : event)?.schemaVersion ?? 1,
    occurredAt: new Date().toISOString(),
    companyId,
    producer: fields.producer ?? 'test',
    correlationId: fields.correlationId ?? id,
    ...(fields.causationId ? { causationId: fields.causationId } : {}),
    data,
  };
}

/** `envelopeOf` checked by the definition's schema: what a test publishes meets the contract, or fails naming the field. */
export function checkedEnvelopeOf<D extends EventDefinition>(
  definition: D,
  companyId: number,
  data: EventData<D>,
  fields: EnvelopeFields = {},
): Envelope {
  return definition.schema.parse(envelopeOf(definition, companyId, data, fields));
}
