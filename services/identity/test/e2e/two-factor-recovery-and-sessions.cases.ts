/**
 * Two-factor sign-in, the rest of it, through the gateway on real PostgreSQL and Kafka: a user replaces their
 * recovery codes (proven with an authenticator code or the password; the old codes end at once, the new ones work
 * once, stored as hashes, audited), an admin's reset of a user's second factor ends that user's sessions (another
 * company's admin gets 404), and a user turning it off ends their other sessions but keeps the one that asked.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { expectEventually } from '@cs/platform/testing';
import type { AuditLogPage } from '@cs/proto/http';
import {
  type ApiResponse,
  call,
  createPlan,
  logIn,
  refreshCookieOf,
  signUp,
  type Stack,
  sharedStack,
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

/** Signs in with the password and then `code` as the second step: the answer of the second step. */
async function signInWith(email: string, password: string, code: string): Promise<ApiResponse> {
  const step = await call<{ details: { challengeToken: string } }>(base, 'POST', '/auth/login', {
    body: { email, password },
  });
  expect(step.status).toBe(401);
  return call(base, 'POST', '/auth/two-factor/verify', {
    body: { challengeToken: step.body.details.challengeToken, code },
  });
}

const refresh = (cookie: string) => call(base, 'POST', '/auth/refresh_token', { cookie });

/**
 * Another device of the user: a second open session with its refresh token, as a sign-in elsewhere leaves it
 * (written directly, since each sign-in through the API ends the account's earlier sessions).
 */
async function otherDevice(user: { id: number; companyId: number }): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const sessionId = randomUUID();
  await withDb(async (client) => {
    await client.query(
      `INSERT INTO identity.sessions (id, company_id, user_id, expires_at, ip)
       VALUES ($1, $2, $3, now() + interval '7 days', '198.51.100.9')`,
      [sessionId, user.companyId, user.id],
    );
    await client.query(
      `INSERT INTO identity.refresh_tokens (token_hash, session_id, company_id, expires_at)
       VALUES ($1, $2, $3, now() + interval '7 days')`,
      [createHash('sha256').update(token).digest('hex'), sessionId, user.companyId],
    );
  });
  return `jrt=${token}`;
}

async function recoveryHashes(userId: number): Promise<string[]> {
  return withDb(async (client) => {
    const rows = await client.query<{ code_hash: string }>(
      'SELECT code_hash FROM identity.two_factor_recovery_codes WHERE user_id = $1',
      [userId],
    );
    return rows.rows.map((row) => row.code_hash);
  });
}

describe('new recovery codes', () => {
  it('replace the old ones at once, proven by an authenticator code or the password; each new one works once', async () => {
    const tenant = await signUp(base, planId);
    const session = await logIn(base, tenant.email, tenant.password);
    const { secret, recoveryCodes: first } = await enrol(base, session);

    // a recovery code is no proof for new ones, and nothing changes
    const byRecovery = await call(base, 'POST', '/auth/two-factor/recovery-codes', {
      token: session.token,
      body: { code: first[0] },
    });
    expect(byRecovery).toMatchObject({ status: 400, body: { error: 'ERR_TWO_FACTOR_INVALID_CODE' } });
    const wrongPassword = await call(base, 'POST', '/auth/two-factor/recovery-codes', {
      token: session.token,
      body: { password: 'nao-e-a-senha' },
    });
    expect(wrongPassword).toMatchObject({
      status: 400,
      body: { error: 'ERR_VALIDATION', details: [{ path: 'password', message: 'Senha incorreta' }] },
    });
    for (const body of [{}, { code: '123456', password: tenant.password }]) {
      const unclear = await call(base, 'POST', '/auth/two-factor/recovery-codes', { token: session.token, body });
      expect(unclear).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    }
    expect((await call(base, 'GET', '/auth/two-factor', { token: session.token })).body).toMatchObject({
      recoveryCodesLeft: 10,
    });

    // with the authenticator's next code
    const second = await call<{ recoveryCodes: string[] }>(base, 'POST', '/auth/two-factor/recovery-codes', {
      token: session.token,
      body: { code: await codeOf(secret, 1) },
    });
    expect(second.status).toBe(200);
    expect(second.body.recoveryCodes).toHaveLength(10);
    expect(second.body.recoveryCodes.filter((code) => first.includes(code))).toEqual([]);
    const hashes = await recoveryHashes(session.user.id);
    expect(hashes).toHaveLength(10);
    for (const code of second.body.recoveryCodes) expect(hashes.join()).not.toContain(code);

    // with the password
    const third = await call<{ recoveryCodes: string[] }>(base, 'POST', '/auth/two-factor/recovery-codes', {
      token: session.token,
      body: { password: tenant.password },
    });
    expect(third.status).toBe(200);
    expect(third.body.recoveryCodes).toHaveLength(10);

    await expectEventually(async () => {
      const page = await call<AuditLogPage>(base, 'GET', '/audit-logs?action=user.recovery-codes-regenerated', {
        token: session.token,
      });
      expect(page.body.records.map((entry) => [entry.target.id, entry.actor.userId])).toEqual([
        [String(session.user.id), session.user.id],
        [String(session.user.id), session.user.id],
      ]);
      expect(page.body.records[0]?.changes).toEqual([
        { field: 'recoveryCodes', before: '10 left (ended)', after: '10 new' },
      ]);
      expect(JSON.stringify(page.body.records)).not.toContain(third.body.recoveryCodes[0]);
    });

    // the codes of the enrolment and of the first regeneration no longer sign in; the newest work once each
    for (const old of [first[1] ?? '', second.body.recoveryCodes[0] ?? '']) {
      const refused = await signInWith(tenant.email, tenant.password, old);
      expect(refused).toMatchObject({ status: 400, body: { error: 'ERR_TWO_FACTOR_INVALID_CODE' } });
    }
    const fresh = third.body.recoveryCodes[0] ?? '';
    const accepted = await signInWith(tenant.email, tenant.password, fresh);
    expect(accepted.status).toBe(200);
    expect(refreshCookieOf(accepted)).toBeDefined();
    const again = await signInWith(tenant.email, tenant.password, fresh);
    expect(again).toMatchObject({ status: 400, body: { error: 'ERR_TWO_FACTOR_INVALID_CODE' } });
    const status = await call(base, 'GET', '/auth/two-factor', { token: String(accepted.body['token']) });
    expect(status.body).toMatchObject({ enabled: true, recoveryCodesLeft: 9 });
  });

  it('are refused while two-factor sign-in is off', async () => {
    const tenant = await signUp(base, planId);
    const session = await logIn(base, tenant.email, tenant.password);
    const answer = await call(base, 'POST', '/auth/two-factor/recovery-codes', {
      token: session.token,
      body: { password: tenant.password },
    });
    expect(answer).toMatchObject({ status: 409, body: { error: 'ERR_TWO_FACTOR_NOT_ENABLED' } });
  });
});

describe('sessions when the second factor goes', () => {
  it("an admin's reset ends every session of the user; another company's admin gets 404", async () => {
    const tenant = await signUp(base, planId);
    const admin = await logIn(base, tenant.email, tenant.password);
    const email = `agente-${unique()}@teste.com.br`;
    const created = await call<{ id: number }>(base, 'POST', '/users', {
      token: admin.token,
      body: { name: 'Agente', email, password: 'segredo123', profile: 'user' },
    });
    expect(created.status).toBe(200);
    const agent = await logIn(base, email, 'segredo123');
    await enrol(base, agent);
    const phone = await otherDevice({ id: agent.user.id, companyId: tenant.companyId });

    const otherTenant = await signUp(base, planId);
    const stranger = await logIn(base, otherTenant.email, otherTenant.password);
    const foreign = await call(base, 'DELETE', `/users/${created.body.id}/two-factor`, { token: stranger.token });
    expect(foreign).toMatchObject({ status: 404, body: { error: 'ERR_NO_USER_FOUND' } });
    // nothing happened to the agent
    expect((await call(base, 'GET', '/auth/two-factor', { token: agent.token })).body).toMatchObject({
      enabled: true,
    });
    const stillOpen = await refresh(phone);
    expect(stillOpen.status).toBe(200);
    const phoneCookie = refreshCookieOf(stillOpen) ?? '';

    const reset = await call(base, 'DELETE', `/users/${created.body.id}/two-factor`, { token: admin.token });
    expect(reset.status).toBe(200);
    // every device of the agent must sign in again
    expect(await refresh(agent.cookie)).toMatchObject({ status: 401, body: { error: 'ERR_SESSION_EXPIRED' } });
    expect(await refresh(phoneCookie)).toMatchObject({ status: 401, body: { error: 'ERR_SESSION_EXPIRED' } });
    // the gateways refuse the access tokens of those sessions once identity's event reaches them
    await expectEventually(async () => {
      expect((await call(base, 'GET', '/auth/me', { token: agent.token })).status).toBe(401);
    });
    // the admin's own session is untouched, and the agent signs in again by password alone
    expect((await refresh(admin.cookie)).status).toBe(200);
    expect((await logIn(base, email, 'segredo123')).token).toBeTruthy();
  });

  it("a user's own disable ends their other sessions and keeps the one that asked", async () => {
    const tenant = await signUp(base, planId);
    const session = await logIn(base, tenant.email, tenant.password);
    const { secret } = await enrol(base, session);
    const laptop = await otherDevice(session.user);

    const off = await call(base, 'POST', '/auth/two-factor/disable', {
      token: session.token,
      body: { code: await codeOf(secret, 1) },
    });
    expect(off).toMatchObject({ status: 200, body: { enabled: false } });
    expect(await refresh(laptop)).toMatchObject({ status: 401, body: { error: 'ERR_SESSION_EXPIRED' } });
    const kept = await refresh(session.cookie);
    expect(kept.status).toBe(200);
    expect((await call(base, 'GET', '/auth/me', { token: String(kept.body['token']) })).status).toBe(200);
  });
});
