/**
 * The administration routes the settings and announcements pages call, refused to those who may not use them
 * (issue 18): a company's agent (profile user) cannot change settings or hours nor touch companies, plans, help
 * videos or announcements; a company admin (not super) cannot run the platform; another company is not found.
 */
import {
  call,
  createPlan,
  logIn,
  type Session,
  signUp,
  type Stack,
  sharedStack,
  type Tenant,
} from '../../../../gateway/test/support/stack.js';

let stack: Stack;
let base: string;
let tenant: Tenant;
let admin: Session;
let agent: Session;
let other: Tenant;

beforeAll(async () => {
  stack = await sharedStack();
  base = stack.gatewayUrl;
  tenant = await signUp(base, await createPlan());
  other = await signUp(base, await createPlan());
  admin = await logIn(base, tenant.email, tenant.password);
  const email = `agente-${tenant.companyId}@teste.com.br`;
  const created = await call(base, 'POST', '/users', {
    token: admin.token,
    body: { name: 'Agente Um', email, password: 'senha123', profile: 'user' },
  });
  expect(created.status).toBe(200);
  agent = await logIn(base, email, 'senha123');
});

/** The platform's writes: refused to anyone who is not a super user. */
const superRoutes = (companyId: number): Array<[string, string, unknown?]> => [
  ['GET', '/companies'],
  ['GET', '/companies/list'],
  ['GET', '/companiesPlan'],
  ['POST', '/companies', { name: 'Intrusa', email: 'intrusa@teste.com.br', planId: 1 }],
  ['PUT', `/companies/${companyId}`, { name: 'Renomeada' }],
  ['POST', `/companies/${companyId}/extend-due-date`],
  ['DELETE', `/companies/${companyId}`],
  ['POST', '/plans', { name: 'Plano Intruso' }],
  ['PUT', '/plans/1', { value: 0 }],
  ['DELETE', '/plans/1'],
  ['POST', '/helps', { title: 'Ajuda intrusa' }],
  ['PUT', '/helps/1', { title: 'x' }],
  ['DELETE', '/helps/1'],
  ['POST', '/announcements', { title: 'x', text: 'y' }],
];

describe('the administration routes', () => {
  it("refuse the agent the company's settings and opening hours (403)", async () => {
    expect(
      await call(base, 'PUT', '/settings/userRating', { token: agent.token, body: { value: 'enabled' } }),
    ).toMatchObject({ status: 403 });
    expect(
      await call(base, 'PUT', '/settings/scheduleType', { token: agent.token, body: { value: 'company' } }),
    ).toMatchObject({ status: 403 });
    const schedules = [{ weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '09:00', endTime: '17:00' }];
    expect(
      await call(base, 'PUT', `/companies/${tenant.companyId}/schedules`, { token: agent.token, body: { schedules } }),
    ).toMatchObject({ status: 403 });
    // nothing changed
    const settings = await call<Array<{ key: string; value: string }>>(base, 'GET', '/settings', {
      token: admin.token,
    });
    expect(Object.fromEntries(settings.body.map((s) => [s.key, s.value]))).toMatchObject({
      userRating: 'disabled',
      scheduleType: 'disabled',
    });
  });

  it('refuse agents and company admins every super-user route (403), and do nothing', async () => {
    for (const session of [agent, admin]) {
      for (const [method, path, body] of superRoutes(other.companyId)) {
        const response = await call(base, method, path, { token: session.token, body });
        expect({ method, path, profile: session.user.profile, status: response.status }).toEqual({
          method,
          path,
          profile: session.user.profile,
          status: 403,
        });
      }
    }
    const otherAdmin = await logIn(base, other.email, other.password);
    expect(otherAdmin.user.company['name']).toBe(other.name);
  });

  it("answer 404 for another company's record, even to its admin", async () => {
    for (const session of [agent, admin]) {
      expect((await call(base, 'GET', `/companies/${other.companyId}`, { token: session.token })).status).toBe(404);
      expect((await call(base, 'GET', `/companies/listPlan/${other.companyId}`, { token: session.token })).status).toBe(
        404,
      );
    }
    const schedules = [{ weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '09:00', endTime: '17:00' }];
    expect(
      (await call(base, 'PUT', `/companies/${other.companyId}/schedules`, { token: admin.token, body: { schedules } }))
        .status,
    ).toBe(404);
  });
});
