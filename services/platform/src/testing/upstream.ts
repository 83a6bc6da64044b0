import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './repo.js';

/**
 * An answer or a realtime frame of the established Whaticket back end, recorded as its web client receives it
 * (`proto/fixtures/upstream/<name>.json`, shaped from ../shared/reference/whaticket-backend.md).
 */
export interface UpstreamFixture {
  readonly description: string;
  /** `GET /invoices/all`, or the socket event name with `{companyId}`. */
  readonly recorded: string;
  readonly body: unknown;
  /** A request the established client sends (for the fixtures of request bodies). */
  readonly request?: unknown;
  /** Paths (`record.contactList.companyId`, `[].id`) that client never reads and this product does not serve. */
  readonly notServed?: readonly string[];
}

export function upstreamFixture(name: string): UpstreamFixture {
  return JSON.parse(
    readFileSync(join(repoRoot(), 'proto', 'fixtures', 'upstream', `${name}.json`), 'utf8'),
  ) as UpstreamFixture;
}

const kind = (value: unknown): string => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);

/** PostgreSQL's bigint and numeric reach the established client as text; a number reads the same there. */
const numericText = /^-?\d+(\.\d+)?$/;

/**
 * Where `actual` does not have the shape of `recorded` (empty: it does): every key of every recorded object
 * must be there with the same JSON type (a recorded null accepts anything; a recorded numeric string accepts a
 * number), every element of an actual list must have the shape of the recorded list's first one, and a list
 * recorded with elements must not be empty. `skip` names the paths left out.
 */
export function shapeGaps(recorded: unknown, actual: unknown, skip: readonly string[] = [], path = ''): string[] {
  if (skip.includes(path) || recorded === null) return [];
  const at = path || '(root)';
  const expected = kind(recorded);
  const got = kind(actual);
  if (expected === 'string' && got === 'number' && numericText.test(recorded as string)) return [];
  if (expected !== got) return [`${at}: ${expected} expected, got ${got}`];
  if (Array.isArray(recorded)) {
    const list = actual as unknown[];
    if (recorded.length === 0) return [];
    if (list.length === 0) return [`${at}: a non-empty list expected`];
    return list.flatMap((element) => shapeGaps(recorded[0], element, skip, `${path}[]`));
  }
  if (expected === 'object') {
    const object = actual as Record<string, unknown>;
    return Object.entries(recorded as Record<string, unknown>).flatMap(([key, value]) => {
      const child = path ? `${path}.${key}` : key;
      if (skip.includes(child)) return [];
      if (!(key in object)) return [`${child}: missing`];
      return shapeGaps(value, object[key], skip, child);
    });
  }
  return [];
}

/** The gaps of `actual` against the recorded fixture `name`, its `notServed` paths left out. */
export function upstreamGaps(name: string, actual: unknown): string[] {
  const fixture = upstreamFixture(name);
  return shapeGaps(fixture.body, actual, fixture.notServed ?? []);
}
