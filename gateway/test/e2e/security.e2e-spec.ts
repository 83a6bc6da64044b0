/**
 * Security through the gateway, identity real: secret settings (masked for admins, absent for users, never in the
 * login or /auth/me payloads), partial updates that keep what they do not name, hostile input answered 400
 * (without a login too), the current password to change one's own password or e-mail, per-IP throttling that
 * rotating `X-Forwarded-For` from an untrusted address does not escape, and the signup webhook.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { GatewayEnvSchema } from '../../src/config/env.js';
import { expectEventually } from '@cs/platform/testing';
import {
  call,
  createPlan,
  logIn,
  makeSuper,
  type Session,
  signUp,
  type Stack,
  startStack,
  withDb,
} from '../support/stack.js';

interface Received {
  readonly headers: http.IncomingHttpHeaders;
  readonly body: string;
}

let stack: Stack;
let base: string;
let planId: number;
let superUser: Session;
let hook: http.Server;
let hookUrl = '';
const hooked: Received[] = [];

beforeAll(async () => {
  hook = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      hooked.push({ headers: request.headers, body });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
  const port = (hook.address() as AddressInfo).port;
  hookUrl = `http://127.0.0.1:${port}/hooks/signup?token=abc`;
  stack = await startStack({
    // the load balancer is 192.0.2.1: X-Forwarded-For from anyone else (here: loopback) is not believed
    gatewayEnv: { TRUST_PROXY: '192.0.2.1' },
    identityEnv: {
      SIGNUP_WEBHOOK_URL: hookUrl,
      OUTBOUND_HTTP_ALLOWED_HOSTS: `127.0.0.1:${port}`,
      // every signup of this file comes from loopback (no trusted proxy); the signup limit has tests of its own
      SIGNUP_MAX_PER_ADDRESS: '0',
    },
  });
  base = stack.gatewayUrl;
  planId = await createPlan();
  const platform = await signUp(base, planId);
  await makeSuper(platform.email);
  superUser = await logIn(base, platform.email, platform.password);
});
afterAll(async () => {
  await stack?.close();
  await new Promise<void>((resolve) => hook?.close(() => resolve()));
});

async function tenantWithAgent(): Promise<{ admin: Session; agent: Session; companyId: number }> {
  const tenant = await signUp(base, planId);
  const admin = await logIn(base, tenant.email, tenant.password);
  const email = `agente-${tenant.companyId}@teste.com.br`;
  const created = await call(base, 'POST', '/users', {
    token: admin.token,
    body: { name: 'Agente', email, password: 'senha123', profile: 'user' },
  });
  expect(created.status).toBe(200);
  return { admin, agent: await logIn(base, email, 'senha123'), companyId: tenant.companyId };
}

describe('secret settings', () => {
  it('admins read them masked, users not at all; never in login or /auth/me; writing the mask back keeps them', async () => {
    const { admin, agent, companyId } = await tenantWithAgent();
    const secret = '$aact_prod_000MzkwODA2MWY2OGM3MWRlMDU2NWM3MzJlNzZmNGZhZGY6OjQ5';
    const saved = await call(base, 'PUT', '/settings/asaas', { token: admin.token, body: { value: secret } });
    expect(saved).toMatchObject({ status: 200, body: { key: 'asaas', value: '••••••••' } });

    const asAdmin = await call<Array<{ key: string; value: string }>>(base, 'GET', '/settings', { token: admin.token });
    expect(asAdmin.body.find((setting) => setting.key === 'asaas')?.value).toBe('••••••••');
    expect(asAdmin.body.find((setting) => setting.key === 'tokenixc')?.value).toBe('');
    const asAgent = await call<Array<{ key: string }>>(base, 'GET', '/settings', { token: agent.token });
    expect(asAgent.body.map((setting) => setting.key)).not.toContain('asaas');
    expect(asAgent.body.map((setting) => setting.key)).toContain('userRating');

    const freshLogin = await call(base, 'POST', '/auth/login', {
      body: { email: `agente-${companyId}@teste.com.br`, password: 'senha123' },
    });
    for (const payload of [freshLogin.body, (await call(base, 'GET', '/auth/me', { token: admin.token })).body]) {
      const text = JSON.stringify(payload);
      expect(text).not.toContain(secret);
      expect(text).not.toContain('"asaas"');
      expect(text).toContain('userRating');
    }

    expect(
      (await call(base, 'PUT', '/settings/asaas', { token: admin.token, body: { value: '••••••••' } })).status,
    ).toBe(200);
    const stored = await withDb((client) =>
      client.query<{ value: string }>("SELECT value FROM identity.settings WHERE company_id = $1 AND key = 'asaas'", [
        companyId,
      ]),
    );
    expect(stored.rows[0]?.value).toBe(secret);
  });
});

describe('partial updates', () => {
  it('a name-only PUT /plans/{id} keeps the flags, limits and price', async () => {
    const plan = await createPlan({ useKanban: false, useOpenAi: false }, 7);
    const renamed = await call(base, 'PUT', `/plans/${plan}`, { token: superUser.token, body: { name: 'Renomeado' } });
    expect(renamed).toMatchObject({
      status: 200,
      body: { name: 'Renomeado', users: 7, connections: 3, queues: 3, value: 99, useKanban: false, useOpenAi: false },
    });
    expect(renamed.body).toMatchObject({ useCampaigns: true });
  });

  it('a due-date-only PUT /companies/{id} does not re-enable a disabled company', async () => {
    const tenant = await signUp(base, planId);
    expect(
      (await call(base, 'PUT', `/companies/${tenant.companyId}`, { token: superUser.token, body: { status: false } }))
        .status,
    ).toBe(200);
    const moved = await call(base, 'PUT', `/companies/${tenant.companyId}`, {
      token: superUser.token,
      body: { dueDate: '2031-05-20' },
    });
    expect(moved).toMatchObject({ status: 200, body: { status: false, dueDate: '2031-05-20' } });
  });

  it('a title-only PUT /helps/{id} keeps the video and description', async () => {
    const help = await call<{ id: number }>(base, 'POST', '/helps', {
      token: superUser.token,
      body: { title: 'Ajuda', video: 'dQw4w9WgXcQ', description: 'Como usar' },
    });
    const renamed = await call(base, 'PUT', `/helps/${help.body.id}`, {
      token: superUser.token,
      body: { title: 'Nova' },
    });
    expect(renamed).toMatchObject({
      status: 200,
      body: { title: 'Nova', video: 'dQw4w9WgXcQ', description: 'Como usar' },
    });
  });
});

describe('hostile input', () => {
  it('answers 400 ERR_VALIDATION, without a login too, to NUL bytes, lone surrogates and ids beyond integer', async () => {
    const cases: Array<[string, string, unknown]> = [
      ['POST', '/auth/login', { email: 'a\u0000@x.com', password: 'x' }],
      ['POST', '/auth/login', { email: 'a@x.com', password: '\ud800' }],
      [
        'POST',
        '/companies/cadastro',
        { name: 'Emp\u0000', email: 'e@x.com', phone: '11987654321', password: '12345', planId },
      ],
      [
        'POST',
        '/companies/cadastro',
        { name: 'Empresa', email: 'e@x.com', phone: '11987654321', password: '12345', planId: 2_147_483_648 },
      ],
    ];
    for (const [method, path, body] of cases) {
      const response = await call(base, method, path, { body });
      expect({ path, status: response.status, error: response.body['error'] }).toEqual({
        path,
        status: 400,
        error: 'ERR_VALIDATION',
      });
    }
    const users = await call(base, 'GET', '/users?searchParam=%00', { token: superUser.token });
    expect(users.status).toBe(400);
  });

  it("serves no file from socket.io's package folder (the web bundles its client; the bundled gateway has no such folder)", async () => {
    for (const file of ['socket.io.js', 'socket.io.min.js', 'socket.io.js.map']) {
      const response = await fetch(`${stack.gatewayUrl}/socket.io/${file}`);
      const body = await response.text();
      expect({ file, status: response.status, script: body.includes('function') }).toEqual({
        file,
        status: 400,
        script: false,
      });
    }
  });
});

describe('own password and e-mail', () => {
  it('needs the current password to change them; an admin editing another user does not', async () => {
    const { admin, agent, companyId } = await tenantWithAgent();
    const self = `/users/${agent.user.id}`;
    const missing = await call(base, 'PUT', self, { token: agent.token, body: { password: 'nova-senha' } });
    expect(missing).toMatchObject({ status: 400, body: { details: [{ path: 'currentPassword' }] } });
    const wrong = await call(base, 'PUT', self, {
      token: agent.token,
      body: { email: `outro-${companyId}@teste.com.br`, currentPassword: 'errada' },
    });
    expect(wrong).toMatchObject({
      status: 400,
      body: { details: [{ path: 'currentPassword', message: 'Senha atual incorreta' }] },
    });
    const renamed = await call(base, 'PUT', self, { token: agent.token, body: { name: 'Só o nome' } });
    expect(renamed.status).toBe(200);
    const changed = await call(base, 'PUT', self, {
      token: agent.token,
      body: { password: 'nova-senha', currentPassword: 'senha123' },
    });
    expect(changed.status).toBe(200);
    await logIn(base, `agente-${companyId}@teste.com.br`, 'nova-senha');
    const byAdmin = await call(base, 'PUT', self, { token: admin.token, body: { password: 'da-admin1' } });
    expect(byAdmin.status).toBe(200);
  });
});

describe('TRUST_PROXY', () => {
  it('refuses to boot with a value that trusts every address', () => {
    for (const value of ['true', '*', '0.0.0.0/0', 'loopback, ::/0']) {
      const parsed = GatewayEnvSchema.safeParse({ ...process.env, TRUST_PROXY: value });
      expect(parsed.success).toBe(false);
    }
  });

  it('a client rotating X-Forwarded-For from an untrusted address still meets the per-address limit', async () => {
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
  });
});

describe('signup webhook', () => {
  it('posts the new company to SIGNUP_WEBHOOK_URL after the signup answered, without the password', async () => {
    const before = hooked.length;
    const tenant = await signUp(base, planId);
    const received = await expectEventually(() => {
      const found = hooked.slice(before).find((entry) => entry.body.includes(tenant.email));
      if (!found) throw new Error('no webhook yet');
      return found;
    });
    expect(received.headers['content-type']).toBe('application/json');
    expect(JSON.parse(received.body)).toMatchObject({
      event: 'company.signup',
      company: { id: tenant.companyId, name: tenant.name, email: tenant.email, phone: tenant.phone, planId },
    });
    expect(received.body).not.toContain(tenant.password);
    expect(received.body).not.toContain('password');
  });
});
