/**
 * The walking skeleton: the gateway and identity boot as their own processes on real PostgreSQL and Kafka;
 * a public signup through the gateway commits the company and its event together, and the event reaches Kafka.
 */
import http from 'node:http';
import pg from 'pg';
import { CompanyCreated } from '@cs/proto/events';
import { createIdentityDataSource } from '../../src/database/data-source.js';
import { runMigrations } from '@cs/platform/database';
import {
  accessTokenKeys,
  type ChildHandle,
  expectEventually,
  freePort,
  readAllMessages,
  serviceTestEnv,
  spawnTs,
  testRun,
  waitForHttp,
} from '@cs/platform/testing';

let identity: ChildHandle;
let gateway: ChildHandle;
let gatewayUrl: string;
let planId: number;
const unique = Date.now().toString(36);
const { privateKey, publicKey } = accessTokenKeys();

beforeAll(async () => {
  const dataSource = createIdentityDataSource({ DATABASE_URL: testRun().databaseUrl });
  await runMigrations(dataSource);
  const [plan] = await dataSource.query<Array<{ id: number }>>(
    `INSERT INTO plans (name, users, connections, queues, value) VALUES ($1, 5, 2, 4, 149.9) RETURNING id`,
    [`Plano E2E ${unique}`],
  );
  planId = plan?.id ?? 0;
  await dataSource.destroy();

  const identityPort = await freePort();
  const gatewayPort = await freePort();
  identity = spawnTs(
    'services/identity/src/main.ts',
    serviceTestEnv({
      IDENTITY_PORT: String(identityPort),
      AUTH_ACCESS_PRIVATE_KEY: privateKey,
      // the suites running at once sign up from the same address in one database; the budget has its own suite
      // (gateway/test/e2e/signup-abuse.e2e-spec.ts)
      SIGNUP_MAX_PER_ADDRESS: '0',
    }),
    'identity',
  );
  gateway = spawnTs(
    'gateway/src/main.ts',
    serviceTestEnv({
      GATEWAY_PORT: String(gatewayPort),
      IDENTITY_URL: `http://127.0.0.1:${identityPort}`,
      AUTH_ACCESS_PUBLIC_KEY: publicKey,
    }),
    'gateway',
  );
  gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
  await waitForHttp(`http://127.0.0.1:${identityPort}/health/ready`, { child: identity });
  await waitForHttp(`${gatewayUrl}/health/ready`, { child: gateway });
});

afterAll(async () => {
  await Promise.all([identity?.kill(), gateway?.kill()]);
});

const signup = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  fetch(`${gatewayUrl}/companies/cadastro`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

describe('signup through the gateway', () => {
  it('creates the company on a server-computed trial and publishes identity.company.created', async () => {
    const name = `Padaria ${unique}`;
    const response = await signup(
      {
        name,
        userName: 'Joaquim Padeiro',
        email: 'Dono@Padaria.COM.br',
        phone: '(11) 98765-4321',
        password: 'segredo1',
        planId,
        recurrence: 'ANUAL',
        dueDate: '2099-12-31',
        status: false,
      },
      { 'x-company-id': '1', 'x-user-super': 'true' },
    );
    expect(response.status).toBe(200);
    const company = (await response.json()) as {
      id: number;
      email: string;
      phone: string;
      dueDate: string;
      recurrence: string;
      status: boolean;
    };
    expect(company).toMatchObject({
      email: 'dono@padaria.com.br',
      phone: '11987654321',
      recurrence: 'MENSAL',
      status: true,
    });
    // three days after today in the company's zone (São Paulo; not UTC's date, which is a day ahead from 21:00
    // there), or after tomorrow when midnight passed during the test
    const inSaoPaulo = (days: number): string =>
      new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(Date.now() + days * 86_400_000);
    expect([inSaoPaulo(3), inSaoPaulo(4)]).toContain(company.dueDate);

    const event = await expectEventually(
      async () => {
        const messages = await readAllMessages(testRun().brokers, `${testRun().topicPrefix}identity.company.v1`);
        const found = messages.find((message) => message.key === String(company.id));
        if (!found) throw new Error('event not on Kafka yet');
        return found;
      },
      { timeoutMs: 30_000, intervalMs: 500 },
    );
    const envelope = CompanyCreated.schema.parse(JSON.parse(event.value));
    expect(envelope).toMatchObject({ type: 'identity.company.created', companyId: company.id, producer: 'identity' });
    expect(envelope.data).toMatchObject({ name, plan: { id: planId }, settings: { userRating: 'disabled' } });
    expect(event.headers['company-id']).toBe(String(company.id));

    // the first admin is the person who signed up, not the company's name again
    const login = await fetch(`${gatewayUrl}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'dono@padaria.com.br', password: 'segredo1' }),
    });
    expect(login.status).toBe(200);
    const { user } = (await login.json()) as { user: { name: string; profile: string; company: { name: string } } };
    expect(user).toMatchObject({ name: 'Joaquim Padeiro', profile: 'admin', company: { name } });
  });

  it("answers the spec's validation messages and ERR_COMPANY_NAME_ALREADY_EXISTS", async () => {
    const invalid = await signup({ name: 'X', email: 'nope', phone: '123', password: '1234', planId: '' });
    expect(invalid.status).toBe(400);
    const body = (await invalid.json()) as { error: string; details: Array<{ path: string; message: string }> };
    expect(body.error).toBe('ERR_VALIDATION');
    expect(body.details).toEqual(
      expect.arrayContaining([
        { path: 'name', message: 'Nome precisa ter ao menos 3 caracteres!' },
        { path: 'email', message: 'Email inválido' },
        { path: 'phone', message: 'Telefone inválido. Exemplo: (99) 99999-9999' },
        { path: 'password', message: 'Senha muito curta!' },
      ]),
    );

    const name = `Mercado ${unique}`;
    const valid = { name, email: 'a@mercado.com', phone: '11912345678', password: 'segredo1', planId };
    expect((await signup(valid)).status).toBe(200);
    const duplicate = await signup({ ...valid, name: name.toUpperCase(), phone: '11912345679' });
    expect(duplicate.status).toBe(409);
    expect(((await duplicate.json()) as { error: string }).error).toBe('ERR_COMPANY_NAME_ALREADY_EXISTS');
  });

  it('creates nothing when the plan does not exist', async () => {
    const client = new pg.Client({ connectionString: testRun().databaseUrl });
    await client.connect();
    try {
      const before = await client.query<{ count: number }>('SELECT count(*)::int AS count FROM identity.companies');
      const response = await signup({
        name: `Sem Plano ${unique}`,
        email: 'x@y.com',
        phone: '11912345678',
        password: 'segredo1',
        planId: 999_999,
      });
      expect(response.status).toBe(400);
      const after = await client.query<{ count: number }>('SELECT count(*)::int AS count FROM identity.companies');
      expect(after.rows[0]?.count).toBe(before.rows[0]?.count);
    } finally {
      await client.end();
    }
  });

  it('refuses protected routes without a token, unknown routes, and oversized bodies', async () => {
    const protectedCall = await fetch(`${gatewayUrl}/users`);
    expect(protectedCall.status).toBe(401);
    expect(((await protectedCall.json()) as { error: string }).error).toBe('ERR_SESSION_EXPIRED');
    const unknown = await fetch(`${gatewayUrl}/definitely-not-a-route`);
    expect(unknown.status).toBe(404);
    const status = await new Promise<number>((resolve, reject) => {
      const request = http.request(`${gatewayUrl}/companies/cadastro`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': String(100 * 1024 * 1024) },
      });
      request.on('response', (response) => {
        resolve(response.statusCode ?? 0);
        request.destroy();
      });
      request.on('error', reject);
      request.write('{"name": "');
    });
    expect(status).toBe(413);
  });
});
