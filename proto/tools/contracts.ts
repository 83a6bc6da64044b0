/**
 * The published Kafka contract: each topic's event schemas as JSON Schema (what `make gen` writes to
 * proto/generated/json-schema), the last released snapshot of them (proto/released/<topic>.json, written by
 * `make release-contracts`), and the comparison that refuses a breaking change on a released major version, as
 * `buf breaking` does for protobuf. A major version (`….v1`) takes additive changes only: a new optional field, a new
 * event type (consumers skip types they do not know). Anything else goes on a new topic `….v2` (proto/README.md).
 */
import { z } from 'zod';
import type { EventDefinition } from '@cs/proto/common';
import type { TOPICS } from '@cs/proto/events';

export type JsonSchema = { readonly [keyword: string]: unknown };

/** One topic's released contract: its event types' JSON Schemas. */
export interface ReleasedTopic {
  readonly topic: string;
  readonly events: Readonly<Record<string, JsonSchema>>;
}

/** The JSON Schema of one event envelope, as `make gen` writes it. */
export function eventJsonSchema(event: EventDefinition): JsonSchema {
  return {
    $id: `urn:cs:event:${event.type}:v${event.schemaVersion}`,
    title: event.type,
    description: event.description,
    ...z.toJSONSchema(event.schema, { target: 'draft-2020-12' }),
  };
}

/** Every topic of the registry as it would be released now. */
export function currentContracts(topics: typeof TOPICS): ReleasedTopic[] {
  return topics.map((topic) => ({
    topic: topic.name,
    events: Object.fromEntries(topic.events.map((event) => [event.type, eventJsonSchema(event)])),
  }));
}

export type BreakKind =
  | 'topic removed'
  | 'event type removed'
  | 'field removed'
  | 'type changed'
  | 'format changed'
  | 'optional field made required'
  | 'required field made optional'
  | 'new required field'
  | 'enum value removed'
  | 'enum value added'
  | 'constant changed';

export interface Break {
  readonly kind: BreakKind;
  readonly topic: string;
  /** The event type (absent for a removed topic). */
  readonly event?: string;
  /** Where in the envelope, e.g. `data.ticket.status` (empty at the envelope itself). */
  readonly path: string;
  readonly detail: string;
}

type Found = Omit<Break, 'topic' | 'event'>;

const isObject = (value: unknown): value is JsonSchema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The union members of a schema (`anyOf`/`oneOf`), or the schema itself. */
function branches(schema: JsonSchema): JsonSchema[] {
  const union = schema['anyOf'] ?? schema['oneOf'];
  return Array.isArray(union) ? union.filter(isObject) : [schema];
}

/** The JSON types a schema admits (`integer` and `number` told apart), through its union members. */
function typesOf(schema: JsonSchema): string[] {
  const types = new Set<string>();
  for (const branch of branches(schema)) {
    const type = branch['type'];
    if (Array.isArray(type)) for (const each of type) types.add(String(each));
    else if (typeof type === 'string') types.add(type);
    else if (branch !== schema) for (const nested of typesOf(branch)) types.add(nested);
    else types.add('any');
  }
  return [...types].sort();
}

const show = (value: unknown): string => JSON.stringify(value);
const at = (path: string, key: string): string => (path ? `${path}.${key}` : key);
const sameJson = (a: unknown, b: unknown): boolean => show(a) === show(b);

function compareSchemas(before: JsonSchema, after: JsonSchema, path: string, found: Found[]): void {
  const [typesBefore, typesAfter] = [typesOf(before), typesOf(after)];
  if (!sameJson(typesBefore, typesAfter)) {
    found.push({ kind: 'type changed', path, detail: `${typesBefore.join('|')} → ${typesAfter.join('|')}` });
    return;
  }
  const [branchesBefore, branchesAfter] = [branches(before), branches(after)];
  if (branchesBefore.length !== branchesAfter.length) {
    found.push({
      kind: 'type changed',
      path,
      detail: `a union of ${branchesBefore.length} → ${branchesAfter.length} members`,
    });
    return;
  }
  if (branchesBefore.length > 1 || branchesBefore[0] !== before) {
    branchesBefore.forEach((branch, index) => compareSchemas(branch, branchesAfter[index]!, path, found));
    return;
  }
  if (before['format'] !== after['format']) {
    found.push({
      kind: 'format changed',
      path,
      detail: `${show(before['format'] ?? null)} → ${show(after['format'] ?? null)}`,
    });
  }
  if ('const' in before || 'const' in after) {
    if (!sameJson(before['const'], after['const'])) {
      found.push({ kind: 'constant changed', path, detail: `${show(before['const'])} → ${show(after['const'])}` });
    }
  }
  compareEnums(before, after, path, found);
  compareObjects(before, after, path, found);
  if (isObject(before['items']) && isObject(after['items'])) {
    compareSchemas(before['items'], after['items'], at(path, '[]'), found);
  }
  if (isObject(before['additionalProperties']) && isObject(after['additionalProperties'])) {
    compareSchemas(before['additionalProperties'], after['additionalProperties'], at(path, '*'), found);
  }
}

function compareEnums(before: JsonSchema, after: JsonSchema, path: string, found: Found[]): void {
  const valuesBefore = Array.isArray(before['enum']) ? before['enum'] : undefined;
  const valuesAfter = Array.isArray(after['enum']) ? after['enum'] : undefined;
  if (!valuesBefore && !valuesAfter) return;
  const keys = (values: unknown[] | undefined) => new Set((values ?? []).map(show));
  const [kept, now] = [keys(valuesBefore), keys(valuesAfter)];
  const removed = [...kept].filter((value) => !now.has(value));
  const added = [...now].filter((value) => !kept.has(value));
  // an enum where there was none narrows every value, and none where there was one widens them
  if (!valuesAfter || !valuesBefore) {
    found.push({
      kind: valuesAfter ? 'enum value removed' : 'enum value added',
      path,
      detail: valuesAfter ? `now only ${[...now].join(', ')}` : 'any value now',
    });
    return;
  }
  if (removed.length > 0) found.push({ kind: 'enum value removed', path, detail: removed.join(', ') });
  // consumers that validate the set (zod's enum, Jackson's enums) refuse a value they do not know
  if (added.length > 0) found.push({ kind: 'enum value added', path, detail: added.join(', ') });
}

function compareObjects(before: JsonSchema, after: JsonSchema, path: string, found: Found[]): void {
  const propertiesBefore = isObject(before['properties']) ? before['properties'] : {};
  const propertiesAfter = isObject(after['properties']) ? after['properties'] : {};
  const required = (schema: JsonSchema) =>
    new Set(Array.isArray(schema['required']) ? schema['required'].map(String) : []);
  const [requiredBefore, requiredAfter] = [required(before), required(after)];
  for (const [name, schema] of Object.entries(propertiesBefore)) {
    const field = at(path, name);
    const now = propertiesAfter[name];
    if (!isObject(now)) {
      found.push({ kind: 'field removed', path: field, detail: `${name} is gone` });
      continue;
    }
    if (requiredAfter.has(name) && !requiredBefore.has(name)) {
      found.push({ kind: 'optional field made required', path: field, detail: `${name} is now required` });
    }
    if (requiredBefore.has(name) && !requiredAfter.has(name)) {
      found.push({ kind: 'required field made optional', path: field, detail: `${name} may now be absent` });
    }
    if (isObject(schema)) compareSchemas(schema, now, field, found);
  }
  for (const name of Object.keys(propertiesAfter)) {
    if (!(name in propertiesBefore) && requiredAfter.has(name)) {
      found.push({ kind: 'new required field', path: at(path, name), detail: `${name} is new and required` });
    }
  }
}

/** The breaking changes between one event's released schema and its current one. */
export function eventBreaks(before: JsonSchema, after: JsonSchema): Found[] {
  const found: Found[] = [];
  compareSchemas(before, after, '', found);
  return found;
}

/**
 * Every breaking change of `current` against `released`: a released topic or event type gone, or an event schema
 * changed in a way a consumer or a producer holding the released contract would notice. New topics and new event
 * types are additive.
 */
export function contractBreaks(released: readonly ReleasedTopic[], current: readonly ReleasedTopic[]): Break[] {
  const byName = new Map(current.map((topic) => [topic.topic, topic]));
  const breaks: Break[] = [];
  for (const { topic, events } of released) {
    const now = byName.get(topic);
    if (!now) {
      breaks.push({ kind: 'topic removed', topic, path: '', detail: `${topic} is no longer in the registry` });
      continue;
    }
    for (const [event, schema] of Object.entries(events)) {
      const schemaNow = now.events[event];
      if (!schemaNow) {
        breaks.push({ kind: 'event type removed', topic, event, path: '', detail: `${event} is no longer produced` });
        continue;
      }
      for (const found of eventBreaks(schema, schemaNow)) breaks.push({ ...found, topic, event });
    }
  }
  return breaks;
}

/** The next major of a topic name: `tickets.ticket.v1` → `tickets.ticket.v2`. */
export const nextMajor = (topic: string): string =>
  topic.replace(/\.v(\d+)$/, (_, major: string) => `.v${Number(major) + 1}`);

/** What a developer reads when the check refuses: each break, then the rule and where it is written. */
export function describeBreaks(breaks: readonly Break[]): string {
  const lines = breaks.map(
    (item) =>
      `- ${item.topic}${item.event ? ` ${item.event}` : ''}${item.path ? ` at ${item.path}` : ''}: ${item.kind} (${item.detail})`,
  );
  const topics = [...new Set(breaks.map((item) => item.topic))];
  return [
    `breaking change${breaks.length === 1 ? '' : 's'} to a released Kafka contract (proto/released):`,
    ...lines,
    'A released major version takes additive changes only (a new optional field, a new event type). Publish the ' +
      `change on a new topic (${topics.map(nextMajor).join(', ')}): the producer dual-publishes, consumers move, and ` +
      'the old topic is retired by ADR (proto/README.md, "Versioning"). Once it is retired, ' +
      '`make release-contracts RETIRE=<topic>` drops it from the snapshot.',
  ].join('\n');
}
