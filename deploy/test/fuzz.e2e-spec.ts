/**
 * Bad input through the gateway (issue 13): a bounded set of hostile values (a NUL byte, a lone UTF-16
 * surrogate, 2147483648, -1, a huge string, wrong types, arrays and objects where scalars are expected) sent to
 * every route of the catalogue (`PUBLIC_API`) owned by a running service, in the path, the query and the body,
 * without a login and as the platform's super user. No answer may be a 5xx. Bounded: ~2,600 requests, 8 at once.
 */
import { z } from 'zod';
import { PUBLIC_API, type PublicRoute } from '@cs/proto/http';
import { type RunningStack, startStack } from '../scripts/e2e-stack.mjs';

const RUNNING = new Set(['identity', 'tickets', 'contacts', 'whatsapp-connector']);
const HOSTILE: ReadonlyArray<readonly [string, unknown]> = [
  ['nul', 'a\u0000b'],
  ['lone surrogate', 'x\ud800y'],
  ['beyond integer', 2_147_483_648],
  ['minus one', -1],
  ['huge string', 'x'.repeat(100_000)],
  ['boolean', true],
  ['array', [1, 'a\u0000', { id: 2_147_483_648 }]],
  ['object', { id: 2_147_483_648, name: '\ud800' }],
  ['null', null],
];
/** Fields most bodies have, for routes whose catalogue entry has no body schema yet. */
const COMMON_FIELDS = [
  'id',
  'name',
  'email',
  'password',
  'body',
  'number',
  'ticketId',
  'userId',
  'queueIds',
  'status',
  'value',
  'tags',
  'contactId',
  'whatsappId',
  'mediaUrl',
];

let stack: RunningStack;
let token = '';

beforeAll(async () => {
  stack = await startStack({ web: false, label: 'fuzz' });
  const response = await fetch(`${stack.gatewayUrl}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'super@plataforma.local', password: 'super12345' }),
  });
  expect(response.status).toBe(200);
  token = ((await response.json()) as { token: string }).token;
}, 180_000);

afterAll(async () => {
  await stack?.stop();
});

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

const pathWith = (route: PublicRoute, value: unknown): string =>
  route.path.replace(/\{(\w+)\*?\}/g, () => encode(value));

const bodyWith = (route: PublicRoute, value: unknown): Record<string, unknown> => {
  const shape = route.body instanceof z.ZodObject ? Object.keys(route.body.shape) : [];
  const keys = new Set([...shape, ...COMMON_FIELDS]);
  return Object.fromEntries([...keys].map((key) => [key, value]));
};

const queryWith = (value: unknown): string => {
  const encoded = encode(value);
  return `?searchParam=${encoded}&pageNumber=${encoded}&queueIds=${encoded}&id=${encoded}`;
};

interface Probe {
  readonly label: string;
  readonly method: string;
  readonly url: string;
  readonly body?: string;
  readonly auth: boolean;
}

function probes(auth: boolean): Probe[] {
  const routes = PUBLIC_API.filter((route) => RUNNING.has(route.service) && !(auth && route.path === '/auth/logout'));
  const list: Probe[] = [];
  for (const route of routes) {
    for (const [name, value] of HOSTILE) {
      const hasParams = route.path.includes('{');
      const path = hasParams ? pathWith(route, value) : route.path;
      const label = `${auth ? 'super' : 'anonymous'} ${route.method} ${route.path} (${name})`;
      if (route.method === 'GET' || route.method === 'DELETE') {
        list.push({ label, method: route.method, url: `${path}${queryWith(value)}`, auth });
      } else {
        // the body's fields hostile, on a well-formed path (1) and on the hostile path
        const body = JSON.stringify(bodyWith(route, value));
        if (hasParams) list.push({ label: `${label} body`, method: route.method, url: pathWith(route, 1), body, auth });
        list.push({ label, method: route.method, url: path, body, auth });
      }
    }
  }
  return list;
}

async function run(list: Probe[]): Promise<string[]> {
  const failures: string[] = [];
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < list.length) {
      const probe = list[next++];
      if (!probe) return;
      const headers: Record<string, string> = {};
      if (probe.auth) headers['authorization'] = `Bearer ${token}`;
      if (probe.body !== undefined) headers['content-type'] = 'application/json';
      const response = await fetch(`${stack.gatewayUrl}${probe.url}`, {
        method: probe.method,
        headers,
        ...(probe.body !== undefined ? { body: probe.body } : {}),
      });
      const text = await response.text();
      if (response.status >= 500) failures.push(`${probe.label} → ${response.status} ${text.slice(0, 200)}`);
    }
  };
  await Promise.all(Array.from({ length: 8 }, () => worker()));
  return failures;
}

it('answers no 5xx to hostile values on any route, without a login', async () => {
  expect(await run(probes(false))).toEqual([]);
}, 120_000);

it('answers no 5xx to hostile values on any route, as the super user', async () => {
  expect(await run(probes(true))).toEqual([]);
}, 120_000);
