/**
 * The schemas of the OpenAPI document (`make gen`, tools/gen.ts): named zod schemas become components, written
 * once under `components.schemas` and referenced with `$ref`.
 */
import { z } from 'zod';
import * as commonContracts from '@cs/proto/common';
import * as eventContracts from '@cs/proto/events';
import * as httpContracts from '@cs/proto/http';

type Json = Record<string, unknown>;
export type Io = 'input' | 'output';

export const COMPONENTS = '#/components/schemas/';
const RECURSIVE =
  'make gen: a recursive schema without a name; give it one with .meta({ id }) (or export it as XxxSchema)';
/** OpenAPI's rule for component names. */
const COMPONENT_NAME = /^[A-Za-z0-9._-]+$/;

/** Every `$ref` in a JSON value (component names only: `#/components/schemas/<name>`). */
function refsOf(value: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) refsOf(item, found);
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key === '$ref' && typeof item === 'string' && item.startsWith(COMPONENTS)) {
        found.add(item.slice(COMPONENTS.length));
      } else refsOf(item, found);
    }
  }
  return found;
}

/** A JSON value with its component refs renamed (`rename(name)`: the new name, or undefined to keep it). */
function renameRefs<T>(value: T, rename: (name: string) => string | undefined): T {
  if (Array.isArray(value)) return value.map((item: unknown) => renameRefs(item, rename)) as T;
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => {
      if (key === '$ref' && typeof item === 'string' && item.startsWith(COMPONENTS)) {
        const renamed = rename(item.slice(COMPONENTS.length));
        return [key, renamed === undefined ? item : `${COMPONENTS}${renamed}`];
      }
      return [key, renameRefs(item, rename)];
    }),
  ) as T;
}

/**
 * The names of the schemas that become components (`components.schemas`, referenced with `$ref`): each schema
 * with a `.meta({ id })` (zod's global registry) under its id, then each `XxxSchema` export of the contract modules
 * (`@cs/proto/http`, `@cs/proto/events`, `@cs/proto/common`) as `Xxx`. The first name of a schema wins (an alias
 * such as `UpdateContactSchema = CreateContactSchema` is one component); a name already taken by another schema
 * leaves the second one inline.
 */
function componentNames(): Map<z.ZodType, string> {
  const names = new Map<z.ZodType, string>();
  const taken = new Set(['Error']);
  const name = (schema: z.ZodType, id: string): void => {
    if (names.has(schema) || taken.has(id) || !COMPONENT_NAME.test(id)) return;
    names.set(schema, id);
    taken.add(id);
  };
  for (const [id, schema] of z.globalRegistry._idmap) name(schema as z.ZodType, id);
  for (const module of [httpContracts, eventContracts, commonContracts]) {
    for (const [key, value] of Object.entries(module)) {
      if (value instanceof z.ZodType && /^[A-Z]\w*Schema$/.test(key) && key !== 'Schema') {
        name(value, key.slice(0, -'Schema'.length));
      }
    }
  }
  return names;
}

/**
 * The OpenAPI document's schemas. Every named schema (see `componentNames`) is written once under
 * `components.schemas` and referenced with `$ref` wherever a route uses it, at any depth (zod's `toJSONSchema` of
 * a registry, with `uri` mapping ids to `#/components/schemas/{id}`); the rest stays inline. A schema whose
 * request form (io `input`: coercions, defaults, transforms) differs from its answer form gets a second component,
 * `<name>Input`, for requests. Only components the document references are kept.
 */
export class SchemaComponents {
  private readonly names = componentNames();
  private readonly ids = new Set(this.names.values());
  private readonly registry = z.registry<{ id: string }>();
  private readonly inline = new Map<z.ZodType, string>();
  private readonly converted: Record<Io, Record<string, Json>>;
  /** The component name of each id on the request side (`<id>Input` where the two forms differ). */
  private readonly inputNames = new Map<string, string>();

  constructor(routeSchemas: readonly z.ZodType[]) {
    for (const [schema, id] of this.names) this.registry.add(schema, { id });
    for (const schema of routeSchemas) {
      if (this.names.has(schema) || this.inline.has(schema)) continue;
      const id = `__route${this.inline.size}`;
      this.inline.set(schema, id);
      this.registry.add(schema, { id });
    }
    this.converted = { input: this.convert('input'), output: this.convert('output') };
    const ids = [...this.ids];
    const { input, output } = this.converted;
    const differs = new Set(ids.filter((id) => JSON.stringify(input[id]) !== JSON.stringify(output[id])));
    // a schema whose request form refers to a differing one differs too (its refs are renamed)
    for (let grown = true; grown;) {
      grown = false;
      for (const id of ids) {
        if (differs.has(id) || ![...refsOf(input[id])].some((ref) => differs.has(ref))) continue;
        differs.add(id);
        grown = true;
      }
    }
    const taken = new Set([...ids, 'Error']);
    for (const id of differs) {
      const name = taken.has(`${id}Input`) ? `${id}.input` : `${id}Input`;
      taken.add(name);
      this.inputNames.set(id, name);
    }
    for (const [id, json] of Object.entries(input)) {
      input[id] = renameRefs(json, (ref) => this.inputNames.get(ref));
    }
  }

  private convert(io: Io): Record<string, Json> {
    const { schemas } = z.toJSONSchema(this.registry, {
      target: 'draft-2020-12',
      io,
      unrepresentable: 'any',
      uri: (id) => `${COMPONENTS}${id}`,
    }) as { schemas: Record<string, Json> };
    if (schemas['__shared']) throw new Error(RECURSIVE);
    return Object.fromEntries(
      Object.entries(schemas).map(([id, { $schema: _dialect, $id: _id, ...json }]) => [id, json]),
    );
  }

  /** The schema of a route's part: a `$ref` to its component, or the schema inline (its named parts referenced). */
  schema(schema: z.ZodType, io: Io): Json {
    const id = this.names.get(schema);
    if (id !== undefined) return { $ref: `${COMPONENTS}${io === 'input' ? (this.inputNames.get(id) ?? id) : id}` };
    const inline = this.inline.get(schema);
    const json = inline === undefined ? undefined : this.converted[io][inline];
    if (!json) throw new Error('make gen: a route schema missing from the registry');
    if ([...refsOf(json)].some((ref) => ref.startsWith('__route'))) throw new Error(RECURSIVE);
    return json;
  }

  /** A schema with its top-level `$ref`s followed (a params or query object, to list its properties). */
  resolve(json: Json): Json {
    let current = json;
    for (let depth = 0; typeof current['$ref'] === 'string' && depth < 32; depth += 1) {
      const { $ref: ref, ...siblings } = current as Json & { $ref: string };
      current = { ...(this.component(ref.slice(COMPONENTS.length)) ?? {}), ...siblings };
    }
    return current;
  }

  /** A component's schema by name (undefined: not one of the named schemas, such as `Error`). */
  private component(name: string): Json | undefined {
    for (const [id, inputName] of this.inputNames) if (inputName === name) return this.converted.input[id];
    return this.ids.has(name) ? this.converted.output[name] : undefined;
  }

  /** The components the given document parts reference, directly or through other components. */
  componentsFor(roots: unknown): Record<string, Json> {
    const used = new Map<string, Json>();
    const pending = [...refsOf(roots)];
    for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
      const json = this.component(name);
      if (used.has(name) || !json) continue;
      used.set(name, json);
      pending.push(...refsOf(json));
    }
    return Object.fromEntries([...used].sort(([a], [b]) => a.localeCompare(b)));
  }
}
