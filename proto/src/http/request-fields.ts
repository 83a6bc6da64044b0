import { z } from 'zod';
import type { PublicRoute } from './catalogue.js';

/**
 * The scalar fields a catalogue route reads from its request, found in the JSON Schema (the request side) of its
 * zod schemas: the bounds test of the catalogue and the gateway's fuzz test reach every one of them from here, so
 * a field added to a schema is checked without naming it anywhere else.
 */

export type JsonSchema = { readonly [key: string]: unknown };
export type RequestPart = 'params' | 'query' | 'body';
export type ScalarKind = 'integer' | 'number' | 'string';

export interface RequestField {
  readonly part: RequestPart;
  /** Keys from the part's root (`0` for an array's item). */
  readonly path: ReadonlyArray<string | number>;
  readonly kind: ScalarKind;
  /** The field's own schema (one branch of a union). */
  readonly schema: JsonSchema;
}

const PARTS: readonly RequestPart[] = ['params', 'query', 'body'];
const MAX_DEPTH = 12;

/** The JSON Schema of what a client sends for one part of a route (`undefined`: the route takes none). */
export function requestSchema(route: PublicRoute, part: RequestPart): JsonSchema | undefined {
  const schema = route[part];
  if (!schema) return undefined;
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', target: 'draft-2020-12' });
}

const asSchema = (value: unknown): JsonSchema | undefined =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as JsonSchema) : undefined;
const branchesOf = (schema: JsonSchema): JsonSchema[] =>
  (['anyOf', 'oneOf', 'allOf'] as const).flatMap((key) =>
    Array.isArray(schema[key])
      ? (schema[key] as unknown[]).flatMap((item): JsonSchema[] => {
          const branch = asSchema(item);
          return branch ? [branch] : [];
        })
      : [],
  );
const typesOf = (schema: JsonSchema): string[] =>
  Array.isArray(schema['type'])
    ? (schema['type'] as string[])
    : typeof schema['type'] === 'string'
      ? [schema['type']]
      : [];

/** Every integer, number and string a part's schema accepts, at any depth (objects, arrays, unions). */
export function scalarFields(part: RequestPart, root: JsonSchema): RequestField[] {
  const fields: RequestField[] = [];
  const walk = (schema: JsonSchema, path: Array<string | number>, depth: number): void => {
    if (depth > MAX_DEPTH) return;
    for (const branch of branchesOf(schema)) walk(branch, path, depth + 1);
    for (const type of typesOf(schema)) {
      if (type === 'integer' || type === 'number' || type === 'string') fields.push({ part, path, kind: type, schema });
    }
    const properties = asSchema(schema['properties']);
    if (properties) {
      for (const [key, child] of Object.entries(properties)) {
        const property = asSchema(child);
        if (property) walk(property, [...path, key], depth + 1);
      }
    }
    const items = asSchema(schema['items']);
    if (items) walk(items, [...path, 0], depth + 1);
  };
  walk(root, [], 0);
  return fields;
}

/** Every scalar field of a route's path parameters, query and body. */
export function requestFields(route: PublicRoute): RequestField[] {
  return PARTS.flatMap((part) => {
    const schema = requestSchema(route, part);
    return schema ? scalarFields(part, schema) : [];
  });
}

/** Strings tried, in order, against a field's `pattern` when no simpler value fits it. */
const PATTERN_CANDIDATES = [
  'abc',
  '1',
  '12:00',
  '2030-01-01',
  '2030-01-01T12:00:00.000Z',
  '5511999990000',
  '#2196f3',
  'https://example.com',
  'a@example.com',
  'pt-BR',
  'sp',
];

const FORMATS: Record<string, string> = {
  email: 'fuzz@example.com',
  'date-time': '2030-01-01T12:00:00.000Z',
  date: '2030-01-01',
  uri: 'https://example.com',
  url: 'https://example.com',
  uuid: '00000000-0000-4000-8000-000000000000',
};

function stringSample(schema: JsonSchema): string {
  const min = typeof schema['minLength'] === 'number' ? schema['minLength'] : 0;
  const max = typeof schema['maxLength'] === 'number' ? schema['maxLength'] : Infinity;
  const fits = (value: string): boolean =>
    value.length >= min &&
    value.length <= max &&
    (typeof schema['pattern'] !== 'string' || new RegExp(schema['pattern'], 'u').test(value));
  const format = typeof schema['format'] === 'string' ? FORMATS[schema['format']] : undefined;
  if (format && fits(format)) return format;
  const plain = 'fuzz'.repeat(Math.ceil(Math.max(min, 8) / 4)).slice(0, Math.max(min, Math.min(8, max)));
  if (fits(plain)) return plain;
  return PATTERN_CANDIDATES.find(fits) ?? plain;
}

function numberSample(schema: JsonSchema): number {
  const minimum = typeof schema['minimum'] === 'number' ? schema['minimum'] : undefined;
  const exclusive = typeof schema['exclusiveMinimum'] === 'number' ? schema['exclusiveMinimum'] + 1 : undefined;
  const maximum = typeof schema['maximum'] === 'number' ? schema['maximum'] : undefined;
  const low = Math.max(minimum ?? -Infinity, exclusive ?? -Infinity);
  const value = Number.isFinite(low) ? Math.max(low, 1) : 1;
  return maximum !== undefined && value > maximum ? Math.ceil(low) : value;
}

/**
 * A value the schema accepts, as small as it allows: the required properties of objects, the first choice of
 * enums and unions (a non-null one), the lower bound of numbers. Refinements JSON Schema cannot express may still
 * refuse it.
 */
export function sampleOf(schema: JsonSchema, depth = 0): unknown {
  if (depth > MAX_DEPTH) return null;
  if ('const' in schema) return schema['const'];
  if (Array.isArray(schema['enum'])) return schema['enum'][0];
  if ('default' in schema && schema['default'] !== undefined) return schema['default'];
  const branches = branchesOf(schema);
  if (branches.length > 0) {
    const chosen = branches.find((branch) => !typesOf(branch).includes('null')) ?? branches[0]!;
    return sampleOf(chosen, depth + 1);
  }
  const [type] = typesOf(schema).filter((candidate) => candidate !== 'null');
  switch (type) {
    case 'object': {
      const properties = asSchema(schema['properties']) ?? {};
      const required = Array.isArray(schema['required']) ? (schema['required'] as string[]) : [];
      return Object.fromEntries(
        required.map((key) => [key, sampleOf(asSchema(properties[key]) ?? {}, depth + 1)] as const),
      );
    }
    case 'array': {
      const items = asSchema(schema['items']) ?? {};
      const count = typeof schema['minItems'] === 'number' ? schema['minItems'] : 0;
      return Array.from({ length: count }, () => sampleOf(items, depth + 1));
    }
    case 'string':
      return stringSample(schema);
    case 'integer':
    case 'number':
      return numberSample(schema);
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return typesOf(schema).includes('null') ? null : 'fuzz';
  }
}

/**
 * A sample of `schema` (`sampleOf`) whose field at `path` is `field`: a request valid but for that one field,
 * so that the field's value reaches the service's checks (and its database) past every other field's.
 */
export function sampleWith(
  schema: JsonSchema,
  path: ReadonlyArray<string | number>,
  field: unknown,
  depth = 0,
): unknown {
  if (path.length === 0) return field;
  if (depth > MAX_DEPTH) return field;
  const [head, ...rest] = path;
  const candidates = [schema, ...branchesOf(schema)];
  if (typeof head === 'number') {
    const holder = candidates.find((candidate) => asSchema(candidate['items']));
    const items = asSchema(holder?.['items']) ?? {};
    return [sampleWith(items, rest, field, depth + 1)];
  }
  const holder = candidates.find((candidate) => asSchema(asSchema(candidate['properties'])?.[head as string]));
  const base = holder ? sampleOf(holder, depth + 1) : {};
  const property = asSchema(asSchema(holder?.['properties'])?.[head as string]) ?? {};
  const object = base && typeof base === 'object' && !Array.isArray(base) ? base : {};
  return { ...object, [head as string]: sampleWith(property, rest, field, depth + 1) };
}
