import { z } from 'zod';
import type { EventDefinition, EventOf } from '../common/envelope.js';

export interface TopicDefinition<
  TEvents extends readonly EventDefinition[] = readonly EventDefinition[],
  TName extends string = string,
> {
  /** `<owner>.<aggregate>.v<major>`, or `<target>.<aggregate>.commands.v<major>` for a command topic. */
  readonly name: TName;
  readonly owner: string;
  readonly aggregate: string;
  readonly kind: 'events' | 'commands';
  /** What the Kafka message key is, so one aggregate's events stay ordered. */
  readonly key: string;
  readonly description: string;
  /**
   * Kafka partitions: how many consumers of one group can share the topic, and what every consumer of it fetches
   * and the broker answers on every fetch, busy or not. One (the default) for the topics of changes people make
   * (companies, users, settings, queues, tags, connections...); a topic that carries traffic per WhatsApp message
   * or per contact names its count (6, 12 for the inbound path's). Every partition costs every fetch of every
   * consumer of the topic, busy or not (bench/README.md, inbound).
   */
  readonly partitions: number;
  readonly events: TEvents;
  /** The topic's schema: a discriminated union of its event envelopes on `type`. */
  readonly schema: z.ZodType;
  /**
   * The gateway pushes this topic's events to browsers (its socket fan-out consumes exactly the topics marked
   * so, and must project each of their event types): the one place that makes a topic a socket topic.
   */
  readonly realtime: boolean;
}

/**
 * The parsed envelope of any event of a topic (or of a union of topics): a discriminated union on `type`, what a
 * `@OnTopic(Topic)` handler receives.
 */
export type TypedEvent<T extends TopicDefinition> =
  T extends TopicDefinition<infer TEvents>
    ? TEvents[number] extends infer D
      ? D extends EventDefinition
        ? EventOf<D>
        : never
      : never
    : never;

export const TOPIC_NAME_PATTERN = /^[a-z]+(?:-[a-z]+)*\.[a-z]+(?:-[a-z]+)*(?:\.commands)?\.v[1-9][0-9]*$/;

export function defineTopic<
  const TName extends string,
  const TEvents extends readonly [EventDefinition, ...EventDefinition[]],
  const TRealtime extends boolean = false,
>(
  topic: Omit<TopicDefinition<TEvents, TName>, 'schema' | 'kind' | 'partitions' | 'realtime'> & {
    partitions?: number;
    realtime?: TRealtime;
  },
): TopicDefinition<TEvents, TName> & { readonly realtime: TRealtime } {
  const schemas = topic.events.map((event) => event.schema);
  const [first, ...rest] = schemas;
  if (!first) throw new Error(`topic ${topic.name} has no events`);
  return {
    ...topic,
    kind: topic.name.includes('.commands.') ? 'commands' : 'events',
    partitions: topic.partitions ?? 1,
    realtime: (topic.realtime ?? false) as TRealtime,
    schema: rest.length === 0 ? first : z.discriminatedUnion('type', [first, ...rest]),
  };
}

/** The dead-letter topic of a topic: poison messages go there with their error in a header. */
export const dlqTopicOf = (topic: string): string => `${topic}.dlq`;
