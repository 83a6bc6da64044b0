import { z } from 'zod';
import type { EventDefinition } from '../common/envelope.js';

export interface TopicDefinition<TEvents extends readonly EventDefinition[] = readonly EventDefinition[]> {
  /** `<owner>.<aggregate>.v<major>`, or `<target>.<aggregate>.commands.v<major>` for a command topic. */
  readonly name: string;
  readonly owner: string;
  readonly aggregate: string;
  readonly kind: 'events' | 'commands';
  /** What the Kafka message key is, so one aggregate's events stay ordered. */
  readonly key: string;
  readonly description: string;
  readonly partitions: number;
  readonly events: TEvents;
  /** The topic's schema: a discriminated union of its event envelopes on `type`. */
  readonly schema: z.ZodType;
}

export const TOPIC_NAME_PATTERN = /^[a-z]+(?:-[a-z]+)*\.[a-z]+(?:-[a-z]+)*(?:\.commands)?\.v[1-9][0-9]*$/;

export function defineTopic<const TEvents extends readonly [EventDefinition, ...EventDefinition[]]>(
  topic: Omit<TopicDefinition<TEvents>, 'schema' | 'kind' | 'partitions'> & { partitions?: number },
): TopicDefinition<TEvents> {
  const schemas = topic.events.map((event) => event.schema);
  const [first, ...rest] = schemas;
  if (!first) throw new Error(`topic ${topic.name} has no events`);
  return {
    ...topic,
    kind: topic.name.includes('.commands.') ? 'commands' : 'events',
    partitions: topic.partitions ?? 6,
    schema: rest.length === 0 ? first : z.discriminatedUnion('type', [first, ...rest]),
  };
}

/** The dead-letter topic of a topic: poison messages go there with their error in a header. */
export const dlqTopicOf = (topic: string): string => `${topic}.dlq`;
