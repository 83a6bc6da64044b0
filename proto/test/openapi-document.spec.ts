import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { EmptyResponseSchema, NoBodySchema, PUBLIC_API, type PublicRoute } from '@cs/proto/http';

type Json = Record<string, unknown>;

const protoDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const document = JSON.parse(readFileSync(join(protoDir, 'generated', 'openapi', 'public-api.json'), 'utf8')) as {
  openapi: string;
  paths: Record<string, Record<string, Json>>;
  components: { schemas: Record<string, Json>; responses: Record<string, Json> };
};
const keyOf = (route: PublicRoute): string => `${route.method} ${route.path}`;

/** Every `$ref` of a JSON value with where it is (a JSON pointer). */
function refsIn(value: unknown, at = '#', found: Array<{ at: string; ref: string }> = []) {
  if (Array.isArray(value)) value.forEach((item, index) => refsIn(item, `${at}/${index}`, found));
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key === '$ref' && typeof item === 'string') found.push({ at, ref: item });
      else refsIn(item, `${at}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`, found);
    }
  }
  return found;
}

/** What a local reference (`#/a/b`, RFC 6901) points to in the document; undefined when nothing. */
function resolve(ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  let current: unknown = document;
  for (const segment of ref.slice(2).split('/')) {
    const key = segment.replace(/~1/g, '/').replace(/~0/g, '~');
    if (!current || typeof current !== 'object' || !Object.hasOwn(current, key)) return undefined;
    current = (current as Json)[key];
  }
  return current;
}

/** A schema with every `$ref` replaced by what it points to (its sibling keywords kept over the target's). */
function dereference(value: unknown, depth = 0): unknown {
  if (depth > 64) throw new Error('too deep: a recursive schema');
  if (Array.isArray(value)) return value.map((item) => dereference(item, depth + 1));
  if (!value || typeof value !== 'object') return value;
  const { $ref: ref, ...siblings } = value as Json;
  const own = Object.fromEntries(Object.entries(siblings).map(([key, item]) => [key, dereference(item, depth + 1)]));
  if (typeof ref !== 'string') return own;
  return { ...(dereference(resolve(ref), depth + 1) as Json), ...own };
}

/** The route's zod schema converted on its own, everything inline (what the document said before components). */
function inline(schema: z.ZodType, io: 'input' | 'output'): Json {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
  }) as Json;
  return json;
}

const operationOf = (route: PublicRoute) =>
  document.paths[route.path.replace(/\{(\w+)\*\}/g, '{$1}')]?.[route.method.toLowerCase()] as
    | {
        requestBody?: { content: Record<string, { schema: Json }> };
        responses: Record<string, { content?: Record<string, { schema: Json }> }>;
      }
    | undefined;

describe('the generated OpenAPI document (make gen): shared schemas', () => {
  it('is OpenAPI 3.1 whose component names follow the specification', () => {
    expect(document.openapi).toBe('3.1.0');
    const names = [...Object.keys(document.components.schemas), ...Object.keys(document.components.responses)];
    expect(names.filter((name) => !/^[a-zA-Z0-9._-]+$/.test(name))).toEqual([]);
  });

  it('resolves every $ref inside the document', () => {
    const refs = refsIn(document);
    expect(refs.length).toBeGreaterThan(PUBLIC_API.length);
    expect(refs.filter(({ ref }) => resolve(ref) === undefined)).toEqual([]);
  });

  it('keeps only the components it references, and writes each named schema once', () => {
    const referenced = new Set(refsIn(document).map(({ ref }) => ref));
    const unused = [
      ...Object.keys(document.components.schemas).map((name) => `#/components/schemas/${name}`),
      ...Object.keys(document.components.responses).map((name) => `#/components/responses/${name}`),
    ].filter((ref) => !referenced.has(ref));
    expect(unused).toEqual([]);
    // shared answers are references, not copies (the ticket is one component however many routes answer it)
    expect(document.components.schemas['Ticket']).toBeDefined();
    expect(JSON.stringify(document.paths).includes('"lastMessage"')).toBe(false);
  });

  it('leaves no JSON Schema document keywords ($id, $schema, $defs) in its schemas', () => {
    const keys = new Set<string>();
    const walk = (value: unknown): void => {
      if (Array.isArray(value)) value.forEach(walk);
      else if (value && typeof value === 'object')
        for (const [key, item] of Object.entries(value)) {
          keys.add(key);
          walk(item);
        }
    };
    walk(document);
    expect(['$id', '$schema', '$defs', 'definitions'].filter((key) => keys.has(key))).toEqual([]);
  });

  it.each(
    PUBLIC_API.filter(
      (route) =>
        (route.body && route.body !== NoBodySchema) || (route.response && route.response !== EmptyResponseSchema),
    ).map((route) => [keyOf(route), route]),
  )('%s: its schemas, references followed, are the route’s zod schemas', (_key, route) => {
    const operation = operationOf(route);
    expect(operation).toBeDefined();
    if (route.body && route.body !== NoBodySchema) {
      const schema = Object.values(operation?.requestBody?.content ?? {})[0]?.schema;
      expect(dereference(schema)).toEqual(inline(route.body, 'input'));
    }
    if (route.response && route.response !== EmptyResponseSchema) {
      const schema = Object.values(operation?.responses['200']?.content ?? {})[0]?.schema;
      expect(dereference(schema)).toEqual(inline(route.response, 'output'));
    }
  });
});
