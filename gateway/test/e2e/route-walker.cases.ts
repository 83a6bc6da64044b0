/**
 * The route walker: every route of the gateway (the spec's route catalogue plus every prefix of the routing
 * table) refuses an anonymous caller with 401 and a bad token with 403, except the public routes listed here;
 * and company A never reaches company B's resources (404, per service's list in ../route-walker/).
 */
import { PUBLIC_API } from '@cs/proto/http';
import { ROUTES } from '../../src/proxy/routes.js';
import { CROSS_COMPANY_CASES } from '../route-walker/cases.js';
import { call, createPlan, logIn, type Session, signUp, type Stack, sharedStack, withDb } from '../support/stack.js';

/** The only calls that need no access token at the gateway (`service`: the service authenticates them). */
const PUBLIC = [
  'POST /auth/login',
  'POST /auth/refresh_token',
  'POST /auth/two-factor/verify',
  'POST /auth/two-factor/enrolment',
  'POST /auth/two-factor/enrolment/confirm',
  'POST /companies/cadastro',
  'GET /plans/list',
  'GET /plans/all',
  'GET /announcements/media/{file}',
  'GET /media/tickets/{path*}',
  'GET /media/whatsapp/{path*}',
  'GET /files/media/{path*}',
  'GET /webhooks/whatsapp/{id}',
  'POST /webhooks/whatsapp/{id}',
  'POST /api/messages/send',
  'POST /subscription/webhook',
  'POST /subscription/webhook/pix',
];

/** The public routes as patterns (`{x}` one segment, `{x*}` the rest of the path). */
const PUBLIC_PATTERNS = PUBLIC.map((entry) => {
  const [method, template] = entry.split(' ') as [string, string];
  const source = template.replace(/\{\w+\*\}/g, '.+').replace(/\{\w+\}/g, '[^/]+');
  return { method, pattern: new RegExp(`^${source}$`) };
});

const concrete = (path: string): string =>
  path.replace(/\{(\w+)(\*?)\}/g, (_m, name: string, rest: string) =>
    rest ? 'a/b.png' : name === 'file' ? 'x.png' : '1',
  );

/** The catalogue's routes and, for every prefix of the routing table, its collection and item paths. */
const WALK: Array<{ method: string; path: string; template: string }> = [
  ...PUBLIC_API.map((route) => ({ method: route.method, path: concrete(route.path), template: route.path })),
  ...ROUTES.flatMap((route) =>
    ['GET', 'POST', 'PUT', 'DELETE'].flatMap((method) => [
      { method, path: route.prefix, template: route.prefix },
      { method, path: `${route.prefix}/1`, template: `${route.prefix}/{id}` },
    ]),
  ),
].filter((entry) => !PUBLIC_PATTERNS.some((open) => open.method === entry.method && open.pattern.test(entry.path)));

/** The anonymous walk's calls in flight at once. */
const WALK_LANES = 8;

let stack: Stack;

beforeAll(async () => {
  stack = await sharedStack();
});

describe('anonymous callers', () => {
  it('lists exactly the public routes of the catalogue', () => {
    const open = PUBLIC_API.filter((route) => route.access === 'public' || route.access === 'service').map(
      (route) => `${route.method} ${route.path}`,
    );
    expect(open.sort()).toEqual([...PUBLIC].sort());
  });

  it(`refuses every other route (${WALK.length} calls) with 401 ERR_SESSION_EXPIRED, and a bad token with 403`, async () => {
    const wrong: string[] = [];
    // the stack is shared with other cases: only this walk's calls count
    const forwardedBefore = stack.upstream.calls.length;
    // the calls are independent (each from an address of its own): a few lanes of them side by side
    const lanes = Array.from({ length: WALK_LANES }, (_, lane) =>
      WALK.filter((_, index) => index % WALK_LANES === lane),
    );
    const walkLane = async (lane: typeof WALK): Promise<void> => {
      for (const entry of lane) await walkOne(entry);
    };
    const walkOne = async (entry: (typeof WALK)[number]): Promise<void> => {
      const anonymous = await call(
        stack.gatewayUrl,
        entry.method,
        entry.path,
        entry.method === 'GET' ? {} : { body: {} },
      );
      if (anonymous.status !== 401 || anonymous.body['error'] !== 'ERR_SESSION_EXPIRED') {
        wrong.push(`${entry.method} ${entry.path} (anonymous) → ${anonymous.status}`);
      }
      const forged = await call(stack.gatewayUrl, entry.method, entry.path, { token: 'eyJhbGciOiJub25lIn0.e30.' });
      if (forged.status !== 403) wrong.push(`${entry.method} ${entry.path} (bad token) → ${forged.status}`);
    };
    await Promise.all(lanes.map(walkLane));
    expect(wrong.sort()).toEqual([]);
    expect(stack.upstream.calls.slice(forwardedBefore)).toEqual([]);
  });
});

describe('another company', () => {
  let a: Session;
  let b: { companyId: number; adminUserId: number };

  beforeAll(async () => {
    const planId = await createPlan();
    const tenantA = await signUp(stack.gatewayUrl, planId);
    const tenantB = await signUp(stack.gatewayUrl, planId);
    a = await logIn(stack.gatewayUrl, tenantA.email, tenantA.password);
    const sessionB = await logIn(stack.gatewayUrl, tenantB.email, tenantB.password);
    b = { companyId: tenantB.companyId, adminUserId: sessionB.user.id };
  });

  it.each(CROSS_COMPANY_CASES.map((entry) => [entry.service, entry.cases] as const))(
    "%s: company B's ids answer 404 to company A and change nothing",
    async (_service, cases) => {
      const before = await snapshotOfB();
      for (const entry of cases(b)) {
        const response = await call(stack.gatewayUrl, entry.method, entry.path, {
          token: a.token,
          ...(entry.body !== undefined ? { body: entry.body } : {}),
        });
        expect({
          call: `${entry.method} ${entry.path}`,
          status: response.status,
          error: response.body['error'],
        }).toEqual({
          call: `${entry.method} ${entry.path}`,
          status: 404,
          error: entry.error,
        });
      }
      expect(await snapshotOfB()).toEqual(before);
    },
  );

  const snapshotOfB = () =>
    withDb(async (client) => {
      const users = await client.query('SELECT id, name, email FROM identity.users WHERE company_id = $1 ORDER BY id', [
        b.companyId,
      ]);
      const company = await client.query('SELECT name, schedules FROM identity.companies WHERE id = $1', [b.companyId]);
      return { users: users.rows, company: company.rows };
    });
});

describe('OpenAPI', () => {
  it('serves Swagger UI at /docs and the document of every catalogue route at /docs/openapi.json', async () => {
    const redirect = await fetch(`${stack.gatewayUrl}/docs`, { redirect: 'manual' });
    expect([301, 302]).toContain(redirect.status);
    const page = await fetch(`${stack.gatewayUrl}/docs/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('swagger-ui-bundle.js');
    expect((await fetch(`${stack.gatewayUrl}/docs/swagger-ui-bundle.js`)).status).toBe(200);
    const document = (await (await fetch(`${stack.gatewayUrl}/docs/openapi.json`)).json()) as {
      openapi: string;
      paths: Record<string, Record<string, unknown>>;
    };
    expect(document.openapi).toBe('3.1.0');
    for (const route of PUBLIC_API) {
      const path = route.path.replace(/\{(\w+)\*\}/g, '{$1}');
      expect(document.paths[path]?.[route.method.toLowerCase()]).toBeDefined();
    }
    expect(document.paths['/auth/login']?.['post']).toMatchObject({ security: [], requestBody: { required: true } });
  });
});

describe('CORS', () => {
  it('answers preflights with credentials for the configured origins only', async () => {
    const preflight = (origin: string) =>
      fetch(`${stack.gatewayUrl}/auth/refresh_token`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
      });
    const allowed = await preflight('http://localhost:5173');
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(allowed.headers.get('access-control-allow-credentials')).toBe('true');
    expect((await preflight('https://evil.example')).headers.get('access-control-allow-origin')).toBeNull();
  });
});
