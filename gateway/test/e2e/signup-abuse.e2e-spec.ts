/**
 * Signup and sign-in abuse through the gateway on real PostgreSQL and Kafka, with the gateway's default TRUST_PROXY
 * (no forwarded address believed) and a small signup budget: the per-address signup limit that a rotated
 * `X-Forwarded-For` does not escape, plans the public signup does not offer, and one trial per phone.
 */
import {
  call,
  createPlan,
  logIn,
  makeSuper,
  signUp,
  type Stack,
  startStack,
  uniquePhone,
  withDb,
} from '../support/stack.js';

let stack: Stack;
let base: string;
let planId: number;

const SIGNUP_LIMIT = 3;

beforeAll(async () => {
  stack = await startStack({
    // the gateway as installed by default: it believes no X-Forwarded-For, whoever sends it
    gatewayEnv: { TRUST_PROXY: '' },
    identityEnv: { SIGNUP_MAX_PER_ADDRESS: String(SIGNUP_LIMIT) },
  });
  base = stack.gatewayUrl;
  planId = await createPlan();
});
afterAll(() => stack?.close());
// every signup of this file comes from loopback: each test starts with the address's budget whole
beforeEach(() => withDb((client) => client.query('DELETE FROM identity.signup_attempts')));

let serial = 0;
const company = (overrides: Record<string, unknown> = {}) => {
  serial += 1;
  const id = `${Date.now().toString(36)}${serial}`;
  return {
    name: `Abuso ${id}`,
    email: `abuso-${id}@teste.com.br`,
    password: 'segredo123',
    phone: uniquePhone(),
    planId,
    ...overrides,
  };
};
const signup = (body: Record<string, unknown>, forwardedFor = '203.0.113.1') =>
  call<{ id: number; error?: string; details?: Array<{ path: string; message: string }> }>(
    base,
    'POST',
    '/companies/cadastro',
    { body, headers: { 'x-forwarded-for': forwardedFor } },
  );
const companiesNamed = (name: string) =>
  withDb(async (client) => {
    const result = await client.query('SELECT id FROM identity.companies WHERE name = $1', [name]);
    return result.rowCount;
  });

describe('the per-address signup limit', () => {
  it('answers 429 with Retry-After past the budget, however X-Forwarded-For rotates', async () => {
    for (let attempt = 0; attempt < SIGNUP_LIMIT; attempt += 1) {
      expect((await signup(company(), `198.51.100.${attempt + 1}`)).status).toBe(200);
    }
    const refused = company();
    const blocked = await signup(refused, '198.51.100.99');
    expect(blocked).toMatchObject({ status: 429, body: { error: 'ERR_TOO_MANY_REQUESTS' } });
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await companiesNamed(refused.name)).toBe(0);
  });

  it('keeps the per-address login budget although X-Forwarded-For rotates', async () => {
    let last = 0;
    for (let attempt = 0; attempt < 21; attempt += 1) {
      last = (
        await call(base, 'POST', '/auth/login', {
          body: { email: `rodizio-${attempt}@x.com`, password: 'errada!' },
          headers: { 'x-forwarded-for': `198.18.${attempt}.${attempt + 1}` },
        })
      ).status;
    }
    expect(last).toBe(429);
    await withDb((client) => client.query('DELETE FROM identity.login_failures'));
  });
});

describe('plans the public signup does not offer', () => {
  it('lists only public plans to visitors, refuses the others at signup, and lets the super user switch them', async () => {
    const platform = await signUp(base, planId);
    await makeSuper(platform.email);
    const superUser = await logIn(base, platform.email, platform.password);
    const created = await call<{ id: number; public: boolean }>(base, 'POST', '/plans', {
      token: superUser.token,
      body: {
        name: `Interno ${Date.now().toString(36)}`,
        users: 50,
        connections: 5,
        queues: 10,
        value: 0,
        public: false,
      },
    });
    expect(created).toMatchObject({ status: 200, body: { public: false } });
    const internal = created.body.id;

    for (const path of ['/plans/list', '/plans/all']) {
      const listed = await call<Array<{ id: number }>>(base, 'GET', path);
      expect(listed.body.map((plan) => plan.id)).toContain(planId);
      expect(listed.body.map((plan) => plan.id)).not.toContain(internal);
    }
    // the super user's page shows every plan with its flag
    const page = await call<{ plans: Array<{ id: number; public: boolean }> }>(
      base,
      'GET',
      '/plans?searchParam=Interno',
      {
        token: superUser.token,
      },
    );
    expect(page.body.plans).toEqual(expect.arrayContaining([expect.objectContaining({ id: internal, public: false })]));

    const attempt = company({ planId: internal });
    const refused = await signup(attempt);
    expect(refused).toMatchObject({
      status: 400,
      body: {
        error: 'ERR_VALIDATION',
        details: [{ path: 'planId', message: 'Este plano não está disponível para cadastro. Selecione um plano.' }],
      },
    });
    expect(await companiesNamed(attempt.name)).toBe(0);

    const opened = await call<{ public: boolean }>(base, 'PUT', `/plans/${internal}`, {
      token: superUser.token,
      body: { public: true },
    });
    expect(opened).toMatchObject({ status: 200, body: { public: true } });
    expect((await call<Array<{ id: number }>>(base, 'GET', '/plans/list')).body.map((plan) => plan.id)).toContain(
      internal,
    );
    expect((await signup(company({ planId: internal }))).status).toBe(200);
  });
});

describe('one trial per phone', () => {
  it('refuses a second trial for a phone, however it is written', async () => {
    const phone = uniquePhone();
    expect((await signup(company({ phone }))).status).toBe(200);
    const again = company({ phone: `(${phone.slice(0, 2)}) ${phone.slice(2, 7)}-${phone.slice(7)}` });
    const refused = await signup(again);
    expect(refused).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    expect(refused.body.details).toEqual([
      {
        path: 'phone',
        message: 'Este telefone já usou o período de teste. Entre em contato para contratar um plano.',
      },
    ]);
    expect(await companiesNamed(again.name)).toBe(0);
  });

  it('gives one trial to two signups with the same phone at the same instant', async () => {
    const phone = uniquePhone();
    const both = await Promise.all([signup(company({ phone })), signup(company({ phone }))]);
    expect(both.map((answer) => answer.status).sort()).toEqual([200, 400]);
  });
});
