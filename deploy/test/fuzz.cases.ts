/**
 * Bad input through the gateway (issues 13 and 49), every deployable running. The fields come from the catalogue
 * itself (`PUBLIC_API`, walked by `requestFields`): every integer, number and string of every route's path, query
 * and body gets hostile values (beyond PostgreSQL integer, negative, fractional, NUL bytes, lone surrogates, huge
 * and numeric strings, wrong types) one field at a time, the rest of the request a valid sample derived from the
 * same schemas, so each value reaches the service's checks and its database past every other field. Signed in as
 * the demo company's admin (the platform's super user for `super` routes), and without a login. No answer may be a
 * 5xx. Bounded: a few thousand requests, 8 at once.
 */
import pg from 'pg';
import type { z } from 'zod';
import { PG_INT_MAX } from '@cs/proto/common';
import {
  PUBLIC_API,
  type PublicRoute,
  type RequestPart,
  requestFields,
  requestSchema,
  sampleOf,
  type ScalarKind,
} from '@cs/proto/http';
import type { RunningStack } from '../scripts/e2e-stack.mjs';
import { call, sharedStack } from './support/shared-stack.js';

describe('bad input through the gateway', () => {
  const HOSTILE: Readonly<Record<ScalarKind, readonly unknown[]>> = {
    integer: [PG_INT_MAX + 1, -PG_INT_MAX - 2, 2 ** 53 + 1, -1, 1.5, '2147483648', '99999999999999999999'],
    number: [PG_INT_MAX + 1, 1e308, -1, '1e400'],
    string: ['a\u0000b', 'x\ud800y', 'x'.repeat(100_000), 'x'.repeat(256), '2147483648', '99999999999999999999', ''],
  };
  /** Wrong types, for any field. */
  const WRONG_TYPES: readonly unknown[] = [null, true, [1, 'a\u0000', { id: PG_INT_MAX + 1 }], { id: PG_INT_MAX + 1 }];
  /** Whole-route values (every path parameter, and every field at once) for the anonymous caller. */
  const ANONYMOUS: readonly unknown[] = ['a\u0000b', 'x\ud800y', PG_INT_MAX + 1, -1, 'x'.repeat(100_000), null];

  /** Values tried where the sample derived from a field's JSON Schema fails a refinement (`sampleOf`'s limits). */
  const REPAIRS: readonly unknown[] = [
    'fuzz@example.com',
    '5511999990000',
    '(11) 99999-0000',
    'https://example.com',
    '2030-01-01T12:00:00.000Z',
    '2030-01-01',
    '12:00',
    1,
    'abc',
    'Olá, tudo bem?',
    true,
    [1],
  ];

  let stack: RunningStack;

  /** A company id no record of the run belongs to. */
  const NO_COMPANY = PG_INT_MAX;
  /** The run's database, for `projectForeignRecords`. */
  let db: pg.Client | undefined;

  /**
   * Rows of no company of the run, under the id the samples name (1), in the projections a request waits on
   * (`awaitProjectedRow`: up to 5 s for a contact, connection, contact list or tag created a moment ago). A row of
   * any company ends that wait at once, and the company-scoped read that follows refuses the record as it did after
   * the wait; a record of the demo company with that id takes the row over (its event's upsert), as it would have
   * taken the id anyway. Added where missing: deleting such a record deletes the row it took over.
   */
  async function projectForeignRecords(): Promise<void> {
    await db?.query(
      `INSERT INTO tickets.contacts (company_id, id, name, number) VALUES (${NO_COMPANY}, 1, 'fuzz', '0') ON CONFLICT DO NOTHING;
       INSERT INTO campaigns.connections (id, company_id, name) VALUES (1, ${NO_COMPANY}, 'fuzz') ON CONFLICT DO NOTHING;
       INSERT INTO campaigns.contact_lists (id, company_id, name) VALUES (1, ${NO_COMPANY}, 'fuzz') ON CONFLICT DO NOTHING;
       INSERT INTO campaigns.tags (id, company_id) VALUES (1, ${NO_COMPANY}) ON CONFLICT DO NOTHING`,
    );
  }

  /** The probes that wait on projected records (a campaign's connection, contact list and tag). */
  const waitsOnProjections = (probe: Probe): boolean =>
    (probe.method === 'POST' || probe.method === 'PUT') && /^\/campaigns(\/\d+)?$/.test(probe.url.split('?')[0] ?? '');

  const tokens = { admin: '', super: '' };

  async function logIn(email: string, password: string): Promise<string> {
    const response = await call<{ token: string }>(null, 'POST', '/auth/login', { email, password });
    expect(response.status).toBe(200);
    return response.body.token;
  }

  beforeAll(async () => {
    stack = await sharedStack();
    db = new pg.Client({ connectionString: stack.databaseUrl });
    db.on('error', () => undefined); // the database is dropped at the end
    await db.connect();
    await projectForeignRecords();
    tokens.super = await logIn('super@plataforma.local', 'super12345');
    tokens.admin = await logIn('admin@demo.local', 'demo12345');
  }, 180_000);

  afterAll(async () => {
    await db?.end();
  });

  type Path = ReadonlyArray<string | number>;

  function setAt(value: unknown, path: Path, field: unknown): unknown {
    if (path.length === 0) return field;
    const [head, ...rest] = path;
    if (typeof head === 'number') {
      const array: unknown[] = Array.isArray(value) ? [...(value as unknown[])] : [];
      array[head] = setAt(array[head], rest, field);
      return array;
    }
    const object: Record<string, unknown> =
      value && typeof value === 'object' && !Array.isArray(value) ? { ...(value as Record<string, unknown>) } : {};
    object[head as string] = setAt(object[head as string], rest, field);
    return object;
  }

  /** A request part the route accepts: its schema's sample, with the fields a refinement refuses repaired. */
  function baseline(schema: z.ZodType, json: Record<string, unknown>): unknown {
    let value = sampleOf(json);
    for (let round = 0; round < 8; round += 1) {
      const parsed = schema.safeParse(value);
      if (parsed.success) return value;
      const issue = parsed.error.issues[0];
      if (!issue) return value;
      const key = issue.path.join('.');
      const repaired = REPAIRS.map((candidate) => setAt(value, issue.path as Path, candidate)).find((candidate) => {
        const attempt = schema.safeParse(candidate);
        return attempt.success || !attempt.error.issues.some((other) => other.path.join('.') === key);
      });
      if (repaired === undefined) return value;
      value = repaired;
    }
    return value;
  }

  /** Percent-encodes like a raw client would, lone surrogates included (as their WTF-8 bytes). */
  const encode = (value: unknown): string => {
    const text = typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
    return text
      .slice(0, 2_000)
      .split(/([\ud800-\udfff])/)
      .map((part) =>
        /^[\ud800-\udfff]$/.test(part)
          ? [
              ...Buffer.from([
                0xe0 | (part.charCodeAt(0) >> 12),
                0x80 | ((part.charCodeAt(0) >> 6) & 0x3f),
                0x80 | (part.charCodeAt(0) & 0x3f),
              ]),
            ]
              .map((byte) => `%${byte.toString(16).toUpperCase()}`)
              .join('')
          : encodeURIComponent(part),
      )
      .join('');
  };

  type Parts = Record<RequestPart, unknown>;

  function urlOf(route: PublicRoute, parts: Parts): string {
    const params = (parts.params ?? {}) as Record<string, unknown>;
    const path = route.path.replace(/\{(\w+)\*?\}/g, (_match, name: string) => encode(params[name] ?? 1));
    const query = parts.query && typeof parts.query === 'object' ? (parts.query as Record<string, unknown>) : {};
    const search = Object.entries(query)
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => `${encodeURIComponent(key)}=${encode(value)}`)
      .join('&');
    return search ? `${path}?${search}` : path;
  }

  interface Probe {
    readonly label: string;
    readonly method: string;
    readonly url: string;
    readonly body?: string;
    readonly token?: string;
  }

  const keyOf = (route: PublicRoute): string => `${route.method} ${route.path}`;
  /** Signing out would end the session the rest of the run uses. */
  const signsOut = (route: PublicRoute): boolean => route.path === '/auth/logout';

  /** Each route's valid parts: a DELETE's path names no record (an id past any), so that nothing is deleted. */
  function baselines(route: PublicRoute): Parts {
    const parts = {} as Parts;
    for (const part of ['params', 'query', 'body'] as const) {
      const schema = route[part];
      const json = requestSchema(route, part);
      parts[part] = schema && json ? baseline(schema, json) : undefined;
    }
    if (route.method === 'DELETE' && parts.params && typeof parts.params === 'object') {
      parts.params = Object.fromEntries(
        Object.entries(parts.params).map(([key, value]) => [key, typeof value === 'number' ? PG_INT_MAX : value]),
      );
    }
    return parts;
  }

  function request(route: PublicRoute, parts: Parts, label: string, token?: string): Probe {
    const sendsBody = route.method === 'POST' || route.method === 'PUT';
    return {
      label,
      method: route.method,
      url: urlOf(route, parts),
      ...(sendsBody ? { body: JSON.stringify(parts.body ?? {}) } : {}),
      ...(token ? { token } : {}),
    };
  }

  /** Every scalar field of every route, one at a time, with each hostile value of its kinds and the wrong types. */
  function fieldProbes(): Probe[] {
    const list: Probe[] = [];
    for (const route of PUBLIC_API.filter((candidate) => !signsOut(candidate))) {
      const token = route.access === 'super' ? tokens.super : tokens.admin;
      const base = baselines(route);
      const kinds = new Map<string, { part: RequestPart; path: Path; kinds: Set<ScalarKind> }>();
      for (const field of requestFields(route)) {
        const key = `${field.part}:${field.path.join('.')}`;
        const entry = kinds.get(key) ?? { part: field.part, path: field.path, kinds: new Set<ScalarKind>() };
        entry.kinds.add(field.kind);
        kinds.set(key, entry);
      }
      list.push(request(route, base, `${keyOf(route)} (valid sample)`, token));
      for (const { part, path, kinds: fieldKinds } of kinds.values()) {
        const values = new Set<unknown>([...[...fieldKinds].flatMap((kind) => HOSTILE[kind]), ...WRONG_TYPES]);
        for (const value of values) {
          const parts = { ...base, [part]: setAt(base[part], path, value) };
          const shown = JSON.stringify(value)?.slice(0, 40) ?? String(value);
          list.push(request(route, parts, `${keyOf(route)} ${part}.${path.join('.')} = ${shown}`, token));
        }
      }
    }
    return list;
  }

  /** Without a login: every route with each value in every path parameter and every field at once. */
  function anonymousProbes(): Probe[] {
    const list: Probe[] = [];
    for (const route of PUBLIC_API) {
      for (const value of ANONYMOUS) {
        const parts = {} as Parts;
        for (const part of ['params', 'query', 'body'] as const) {
          const json = requestSchema(route, part);
          const properties = json?.['properties'];
          parts[part] =
            properties && typeof properties === 'object'
              ? Object.fromEntries(Object.keys(properties).map((key) => [key, value]))
              : undefined;
        }
        list.push(request(route, parts, `anonymous ${keyOf(route)} (${JSON.stringify(value)?.slice(0, 20)})`));
      }
    }
    return list;
  }

  async function send(probe: Probe): Promise<{ status: number; text: string }> {
    if (waitsOnProjections(probe)) await projectForeignRecords();
    const headers: Record<string, string> = {};
    if (probe.token) headers['authorization'] = `Bearer ${probe.token}`;
    if (probe.body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${stack.gatewayUrl}${probe.url}`, {
      method: probe.method,
      headers,
      ...(probe.body !== undefined ? { body: probe.body } : {}),
    });
    return { status: response.status, text: await response.text() };
  }

  async function run(list: readonly Probe[]): Promise<string[]> {
    const failures: string[] = [];
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < list.length) {
        const probe = list[next++];
        if (!probe) return;
        // a value that breaks a route breaks it every time: a 5xx counts when the same request answers 5xx again
        // (eight probes at once on a busy machine can meet a transient fault, such as a pool's connection timeout)
        const first = await send(probe);
        if (first.status < 500) continue;
        const again = await send(probe);
        if (again.status >= 500) failures.push(`${probe.label} → ${again.status} ${again.text.slice(0, 200)}`);
        else console.warn(`fuzz: ${probe.label} answered ${first.status} once, then ${again.status}: ${first.text}`);
      }
    };
    await Promise.all(Array.from({ length: 8 }, () => worker()));
    return failures;
  }

  it('derives a sample every route accepts, so that each probe fails on its one hostile field only', () => {
    const refused = PUBLIC_API.flatMap((route) => {
      const parts = baselines(route);
      return (['params', 'query', 'body'] as const).flatMap((part) => {
        const schema = route[part];
        return schema && !schema.safeParse(parts[part]).success ? [`${keyOf(route)} ${part}`] : [];
      });
    });
    expect(refused).toEqual([]);
  });

  it('answers no 5xx to hostile values in any field of any route, without a login', async () => {
    expect(await run(anonymousProbes())).toEqual([]);
  }, 300_000);

  it('answers no 5xx to hostile values in any field of any route, signed in', async () => {
    const probes = fieldProbes();
    expect(probes.length).toBeGreaterThan(PUBLIC_API.length * 10);
    expect(await run(probes)).toEqual([]);
  }, 900_000);
});
