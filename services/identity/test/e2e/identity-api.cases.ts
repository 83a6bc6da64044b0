/**
 * Identity's API as the spec's clients use it, through the gateway on real PostgreSQL and Kafka: users (list,
 * search, CRUD, permissions, plan limit, the userCreation setting, queue ids), settings, plans, companies,
 * helps and announcements (with an image), and the events other services keep projections from.
 */
import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { EventData } from '@cs/proto/common';
import { ConnectionCreated, ConnectionDeleted, QueueCreated, QueueDeleted } from '@cs/proto/events';
import { KafkaEventBus } from '@cs/platform/events/transport';
import {
  checkedEnvelopeOf,
  expectEventually,
  readAllMessages,
  repoRoot,
  testRun,
  upstreamFixture,
  upstreamGaps,
} from '@cs/platform/testing';
import {
  call,
  createPlan,
  logIn,
  makeSuper,
  type Session,
  signUp,
  type Stack,
  sharedStack,
  type Tenant,
  withDb,
} from '../../../../gateway/test/support/stack.js';

let stack: Stack;
let base: string;
let superUser: Session;
let bus: KafkaEventBus;

beforeAll(async () => {
  stack = await sharedStack();
  base = stack.gatewayUrl;
  // the platform company's super user (the seed makes it id 1; tests share the run's database)
  await withDb((client) =>
    client.query(
      "INSERT INTO identity.plans (name, users, connections, queues, value) VALUES ('Plano Plataforma', 10, 1, 1, 0) ON CONFLICT DO NOTHING",
    ),
  );
  const platform = await signUp(base, await createPlan());
  await makeSuper(platform.email);
  superUser = await logIn(base, platform.email, platform.password);
  bus = new KafkaEventBus({
    clientId: 'identity-api-test',
    brokers: testRun().brokers.split(','),
    topicPrefix: stack.topicPrefix,
    logger: pino({ level: 'silent' }),
  });
  await bus.connect();
});
afterAll(async () => {
  await bus?.disconnect();
});

async function publishQueue(companyId: number, id: number, deleted = false): Promise<void> {
  const envelope = deleted
    ? checkedEnvelopeOf(QueueDeleted, companyId, { id })
    : checkedEnvelopeOf(QueueCreated, companyId, {
        id,
        companyId,
        name: `Fila ${id}`,
        color: '#123456',
        greetingMessage: '',
        outOfHoursMessage: '',
        orderQueue: 0,
        schedules: [],
        promptId: null,
        integrationId: null,
      });
  await bus.publish([{ topic: 'tickets.queue.v1', key: String(id), value: JSON.stringify(envelope), headers: {} }]);
}

async function publishConnection(companyId: number, id: number, deleted = false): Promise<void> {
  const fixture = JSON.parse(
    readFileSync(join(repoRoot(), 'proto', 'fixtures', 'events', 'whatsapp.connection.created.json'), 'utf8'),
  ) as { data: EventData<typeof ConnectionCreated> };
  const envelope = deleted
    ? checkedEnvelopeOf(ConnectionDeleted, companyId, { id })
    : checkedEnvelopeOf(ConnectionCreated, companyId, { ...fixture.data, id, companyId, name: `Conexão ${id}` });
  await bus.publish([
    { topic: 'whatsapp.connection.v1', key: String(id), value: JSON.stringify(envelope), headers: {} },
  ]);
}

describe('users', () => {
  let tenant: Tenant;
  let admin: Session;

  beforeAll(async () => {
    tenant = await signUp(base, await createPlan({}, 3));
    admin = await logIn(base, tenant.email, tenant.password);
  });

  const newUser = (suffix: string, extra: Record<string, unknown> = {}) => ({
    name: `Usuário ${suffix}`,
    email: `u-${suffix}-${tenant.companyId}@teste.com.br`,
    password: 'senha123',
    profile: 'user',
    ...extra,
  });

  it('creates, lists, searches, shows, updates and deletes users of the company', async () => {
    const created = await call<{ id: number; queues: unknown[]; allTicket: string }>(base, 'POST', '/users', {
      token: admin.token,
      body: newUser('maria', { allTicket: 'enabled' }),
    });
    expect(created).toMatchObject({
      status: 200,
      body: { name: 'Usuário maria', profile: 'user', allTicket: 'enable', queues: [] },
    });
    const page = await call<{ users: Array<{ id: number }>; count: number; hasMore: boolean }>(
      base,
      'GET',
      '/users?searchParam=MARIA&pageNumber=1',
      {
        token: admin.token,
      },
    );
    expect(page.body).toMatchObject({ count: 1, hasMore: false, users: [{ id: created.body.id }] });
    const list = await call<Array<{ id: number }>>(base, 'GET', '/users/list', { token: admin.token });
    expect(list.body.map((user) => user.id).sort()).toEqual([admin.user.id, created.body.id].sort());
    const updated = await call(base, 'PUT', `/users/${created.body.id}`, {
      token: admin.token,
      body: { name: 'Maria Souza', email: `maria-${tenant.companyId}@teste.com.br`, password: '', companyId: 1 },
    });
    expect(updated).toMatchObject({ status: 200, body: { name: 'Maria Souza', companyId: tenant.companyId } });
    expect((await call(base, 'GET', `/users/${created.body.id}`, { token: admin.token })).body).toMatchObject({
      name: 'Maria Souza',
    });
    expect((await call(base, 'DELETE', `/users/${created.body.id}`, { token: admin.token })).status).toBe(200);
    expect(await call(base, 'GET', `/users/${created.body.id}`, { token: admin.token })).toMatchObject({
      status: 404,
      body: { error: 'ERR_NO_USER_FOUND' },
    });
  });

  it("creates and updates a user with the established client's whatsappId false as no default connection", async () => {
    const fixture = upstreamFixture('http.post-users.request');
    const request = {
      ...(fixture.request as Record<string, unknown>),
      email: `bruno-${tenant.companyId}@teste.com.br`,
    };
    const created = await call<{ id: number; whatsappId: number | null }>(base, 'POST', '/users', {
      token: admin.token,
      body: request,
    });
    expect(created.status).toBe(200);
    expect(upstreamGaps('http.post-users.request', created.body)).toEqual([]);
    expect(created.body.whatsappId).toBeNull();
    const updated = await call<{ whatsappId: number | null }>(base, 'PUT', `/users/${created.body.id}`, {
      token: admin.token,
      body: { ...request, password: '', whatsappId: false },
    });
    expect(updated).toMatchObject({ status: 200, body: { whatsappId: null } });
    // the plan's user limit is the next tests' business
    expect((await call(base, 'DELETE', `/users/${created.body.id}`, { token: admin.token })).status).toBe(200);
  });

  it("validates with the spec's messages and refuses a taken e-mail", async () => {
    const invalid = await call<{ error: string; details: Array<{ path: string }> }>(base, 'POST', '/users', {
      token: admin.token,
      body: { name: 'A', email: 'x', password: '12' },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.details.map((detail) => detail.path).sort()).toEqual(['email', 'name', 'password']);
    const taken = await call(base, 'POST', '/users', {
      token: admin.token,
      body: newUser('dup', { email: tenant.email }),
    });
    expect(taken).toMatchObject({ status: 409, body: { error: 'ERR_USER_EMAIL_ALREADY_EXISTS' } });
  });

  it("keeps the company forms' 50 for a user an admin creates or edits, the own profile's 256 for oneself", async () => {
    type Refused = { error: string; details: Array<{ path: string; message: string }> };
    const long = await call<Refused>(base, 'POST', '/users', {
      token: admin.token,
      body: newUser('longo', { name: 'n'.repeat(51), password: 's'.repeat(51) }),
    });
    expect(long).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    expect(long.body.details).toEqual([
      { path: 'name', message: 'Nome não pode ultrapassar 50 caracteres' },
      { path: 'password', message: 'A senha não pode ultrapassar 50 caracteres' },
    ]);
    const created = await call<{ id: number }>(base, 'POST', '/users', {
      token: admin.token,
      body: newUser('limite', { name: 'n'.repeat(50), password: 's'.repeat(50) }),
    });
    expect(created).toMatchObject({ status: 200, body: { name: 'n'.repeat(50) } });
    for (const [body, path] of [
      [{ name: 'm'.repeat(51) }, 'name'],
      [{ password: 'p'.repeat(51) }, 'password'],
    ] as const) {
      const edited = await call<Refused>(base, 'PUT', `/users/${created.body.id}`, { token: admin.token, body });
      expect(edited).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION', details: [{ path }] } });
    }
    const agent = await logIn(base, `u-limite-${tenant.companyId}@teste.com.br`, 's'.repeat(50));
    const own = await call(base, 'PUT', `/users/${created.body.id}`, {
      token: agent.token,
      body: { name: 'o'.repeat(256) },
    });
    expect(own).toMatchObject({ status: 200, body: { name: 'o'.repeat(256) } });
    const tooLong = await call<Refused>(base, 'PUT', `/users/${created.body.id}`, {
      token: agent.token,
      body: { name: 'o'.repeat(257) },
    });
    expect(tooLong).toMatchObject({
      status: 400,
      body: {
        error: 'ERR_VALIDATION',
        details: [{ path: 'name', message: 'Nome não pode ultrapassar 256 caracteres' }],
      },
    });
    expect((await call(base, 'DELETE', `/users/${created.body.id}`, { token: admin.token })).status).toBe(200);
  });

  it('lets profile user edit only itself, never its profile or queues', async () => {
    const created = await call<{ id: number }>(base, 'POST', '/users', { token: admin.token, body: newUser('joao') });
    const agent = await logIn(base, `u-joao-${tenant.companyId}@teste.com.br`, 'senha123');
    const self = await call(base, 'PUT', `/users/${created.body.id}`, {
      token: agent.token,
      body: { name: 'João Silva', profile: 'user', queueIds: [] },
    });
    expect(self).toMatchObject({ status: 200, body: { name: 'João Silva' } });
    for (const body of [{ profile: 'admin' }, { queueIds: [1] }, { super: true }]) {
      expect((await call(base, 'PUT', `/users/${created.body.id}`, { token: agent.token, body })).status).toBe(403);
    }
    expect(
      await call(base, 'PUT', `/users/${admin.user.id}`, { token: agent.token, body: { name: 'x y z' } }),
    ).toMatchObject({
      status: 403,
      body: { error: 'ERR_NO_PERMISSION' },
    });
    expect(
      (await call(base, 'PUT', `/users/${created.body.id}`, { token: admin.token, body: { super: true } })).status,
    ).toBe(403);
    expect((await call(base, 'DELETE', `/users/${admin.user.id}`, { token: admin.token })).status).toBe(403);
    await call(base, 'DELETE', `/users/${created.body.id}`, { token: admin.token });
  });

  it("enforces the plan's user limit and the userCreation setting", async () => {
    // plan of 3 users: the admin plus two
    const second = await call<{ id: number }>(base, 'POST', '/users', { token: admin.token, body: newUser('2') });
    const third = await call<{ id: number }>(base, 'POST', '/users', { token: admin.token, body: newUser('3') });
    expect([second.status, third.status]).toEqual([200, 200]);
    expect(await call(base, 'POST', '/users', { token: admin.token, body: newUser('4') })).toMatchObject({
      status: 403,
      body: { error: 'ERR_PLAN_LIMIT_USERS', message: 'Número máximo de usuários já alcançado: 3' },
    });
    await call(base, 'DELETE', `/users/${third.body.id}`, { token: admin.token });
    expect(
      await call(base, 'PUT', '/settings/user-creation', { token: admin.token, body: { value: 'disabled' } }),
    ).toMatchObject({
      status: 200,
      body: { key: 'userCreation', value: 'disabled' },
    });
    expect(await call(base, 'POST', '/users', { token: admin.token, body: newUser('5') })).toMatchObject({
      status: 403,
      body: { error: 'ERR_USER_CREATION_DISABLED' },
    });
    await call(base, 'PUT', '/settings/userCreation', { token: admin.token, body: { value: 'enabled' } });
    await call(base, 'DELETE', `/users/${second.body.id}`, { token: admin.token });
  });

  it("accepts only the company's own queues (identity's projection of tickets' queues), named in the answer", async () => {
    const other = await signUp(base, await createPlan());
    const mine = 600_000 + Math.floor(Math.random() * 90_000);
    const theirs = mine + 1;
    await publishQueue(tenant.companyId, mine);
    await publishQueue(other.companyId, theirs);
    const user = await expectEventually(async () => {
      const created = await call<{ id: number; queues: unknown[] }>(base, 'POST', '/users', {
        token: admin.token,
        body: newUser('fila', { queueIds: [mine] }),
      });
      expect(created.status).toBe(200);
      return created.body;
    });
    expect(user.queues).toEqual([
      { id: mine, name: `Fila ${mine}`, color: '#123456', UserQueue: { userId: user.id, queueId: mine } },
    ]);
    await expectEventually(async () => {
      const foreign = await call(base, 'PUT', `/users/${user.id}`, {
        token: admin.token,
        body: { queueIds: [mine, theirs] },
      });
      expect(foreign.status).toBe(400);
      // the other company's queue is now known, and still refused
      expect(
        await withDb(async (c) => (await c.query('SELECT 1 FROM identity.queues WHERE id = $1', [theirs])).rowCount),
      ).toBe(1);
    });
    await publishQueue(tenant.companyId, mine, true);
    await expectEventually(async () => {
      expect(
        (await call<{ queues: unknown[] }>(base, 'GET', `/users/${user.id}`, { token: admin.token })).body.queues,
      ).toEqual([]);
    });
    await call(base, 'DELETE', `/users/${user.id}`, { token: admin.token });
  });

  it("accepts only the company's own connection as a user's default connection, and names it", async () => {
    const other = await signUp(base, await createPlan());
    const mine = 500_000 + Math.floor(Math.random() * 90_000);
    await publishConnection(tenant.companyId, mine);
    await publishConnection(other.companyId, mine + 1);
    const user = await expectEventually(async () => {
      const created = await call<{ id: number; whatsapp: unknown }>(base, 'POST', '/users', {
        token: admin.token,
        body: newUser('conexao', { whatsappId: mine }),
      });
      expect(created.status).toBe(200);
      return created.body;
    });
    expect(user.whatsapp).toEqual({ id: mine, name: `Conexão ${mine}` });
    await expectEventually(async () => {
      expect(
        await withDb(
          async (c) => (await c.query('SELECT 1 FROM identity.connections WHERE id = $1', [mine + 1])).rowCount,
        ),
      ).toBe(1);
    });
    const foreign = await call(base, 'PUT', `/users/${user.id}`, {
      token: admin.token,
      body: { whatsappId: mine + 1 },
    });
    expect(foreign).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    await publishConnection(tenant.companyId, mine, true);
    await expectEventually(async () => {
      expect((await call(base, 'GET', `/users/${user.id}`, { token: admin.token })).body).toMatchObject({
        whatsappId: null,
        whatsapp: null,
      });
    });
    await call(base, 'DELETE', `/users/${user.id}`, { token: admin.token });
  });

  it('publishes identity.user.v1 events for the other services', async () => {
    const created = await call<{ id: number }>(base, 'POST', '/users', { token: admin.token, body: newUser('evento') });
    await expectEventually(
      async () => {
        const messages = await readAllMessages(testRun().brokers, `${stack.topicPrefix}identity.user.v1`);
        const types = messages
          .filter((message) => message.key === String(created.body.id))
          .map((message) => (JSON.parse(message.value) as { type: string }).type);
        expect(types).toContain('identity.user.created');
      },
      { timeoutMs: 30_000, intervalMs: 500 },
    );
    await call(base, 'DELETE', `/users/${created.body.id}`, { token: admin.token });
  });
});

describe('settings', () => {
  it("lists the company's settings with the spec's keys, changes one (admins) and refuses unknown keys", async () => {
    const tenant = await signUp(base, await createPlan());
    const admin = await logIn(base, tenant.email, tenant.password);
    const settings = await call<Array<{ key: string; value: string }>>(base, 'GET', '/settings', {
      token: admin.token,
    });
    expect(Object.fromEntries(settings.body.map((s) => [s.key, s.value]))).toMatchObject({
      userRating: 'disabled',
      scheduleType: 'disabled',
      CheckMsgIsGroup: 'enabled',
      call: 'enabled',
      chatBotType: 'text',
      sendGreetingAccepted: 'disabled',
      sendMsgTransfTicket: 'disabled',
      userCreation: 'enabled',
    });
    expect(
      await call(base, 'PUT', '/settings/scheduleType', { token: admin.token, body: { value: 'company' } }),
    ).toMatchObject({
      status: 200,
      body: { key: 'scheduleType', value: 'company' },
    });
    expect(
      (await call(base, 'PUT', '/settings/scheduleType', { token: admin.token, body: { value: 'sometimes' } })).status,
    ).toBe(400);
    expect(await call(base, 'PUT', '/settings/naoExiste', { token: admin.token, body: { value: 'x' } })).toMatchObject({
      status: 404,
      body: { error: 'ERR_NO_SETTING_FOUND' },
    });
  });
});

describe('plans and companies (super user)', () => {
  it('creates, lists, updates and deletes plans; a plan in use cannot be deleted', async () => {
    const name = `Plano ${randomUUID().slice(0, 8)}`;
    const created = await call<{ id: number }>(base, 'POST', '/plans', {
      token: superUser.token,
      body: { name, users: 5, connections: 2, queues: 4, value: 149.9, useKanban: false },
    });
    expect(created).toMatchObject({
      status: 200,
      body: { name, users: 5, value: 149.9, useKanban: false, useCampaigns: true },
    });
    expect((await call(base, 'POST', '/plans', { token: superUser.token, body: { name } })).body).toMatchObject({
      error: 'ERR_PLAN_NAME_ALREADY_EXISTS',
    });
    const publicList = await call<Array<{ id: number }>>(base, 'GET', '/plans/list');
    expect(publicList.body.map((plan) => plan.id)).toContain(created.body.id);
    const page = await call<{ plans: unknown[] }>(base, 'GET', `/plans?searchParam=${encodeURIComponent(name)}`, {
      token: superUser.token,
    });
    expect(page.body.plans).toHaveLength(1);
    expect(
      (await call(base, 'PUT', `/plans/${created.body.id}`, { token: superUser.token, body: { value: 99 } })).body,
    ).toMatchObject({ value: 99 });
    const tenant = await signUp(base, created.body.id);
    expect(await call(base, 'DELETE', `/plans/${created.body.id}`, { token: superUser.token })).toMatchObject({
      status: 409,
      body: { error: 'ERR_PLAN_IN_USE' },
    });
    expect((await call(base, 'DELETE', `/companies/${tenant.companyId}`, { token: superUser.token })).status).toBe(200);
    expect((await call(base, 'DELETE', `/plans/${created.body.id}`, { token: superUser.token })).status).toBe(200);
    expect((await call(base, 'GET', `/plans/${created.body.id}`, { token: superUser.token })).status).toBe(404);
  });

  it('creates a company with its admin, lists, shows with its plan, updates schedules and extends the due date', async () => {
    const planId = await createPlan({ useOpenAi: false });
    const name = `Cliente ${randomUUID().slice(0, 8)}`;
    const email = `${name.replace(/\W/g, '').toLowerCase()}@teste.com.br`;
    const created = await call<{ id: number }>(base, 'POST', '/companies', {
      token: superUser.token,
      body: {
        name,
        email,
        phone: '(21) 99999-0000',
        planId,
        dueDate: '2030-01-31',
        recurrence: 'TRIMESTRAL',
        password: 'primeira1',
      },
    });
    expect(created).toMatchObject({
      status: 200,
      body: { name, phone: '21999990000', dueDate: '2030-01-31', recurrence: 'TRIMESTRAL' },
    });
    const admin = await logIn(base, email, 'primeira1');
    expect(admin.user).toMatchObject({ profile: 'admin', companyId: created.body.id });
    const withPlan = await call(base, 'GET', `/companies/listPlan/${created.body.id}`, { token: admin.token });
    expect(withPlan.body).toMatchObject({
      id: created.body.id,
      plan: { id: planId, useOpenAi: false, useKanban: true },
    });
    const schedules = [{ weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '09:00', endTime: '17:00' }];
    expect(
      (await call(base, 'PUT', `/companies/${created.body.id}/schedules`, { token: admin.token, body: { schedules } }))
        .body,
    ).toMatchObject({
      schedules,
    });
    const page = await call<{ companies: Array<{ id: number }>; count: number }>(
      base,
      'GET',
      `/companies?searchParam=${encodeURIComponent(name)}`,
      {
        token: superUser.token,
      },
    );
    expect(page.body.companies.map((company) => company.id)).toEqual([created.body.id]);
    const extended = await call(base, 'POST', `/companies/${created.body.id}/extend-due-date`, {
      token: superUser.token,
    });
    expect(extended.body).toMatchObject({ dueDate: '2030-04-30' });
    const renamed = await call(base, 'PUT', `/companies/${created.body.id}`, {
      token: superUser.token,
      body: { name: name.toUpperCase() },
    });
    expect(renamed.status).toBe(200);
    const clash = await call(base, 'PUT', `/companies/${created.body.id}`, {
      token: superUser.token,
      body: { name: superUser.user.company['name'] },
    });
    expect(clash.body).toMatchObject({ error: 'ERR_COMPANY_NAME_ALREADY_EXISTS' });
  });
});

describe('helps and announcements', () => {
  let admin: Session;

  beforeAll(async () => {
    const tenant = await signUp(base, await createPlan());
    admin = await logIn(base, tenant.email, tenant.password);
  });

  it('lets super users write help videos and everyone read them', async () => {
    const created = await call<{ id: number }>(base, 'POST', '/helps', {
      token: superUser.token,
      body: { title: 'Como conectar', video: 'dQw4w9WgXcQ', description: 'Passo a passo' },
    });
    expect(created.status).toBe(200);
    expect(
      (await call<Array<{ id: number }>>(base, 'GET', '/helps/list', { token: admin.token })).body.map((h) => h.id),
    ).toContain(created.body.id);
    expect(
      (await call<{ records: unknown[] }>(base, 'GET', '/helps', { token: admin.token })).body.records.length,
    ).toBeGreaterThan(0);
    expect(
      (await call(base, 'PUT', `/helps/${created.body.id}`, { token: superUser.token, body: { title: 'Conectar' } }))
        .body,
    ).toMatchObject({
      title: 'Conectar',
    });
    expect((await call(base, 'DELETE', `/helps/${created.body.id}`, { token: superUser.token })).status).toBe(200);
    expect((await call(base, 'GET', `/helps/${created.body.id}`, { token: admin.token })).status).toBe(404);
  });

  it('keeps announcement writing to super users (of the platform company: see seed-and-announcements)', async () => {
    expect(
      await call(base, 'POST', '/announcements', { token: admin.token, body: { title: 'x', text: 'y' } }),
    ).toMatchObject({
      status: 403,
      body: { error: 'ERR_NO_SUPER' },
    });
  });
});
