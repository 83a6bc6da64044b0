/**
 * Two-factor sign-in and the audit log through the gateway, on real PostgreSQL and Kafka: enrolment, the second
 * step with a code and with recovery codes (each once), replays and throttling, the company's requirement (the
 * enrolment during sign-in, sessions that end at refresh, no disabling), an admin's reset, and the audit log of
 * those changes (who, from where, what changed with secrets masked, filters, keyset pages, another company's admin
 * seeing none of it, append-only, retention).
 */
import { expectEventually } from '@cs/platform/testing';
import type { AuditLogEntry, AuditLogPage } from '@cs/proto/http';
import { AuditRetentionJob } from '../../src/modules/audit/audit-retention.job.js';
import {
  type ApiResponse,
  call,
  createPlan,
  logIn,
  makeSuper,
  refreshCookieOf,
  type Session,
  signUp,
  type Stack,
  sharedStack,
  type Tenant,
  unique,
  withDb,
} from '../../../../gateway/test/support/stack.js';
import { codeOf, enrol } from './two-factor.js';

let stack: Stack;
let base: string;
let planId: number;

beforeAll(async () => {
  stack = await sharedStack();
  base = stack.gatewayUrl;
  planId = await createPlan();
});

interface Challenge {
  readonly error: string;
  readonly message: string;
  readonly details: { challengeToken: string; expiresIn: number };
}

/** The password step of a user with a second factor (or one who must enrol): the challenge. */
async function passwordStep(email: string, password: string, ip?: string): Promise<ApiResponse<Challenge>> {
  return call<Challenge>(base, 'POST', '/auth/login', {
    body: { email, password },
    ...(ip ? { headers: { 'x-forwarded-for': ip } } : {}),
  });
}

async function auditPage(session: Session, query = ''): Promise<ApiResponse<AuditLogPage>> {
  return call<AuditLogPage>(base, 'GET', `/audit-logs${query}`, { token: session.token });
}

describe('two-factor sign-in', () => {
  let tenant: Tenant;

  beforeAll(async () => {
    tenant = await signUp(base, planId);
  });

  it('enrols with a QR code and a first code, then asks for a code after the password; each code counts once', async () => {
    const session = await logIn(base, tenant.email, tenant.password);
    const setup = await call<{ secret: string; otpauthUrl: string }>(base, 'POST', '/auth/two-factor/setup', {
      token: session.token,
      body: {},
    });
    expect(setup.status).toBe(200);
    const uri = new URL(setup.body.otpauthUrl);
    expect([uri.protocol, uri.host, uri.searchParams.get('secret')]).toEqual(['otpauth:', 'totp', setup.body.secret]);
    expect(decodeURIComponent(uri.pathname)).toBe(`/Atendimento:${tenant.email}`);

    const wrong = await call(base, 'POST', '/auth/two-factor/setup/confirm', {
      token: session.token,
      body: { code: '000000' },
    });
    expect(wrong).toMatchObject({ status: 400, body: { error: 'ERR_TWO_FACTOR_INVALID_CODE' } });
    const first = await codeOf(setup.body.secret);
    const confirmed = await call<{ recoveryCodes: string[] }>(base, 'POST', '/auth/two-factor/setup/confirm', {
      token: session.token,
      body: { code: first },
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.recoveryCodes).toHaveLength(10);
    // the secret is sealed at rest, the recovery codes kept only as hashes
    const stored = await withDb(async (client) => {
      const secret = await client.query<{ secret_enc: string }>(
        'SELECT secret_enc FROM identity.user_two_factor WHERE user_id = $1',
        [session.user.id],
      );
      const codes = await client.query<{ code_hash: string }>(
        'SELECT code_hash FROM identity.two_factor_recovery_codes WHERE user_id = $1',
        [session.user.id],
      );
      return { secret: secret.rows[0]?.secret_enc ?? '', hashes: codes.rows.map((row) => row.code_hash) };
    });
    expect(stored.secret).toMatch(/^v1:/);
    expect(stored.secret).not.toContain(setup.body.secret);
    expect(stored.hashes).toHaveLength(10);
    for (const code of confirmed.body.recoveryCodes) expect(stored.hashes.join()).not.toContain(code);
    expect((await call(base, 'GET', '/auth/two-factor', { token: session.token })).body).toMatchObject({
      enabled: true,
      required: false,
      recoveryCodesLeft: 10,
    });

    // the password alone opens no session: a clear error (what the established client shows) with the challenge
    const step = await passwordStep(tenant.email, tenant.password);
    expect(step.status).toBe(401);
    expect(step.body.error).toBe('ERR_TWO_FACTOR_REQUIRED');
    expect(step.body.message).toMatch(/duas etapas/);
    expect(step.body.details.expiresIn).toBe(300);
    expect(refreshCookieOf(step)).toBeUndefined();
    expect(step.body).not.toHaveProperty('token');

    // the code that confirmed the enrolment was spent: no replay
    const replay = await call(base, 'POST', '/auth/two-factor/verify', {
      body: { challengeToken: step.body.details.challengeToken, code: first },
    });
    expect(replay).toMatchObject({ status: 400, body: { error: 'ERR_TWO_FACTOR_INVALID_CODE' } });
    // two steps away is outside the skew window
    const late = await call(base, 'POST', '/auth/two-factor/verify', {
      body: { challengeToken: step.body.details.challengeToken, code: await codeOf(setup.body.secret, 2) },
    });
    expect(late.status).toBe(400);
    // the next step's code is within the skew window and later than the last one used
    const next = await codeOf(setup.body.secret, 1);
    const verified = await call<{ token: string; user: { id: number } }>(base, 'POST', '/auth/two-factor/verify', {
      body: { challengeToken: step.body.details.challengeToken, code: next },
    });
    expect(verified.status).toBe(200);
    expect(verified.body.user.id).toBe(session.user.id);
    expect(refreshCookieOf(verified)).toBeDefined();
    expect((await call(base, 'GET', '/auth/me', { token: verified.body.token })).status).toBe(200);
    // the challenge is spent, and so is that code
    const again = await call(base, 'POST', '/auth/two-factor/verify', {
      body: { challengeToken: step.body.details.challengeToken, code: next },
    });
    expect(again).toMatchObject({ status: 401, body: { error: 'ERR_TWO_FACTOR_CHALLENGE_EXPIRED' } });
    const secondStep = await passwordStep(tenant.email, tenant.password);
    const reused = await call(base, 'POST', '/auth/two-factor/verify', {
      body: { challengeToken: secondStep.body.details.challengeToken, code: next },
    });
    expect(reused).toMatchObject({ status: 400, body: { error: 'ERR_TWO_FACTOR_INVALID_CODE' } });

    // a recovery code (any case, with or without dashes) stands in for the phone, once
    const recovery = confirmed.body.recoveryCodes[0] ?? '';
    const byRecovery = await call(base, 'POST', '/auth/two-factor/verify', {
      body: { challengeToken: secondStep.body.details.challengeToken, code: recovery.toLowerCase() },
    });
    expect(byRecovery.status).toBe(200);
    const thirdStep = await passwordStep(tenant.email, tenant.password);
    const recoveryAgain = await call(base, 'POST', '/auth/two-factor/verify', {
      body: { challengeToken: thirdStep.body.details.challengeToken, code: recovery },
    });
    expect(recoveryAgain).toMatchObject({ status: 400, body: { error: 'ERR_TWO_FACTOR_INVALID_CODE' } });
  });

  it('throttles wrong codes like wrong passwords (429 with Retry-After), per e-mail and address', async () => {
    const other = await signUp(base, planId);
    await enrol(base, await logIn(base, other.email, other.password));
    const ip = `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const step = await passwordStep(other.email, other.password, ip);
    const attempt = () =>
      call(base, 'POST', '/auth/two-factor/verify', {
        headers: { 'x-forwarded-for': ip },
        body: { challengeToken: step.body.details.challengeToken, code: '123456' },
      });
    for (let failure = 0; failure < 5; failure += 1) expect((await attempt()).status).toBe(400);
    const throttled = await attempt();
    expect(throttled.status).toBe(429);
    expect(throttled.body).toMatchObject({ error: 'ERR_TOO_MANY_REQUESTS' });
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('refuses bad input in the spec error format, and a made-up challenge', async () => {
    const bad = await call(base, 'POST', '/auth/two-factor/verify', { body: { challengeToken: 'x' } });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: 'ERR_VALIDATION' });
    const unknownChallenge = await call(base, 'POST', '/auth/two-factor/verify', {
      body: { challengeToken: 'a'.repeat(43), code: '123456' },
    });
    expect(unknownChallenge).toMatchObject({ status: 401, body: { error: 'ERR_TWO_FACTOR_CHALLENGE_EXPIRED' } });
  });
});

describe("a company's requirement and an admin's reset", () => {
  it('takes a user without a second factor to enrolment after the password; no session until enrolled', async () => {
    const tenant = await signUp(base, planId);
    const admin = await logIn(base, tenant.email, tenant.password);
    const email = `agente-${unique()}@teste.com.br`;
    const created = await call<{ id: number }>(base, 'POST', '/users', {
      token: admin.token,
      body: { name: 'Agente', email, password: 'segredo123', profile: 'user' },
    });
    expect(created.status).toBe(200);
    const agent = await logIn(base, email, 'segredo123');

    const required = await call(base, 'PUT', '/settings/twoFactorRequired', {
      token: admin.token,
      body: { value: 'enabled' },
    });
    expect(required).toMatchObject({ status: 200, body: { key: 'twoFactorRequired', value: 'enabled' } });
    // a session opened before the requirement ends at its next refresh
    const refreshed = await call(base, 'POST', '/auth/refresh_token', { cookie: agent.cookie });
    expect(refreshed).toMatchObject({ status: 401, body: { error: 'ERR_SESSION_EXPIRED' } });

    const step = await passwordStep(email, 'segredo123');
    expect(step).toMatchObject({ status: 401, body: { error: 'ERR_TWO_FACTOR_ENROLMENT_REQUIRED' } });
    expect(refreshCookieOf(step)).toBeUndefined();
    // the challenge of an enrolment is no code challenge
    const wrongKind = await call(base, 'POST', '/auth/two-factor/verify', {
      body: { challengeToken: step.body.details.challengeToken, code: '123456' },
    });
    expect(wrongKind.body).toMatchObject({ error: 'ERR_TWO_FACTOR_CHALLENGE_EXPIRED' });
    const setup = await call<{ secret: string }>(base, 'POST', '/auth/two-factor/enrolment', {
      body: { challengeToken: step.body.details.challengeToken },
    });
    expect(setup.status).toBe(200);
    const enrolled = await call<{ token: string; recoveryCodes: string[] }>(
      base,
      'POST',
      '/auth/two-factor/enrolment/confirm',
      { body: { challengeToken: step.body.details.challengeToken, code: await codeOf(setup.body.secret) } },
    );
    expect(enrolled.status).toBe(200);
    expect(enrolled.body.recoveryCodes).toHaveLength(10);
    expect(refreshCookieOf(enrolled)).toBeDefined();
    const status = await call(base, 'GET', '/auth/two-factor', { token: enrolled.body.token });
    expect(status.body).toMatchObject({ enabled: true, required: true });
    // required: the user cannot turn it off
    const off = await call(base, 'POST', '/auth/two-factor/disable', {
      token: enrolled.body.token,
      body: { code: await codeOf(setup.body.secret, 1) },
    });
    expect(off).toMatchObject({ status: 409, body: { error: 'ERR_TWO_FACTOR_MANDATORY' } });

    // an agent cannot reset anyone's
    const byAgent = await call(base, 'DELETE', `/users/${admin.user.id}/two-factor`, { token: enrolled.body.token });
    expect(byAgent.status).toBe(403);

    // the admin resets the agent's second factor (a lost phone): the agent's session ends, the next sign-in enrols
    const reset = await call(base, 'DELETE', `/users/${created.body.id}/two-factor`, { token: admin.token });
    expect(reset.status).toBe(200);
    expect(await call(base, 'POST', '/auth/refresh_token', { cookie: refreshCookieOf(enrolled) })).toMatchObject({
      status: 401,
      body: { error: 'ERR_SESSION_EXPIRED' },
    });
    expect((await passwordStep(email, 'segredo123')).body.error).toBe('ERR_TWO_FACTOR_ENROLMENT_REQUIRED');

    await expectEventually(async () => {
      const page = await auditPage(admin, '?action=user.two-factor-reset');
      expect(page.body.records.map((entry) => [entry.action, entry.target.id, entry.actor.name])).toEqual([
        ['user.two-factor-reset', String(created.body.id), admin.user['name']],
      ]);
      expect(page.body.records[0]?.changes).toEqual([{ field: 'twoFactor', before: 'enabled', after: 'disabled' }]);
    });
  });

  it('lets a user without a requirement turn two-factor off with a code', async () => {
    const tenant = await signUp(base, planId);
    const session = await logIn(base, tenant.email, tenant.password);
    const { secret } = await enrol(base, session);
    const off = await call(base, 'POST', '/auth/two-factor/disable', {
      token: session.token,
      body: { code: await codeOf(secret, 1) },
    });
    expect(off).toMatchObject({ status: 200, body: { enabled: false } });
    expect((await logIn(base, tenant.email, tenant.password)).token).toBeTruthy();
  });
});

describe('the audit log', () => {
  let tenant: Tenant;
  let admin: Session;
  let other: Session;
  let superUser: Session;

  beforeAll(async () => {
    tenant = await signUp(base, planId);
    admin = await logIn(base, tenant.email, tenant.password);
    const otherTenant = await signUp(base, planId);
    other = await logIn(base, otherTenant.email, otherTenant.password);
    const platform = await signUp(base, planId);
    await makeSuper(platform.email);
    superUser = await logIn(base, platform.email, platform.password);
  });

  it("records an admin's changes with who, from where and what changed, secrets masked", async () => {
    const ip = '203.0.113.77';
    const headers = { 'x-forwarded-for': ip };
    await call(base, 'PUT', '/settings/userRating', { token: admin.token, headers, body: { value: 'enabled' } });
    await call(base, 'PUT', '/settings/asaas', { token: admin.token, headers, body: { value: 'asaas-token-123456' } });
    const user = await call<{ id: number }>(base, 'POST', '/users', {
      token: admin.token,
      headers,
      body: { name: 'Carla', email: `carla-${unique()}@teste.com.br`, password: 'senha-da-carla', profile: 'user' },
    });
    await call(base, 'PUT', `/users/${user.body.id}`, {
      token: admin.token,
      headers,
      body: { name: 'Carla Souza', password: 'outra-senha-123' },
    });

    let entries: AuditLogEntry[] = [];
    await expectEventually(async () => {
      entries = (await auditPage(admin)).body.records;
      expect(entries.map((entry) => entry.action)).toEqual([
        'user.updated',
        'user.created',
        'setting.updated',
        'setting.updated',
      ]);
    });
    for (const entry of entries) {
      expect(entry).toMatchObject({
        companyId: tenant.companyId,
        companyName: tenant.name,
        ip,
        actor: { userId: admin.user.id, name: admin.user['name'], email: tenant.email, profile: 'admin', super: false },
        service: 'identity',
      });
    }
    const [updated, created, asaas, rating] = entries;
    expect(updated?.target).toEqual({ type: 'user', id: String(user.body.id), label: 'Carla Souza' });
    expect(updated?.changes).toEqual([
      { field: 'name', before: 'Carla', after: 'Carla Souza' },
      { field: 'password', before: '********', after: '********' },
    ]);
    expect(created?.changes).toContainEqual({ field: 'password', after: '********' });
    expect(asaas?.changes).toEqual([{ field: 'value', before: '', after: '********' }]);
    expect(rating?.changes).toEqual([{ field: 'value', before: 'disabled', after: 'enabled' }]);
    expect(JSON.stringify(entries)).not.toMatch(/asaas-token|senha-da-carla|outra-senha|\$argon2/);
  });

  it('filters by person, action and dates, pages by keyset, and refuses bad input in the spec format', async () => {
    const byAction = await auditPage(admin, '?action=setting.updated');
    expect(byAction.body.records.every((entry) => entry.action === 'setting.updated')).toBe(true);
    expect(byAction.body.records.length).toBeGreaterThanOrEqual(2);
    const byPerson = await auditPage(admin, `?userId=${admin.user.id}`);
    expect(byPerson.body.records.length).toBeGreaterThanOrEqual(4);
    expect((await auditPage(admin, '?userId=999999')).body.records).toEqual([]);
    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect((await auditPage(admin, `?from=${encodeURIComponent(future)}`)).body.records).toEqual([]);
    const past = new Date(Date.now() - 3_600_000).toISOString();
    const window = await auditPage(admin, `?from=${encodeURIComponent(past)}&to=${encodeURIComponent(future)}`);
    expect(window.body.records.length).toBe(byPerson.body.records.length);

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: ApiResponse<AuditLogPage> = await auditPage(admin, `?limit=1${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.body.records.length).toBeLessThanOrEqual(1);
      seen.push(...page.body.records.map((entry) => entry.id));
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(seen).toEqual((await auditPage(admin)).body.records.map((entry) => entry.id));

    for (const query of [
      '?limit=1000',
      '?from=ontem',
      '?action=DROP TABLE',
      '?cursor=@@',
      `?from=${future}&to=${past}`,
    ]) {
      const bad = await auditPage(admin, query);
      expect([query, bad.status, bad.body]).toMatchObject([query, 400, { error: 'ERR_VALIDATION' }]);
    }
  });

  it("shows another company's admin none of it, and the super user every company's, filterable", async () => {
    expect((await auditPage(other)).body.records.some((entry) => entry.companyId === tenant.companyId)).toBe(false);
    const foreign = await auditPage(other, `?companyId=${tenant.companyId}`);
    expect(foreign).toMatchObject({ status: 404, body: { error: 'ERR_NO_COMPANY_FOUND' } });
    const actors = await call(base, 'GET', `/audit-logs/actors?companyId=${tenant.companyId}`, { token: other.token });
    expect(actors.status).toBe(404);
    const ownActors = await call<Array<{ userId: number }>>(base, 'GET', '/audit-logs/actors', { token: admin.token });
    expect(ownActors.body.map((actor) => actor.userId)).toEqual([admin.user.id]);

    const all = await auditPage(superUser, '?limit=100');
    expect(all.status).toBe(200);
    const one = await auditPage(superUser, `?companyId=${tenant.companyId}`);
    expect(one.body.records.length).toBeGreaterThanOrEqual(4);
    expect(one.body.records.every((entry) => entry.companyId === tenant.companyId)).toBe(true);

    const agentEmail = `agente-${unique()}@teste.com.br`;
    await call(base, 'POST', '/users', {
      token: admin.token,
      body: { name: 'Agente', email: agentEmail, password: 'segredo123', profile: 'user' },
    });
    const agent = await logIn(base, agentEmail, 'segredo123');
    expect((await auditPage(agent)).status).toBe(403);
  });

  it("records a super user's change to another company under that company", async () => {
    const extended = await call(base, 'POST', `/companies/${tenant.companyId}/extend-due-date`, {
      token: superUser.token,
      body: {},
    });
    expect(extended.status).toBe(200);
    await expectEventually(async () => {
      const page = await auditPage(admin, '?action=company.due-date-extended');
      expect(page.body.records).toHaveLength(1);
      expect(page.body.records[0]).toMatchObject({
        companyId: tenant.companyId,
        actor: { userId: superUser.user.id, super: true },
        target: { type: 'company', id: String(tenant.companyId) },
      });
      expect(page.body.records[0]?.changes.map((change) => change.field)).toEqual(['dueDate']);
    });
  });

  it('is append-only: UPDATE and DELETE are refused; the retention job deletes what is past its days', async () => {
    const [row] = await withDb(
      async (client) =>
        (
          await client.query<{ id: string }>('SELECT id FROM identity.audit_entries WHERE company_id = $1 LIMIT 1', [
            tenant.companyId,
          ])
        ).rows,
    );
    await expect(
      withDb((client) => client.query("UPDATE identity.audit_entries SET action = 'x.y' WHERE id = $1", [row?.id])),
    ).rejects.toThrow(/append-only/);
    await expect(
      withDb((client) => client.query('DELETE FROM identity.audit_entries WHERE id = $1', [row?.id])),
    ).rejects.toThrow(/append-only/);

    const retention = await call(base, 'PUT', '/platform-settings/auditRetentionDays', {
      token: superUser.token,
      body: { value: '30' },
    });
    expect(retention).toMatchObject({ status: 200, body: { key: 'auditRetentionDays', value: '30' } });
    const tooShort = await call(base, 'PUT', '/platform-settings/auditRetentionDays', {
      token: superUser.token,
      body: { value: '3' },
    });
    expect(tooShort).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    expect(
      (await call(base, 'PUT', '/platform-settings/auditRetentionDays', { token: admin.token, body: { value: '60' } }))
        .status,
    ).toBe(403);
    const old = await withDb(async (client) => {
      await client.query(
        `INSERT INTO identity.audit_entries (event_id, company_id, occurred_at, actor_user_id, actor_company_id,
           actor_profile, actor_super, action, target_type, target_id, service)
         SELECT gen_random_uuid(), $1, now() - interval '40 days' - n * interval '1 minute', $2, $1, 'admin', false,
                'queue.updated', 'queue', '1', 'tickets'
           FROM generate_series(1, 7) n`,
        [tenant.companyId, admin.user.id],
      );
      return (
        await client.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM identity.audit_entries WHERE company_id = $1 AND occurred_at < now() - interval '30 days'",
          [tenant.companyId],
        )
      ).rows[0]?.n;
    });
    expect(old).toBe(7);
    const kept = (await auditPage(admin)).body.records.filter((entry) => entry.action !== 'queue.updated').length;
    const deleted = await stack.identity.app.get(AuditRetentionJob).purge(new Date(), 3);
    expect(deleted).toBeGreaterThanOrEqual(7);
    const after = (await auditPage(admin)).body.records;
    expect(after.some((entry) => entry.action === 'queue.updated')).toBe(false);
    expect(after.length).toBe(kept);
    await call(base, 'PUT', '/platform-settings/auditRetentionDays', {
      token: superUser.token,
      body: { value: '365' },
    });
  });
});
