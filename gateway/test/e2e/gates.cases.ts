/**
 * The gateway's server-side gates (upstream only hid menu items): a plan flag that is off makes its routes answer
 * 403 ERR_NO_PERMISSION (one test per flag), an expired company reaches only login, invoices, subscription and
 * plans (402 ERR_COMPANY_EXPIRED elsewhere: the dashboard and the reports too, which no plan flag gates),
 * admin-only routes (the reports among them) refuse profile user, super-only routes refuse admins. Plan and due-date changes apply to tokens already issued, through identity's events.
 */
import { expectEventually } from '@cs/platform/testing';
import {
  call,
  createPlan,
  type Flags,
  logIn,
  makeSuper,
  type Session,
  signUp,
  type Stack,
  sharedStack,
} from '../support/stack.js';

let stack: Stack;
let base: string;
let superUser: Session;

beforeAll(async () => {
  stack = await sharedStack();
  base = stack.gatewayUrl;
  const platform = await signUp(base, await createPlan());
  await makeSuper(platform.email);
  superUser = await logIn(base, platform.email, platform.password);
});

async function adminOn(flags: Flags): Promise<Session> {
  const tenant = await signUp(base, await createPlan(flags));
  return logIn(base, tenant.email, tenant.password);
}

const FLAG_ROUTES: Array<[keyof Flags, string, string]> = [
  ['useCampaigns', 'GET', '/campaigns'],
  ['useCampaigns', 'GET', '/files'],
  ['useCampaigns', 'GET', '/campaigns/1/failures'],
  ['useSchedules', 'GET', '/schedules'],
  ['useSchedules', 'POST', '/schedules'],
  ['useInternalChat', 'GET', '/chats'],
  ['useExternalApi', 'POST', '/api/messages/send'],
  ['useKanban', 'GET', '/tags/kanban'],
  ['useOpenAi', 'GET', '/prompt'],
  ['useOpenAi', 'GET', '/ai-assist/settings'],
  ['useOpenAi', 'POST', '/ai-assist/tickets/1/summary'],
  ['useOpenAi', 'POST', '/ai-assist/tickets/1/suggestion'],
  ['useIntegrations', 'GET', '/queueIntegration'],
];

describe('plan flags', () => {
  let everything: Session;

  beforeAll(async () => {
    everything = await adminOn({});
  });

  it.each(FLAG_ROUTES)(
    '%s off: %s %s answers 403 ERR_NO_PERMISSION; on: it reaches its service',
    async (flag, method, path) => {
      const without = await adminOn({ [flag]: false });
      expect(await call(base, method, path, { token: without.token })).toMatchObject({
        status: 403,
        body: { error: 'ERR_NO_PERMISSION' },
      });
      expect((await call(base, 'GET', '/tickets', { token: without.token })).status).toBe(200);
      expect(await call(base, method, path, { token: everything.token })).toMatchObject({
        status: 200,
        body: { upstream: true, path },
      });
    },
  );

  it('applies a plan edited by the super user to tokens already issued', async () => {
    const planId = Number(everything.user.company['planId']);
    expect((await call(base, 'GET', '/tags/kanban', { token: everything.token })).status).toBe(200);
    const edited = await call(base, 'PUT', `/plans/${planId}`, { token: superUser.token, body: { useKanban: false } });
    expect(edited).toMatchObject({ status: 200, body: { id: planId, useKanban: false } });
    await expectEventually(async () =>
      expect((await call(base, 'GET', '/tags/kanban', { token: everything.token })).status).toBe(403),
    );
    expect((await call(base, 'GET', '/tags', { token: everything.token })).status).toBe(200);
  });
});

describe('expired companies', () => {
  it('reach only login, invoices, subscription and plans until the due date is extended', async () => {
    const tenant = await signUp(base, await createPlan());
    const admin = await logIn(base, tenant.email, tenant.password);
    const past = await call(base, 'PUT', `/companies/${tenant.companyId}`, {
      token: superUser.token,
      body: { dueDate: '2024-01-31' },
    });
    expect(past).toMatchObject({ status: 200, body: { dueDate: '2024-01-31' } });
    await expectEventually(async () =>
      expect(await call(base, 'GET', '/tickets', { token: admin.token })).toMatchObject({
        status: 402,
        body: { error: 'ERR_COMPANY_EXPIRED' },
      }),
    );
    expect((await call(base, 'GET', '/users', { token: admin.token })).status).toBe(402);
    // the dashboard, the reports and the service levels (issue 55: gated as the dashboard, by the licence)
    for (const path of ['/dashboard', '/reports', '/service-levels', '/service-levels/at-risk']) {
      expect(await call(base, 'GET', path, { token: admin.token })).toMatchObject({
        status: 402,
        body: { error: 'ERR_COMPANY_EXPIRED' },
      });
    }
    expect((await call(base, 'GET', '/auth/me', { token: admin.token })).status).toBe(200);
    expect((await call(base, 'GET', '/invoices/all', { token: admin.token })).status).toBe(200);
    expect((await call(base, 'POST', '/subscription', { token: admin.token, body: {} })).status).toBe(200);
    expect((await call(base, 'GET', '/plans', { token: admin.token })).status).toBe(200);
    // a new login carries the due date in its token: still expired
    const again = await logIn(base, tenant.email, tenant.password);
    expect((await call(base, 'GET', '/tickets', { token: again.token })).status).toBe(402);

    const extended = await call<{ dueDate: string }>(base, 'POST', `/companies/${tenant.companyId}/extend-due-date`, {
      token: superUser.token,
    });
    expect(extended.status).toBe(200);
    expect(extended.body.dueDate > new Date().toISOString().slice(0, 10)).toBe(true);
    await expectEventually(async () =>
      expect((await call(base, 'GET', '/tickets', { token: again.token })).status).toBe(200),
    );
  });
});

describe('roles', () => {
  let admin: Session;
  let agent: Session;

  beforeAll(async () => {
    const tenant = await signUp(base, await createPlan());
    admin = await logIn(base, tenant.email, tenant.password);
    const email = `agente-${tenant.companyId}@teste.com.br`;
    const created = await call(base, 'POST', '/users', {
      token: admin.token,
      body: { name: 'Agente', email, password: 'senha123', profile: 'user' },
    });
    expect(created.status).toBe(200);
    agent = await logIn(base, email, 'senha123');
  });

  it('refuses admin-only routes to profile user and lets admins through', async () => {
    for (const [method, path] of [
      ['POST', '/queue'],
      ['DELETE', '/whatsapp/1'],
      ['POST', '/users'],
      ['PUT', '/settings/userRating'],
      ['GET', '/invoices/all'],
      ['GET', '/reports'],
      ['GET', '/reports/tickets/export'],
      ['PUT', '/service-levels/1'],
    ] as const) {
      expect(
        await call(base, method, path, { token: agent.token, ...(method === 'GET' ? {} : { body: {} }) }),
      ).toMatchObject({
        status: 403,
        body: { error: 'ERR_NO_PERMISSION' },
      });
    }
    expect((await call(base, 'GET', '/queue', { token: agent.token })).status).toBe(200);
    // the dashboard is every signed-in user's (tickets answers an agent with their own figures)
    expect((await call(base, 'GET', '/dashboard', { token: agent.token })).status).toBe(200);
    expect((await call(base, 'GET', '/invoices/all', { token: admin.token })).status).toBe(200);
    expect((await call(base, 'GET', '/reports', { token: admin.token })).status).toBe(200);
    // an agent's lists are marked by service level
    expect((await call(base, 'GET', '/service-levels/at-risk', { token: agent.token })).status).toBe(200);
  });

  it('refuses super-only routes to admins', async () => {
    for (const [method, path] of [
      ['GET', '/companies'],
      ['POST', '/plans'],
      ['POST', '/helps'],
      ['DELETE', '/companies/1'],
    ] as const) {
      expect(
        await call(base, method, path, { token: admin.token, ...(method === 'GET' ? {} : { body: {} }) }),
      ).toMatchObject({
        status: 403,
        body: { error: 'ERR_NO_SUPER' },
      });
    }
    expect((await call(base, 'GET', '/companies', { token: superUser.token })).status).toBe(200);
  });

  it('applies a profile change to tokens already issued', async () => {
    const promoted = await call(base, 'PUT', `/users/${agent.user.id}`, {
      token: admin.token,
      body: { profile: 'admin' },
    });
    expect(promoted.status).toBe(200);
    await expectEventually(async () =>
      expect((await call(base, 'GET', '/invoices/all', { token: agent.token })).status).toBe(200),
    );
  });
});
