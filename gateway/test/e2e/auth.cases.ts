/**
 * Sign-in through the gateway on real PostgreSQL and Kafka: signup → login → refresh rotation → concurrent
 * refreshes with one cookie within the grace window keep the session → reuse of a rotated refresh token after the
 * window revokes the family → logout; the 401/403 semantics the spec's clients depend on;
 * login throttling; legacy bcrypt hashes; password changes ending sessions; spoofed identity headers.
 */
import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import bcrypt from 'bcryptjs';
import { SignJWT } from 'jose';
import { io } from 'socket.io-client';
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER } from '@cs/proto/http';
import { expectEventually } from '@cs/platform/testing';
import {
  accessTokenKeys,
  call,
  createPlan,
  logIn,
  refreshCookieOf,
  type Session,
  signUp,
  type Stack,
  sharedStack,
  type Tenant,
  withDb,
} from '../support/stack.js';

let stack: Stack;
let planId: number;
let base: string;

beforeAll(async () => {
  stack = await sharedStack();
  base = stack.gatewayUrl;
  planId = await createPlan();
});

const me = (token: string | undefined) => call(base, 'GET', '/auth/me', { token });

const privateKeyOf = (base64: string): KeyObject =>
  createPrivateKey({ key: Buffer.from(base64, 'base64'), format: 'der', type: 'pkcs8' });
/** The `kid` identity puts in its tokens: the first 16 hex digits of the SHA-256 of the public key's SPKI DER. */
const kidOf = (key: KeyObject): string =>
  createHash('sha256')
    .update(createPublicKey(key).export({ format: 'der', type: 'spki' }))
    .digest('hex')
    .slice(0, 16);

async function signToken(
  claims: Record<string, unknown> & { sub: string },
  key: KeyObject | Uint8Array,
  { alg = 'ES256', kid, iat, exp }: { alg?: string; kid: string; iat: number; exp: number },
): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg, typ: 'JWT', kid })
    .setSubject(claims.sub)
    .setIssuer(ACCESS_TOKEN_ISSUER)
    .setAudience(ACCESS_TOKEN_AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .sign(key);
}

const refresh = (cookie: string | undefined) =>
  call<{ token: string; user: { id: number } }>(base, 'POST', '/auth/refresh_token', { cookie });

/** Moves the rotation of the cookie's refresh token back an hour: the grace window for concurrent refreshes is over. */
async function rotatedLongAgo(cookie: string): Promise<void> {
  const hash = createHash('sha256').update(cookie.slice('jrt='.length)).digest('hex');
  const moved = await withDb((client) =>
    client.query(
      "UPDATE identity.refresh_tokens SET rotated_at = rotated_at - interval '1 hour' WHERE token_hash = $1 AND rotated_at IS NOT NULL",
      [hash],
    ),
  );
  expect(moved.rowCount).toBe(1);
}

/** Opens a socket the way the web client does; resolves on `ready`, rejects with the `connect_error` message. */
async function handshake(token: string): Promise<string> {
  const socket = io(base, { transports: ['websocket'], reconnection: false, query: { token } });
  try {
    return await new Promise<string>((resolve, reject) => {
      socket.once('ready', () => resolve('ready'));
      socket.once('connect_error', (error) => reject(error));
    });
  } finally {
    socket.disconnect();
  }
}

describe('signup, login, refresh rotation, reuse detection and logout', () => {
  let tenant: Tenant;

  beforeAll(async () => {
    tenant = await signUp(base, planId);
  });

  it('signs in the signup admin with {token, user} (company, settings, due date) and an httpOnly jrt cookie', async () => {
    const response = await call<{ token: string; user: Session['user'] }>(base, 'POST', '/auth/login', {
      body: { email: tenant.email.toUpperCase(), password: tenant.password },
    });
    expect(response.status).toBe(200);
    const setCookie = response.headers.getSetCookie().find((cookie) => cookie.startsWith('jrt='));
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/Max-Age=604800/);
    const { user } = response.body;
    expect(user).toMatchObject({
      name: tenant.name,
      email: tenant.email,
      profile: 'admin',
      companyId: tenant.companyId,
      super: false,
      company: { id: tenant.companyId, name: tenant.name, recurrence: 'MENSAL', planId },
    });
    const settings = (user.company['settings'] as Array<{ key: string; value: string }>).map((s) => s.key);
    expect(settings).toEqual(
      expect.arrayContaining(['userRating', 'scheduleType', 'CheckMsgIsGroup', 'call', 'userCreation']),
    );
    expect(user.company['dueDate']).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect((await me(response.body.token)).body).toMatchObject({ id: user.id, email: tenant.email });
  });

  it('rotates the refresh token, and a reused rotated token ends the whole family', async () => {
    const session = await logIn(base, tenant.email, tenant.password);
    const first = await call<{ token: string; user: { id: number } }>(base, 'POST', '/auth/refresh_token', {
      cookie: session.cookie,
    });
    expect(first.status).toBe(200);
    expect(first.body.user.id).toBe(session.user.id);
    const rotated = refreshCookieOf(first);
    expect(rotated).toBeDefined();
    expect(rotated).not.toBe(session.cookie);
    expect((await me(first.body.token)).status).toBe(200);

    // the old cookie comes back (a copy) after the grace window: 401, and the family, including the newest token,
    // is revoked
    await rotatedLongAgo(session.cookie);
    const reused = await call(base, 'POST', '/auth/refresh_token', { cookie: session.cookie });
    expect(reused).toMatchObject({ status: 401, body: { error: 'ERR_SESSION_EXPIRED' } });
    const afterTheft = await call(base, 'POST', '/auth/refresh_token', { cookie: rotated });
    expect(afterTheft).toMatchObject({ status: 401, body: { error: 'ERR_SESSION_EXPIRED' } });
    // and the family's access tokens stop working at the gateway once the revocation event arrives
    await expectEventually(async () => expect((await me(first.body.token)).status).toBe(401));
  });

  it('answers two refreshes sent at once with the same cookie with two valid sessions, not a revocation', async () => {
    const session = await logIn(base, tenant.email, tenant.password);
    const both = await Promise.all([0, 1].map(() => refresh(session.cookie)));
    for (const answer of both) {
      expect(answer).toMatchObject({ status: 200, body: { user: { id: session.user.id } } });
      expect((await me(answer.body.token)).status).toBe(200);
    }
    // each answer's cookie is a live token of the same session: both tabs keep refreshing
    const cookies = both.map((answer) => refreshCookieOf(answer));
    expect(new Set(cookies).size).toBe(2);
    for (const cookie of cookies) expect((await refresh(cookie)).status).toBe(200);
  });

  it('keeps the session through several parallel refreshes, and again with their successors', async () => {
    const session = await logIn(base, tenant.email, tenant.password);
    const burst = await Promise.all(Array.from({ length: 6 }, () => refresh(session.cookie)));
    expect(burst.map((answer) => answer.status)).toEqual(Array(6).fill(200));
    // the next round: one of the new cookies, presented by several tabs at once
    const next = refreshCookieOf(burst[0]!);
    const again = await Promise.all(Array.from({ length: 4 }, () => refresh(next)));
    expect(again.map((answer) => answer.status)).toEqual(Array(4).fill(200));
    for (const answer of [...burst, ...again]) expect((await me(answer.body.token)).status).toBe(200);
  });

  it('still revokes the family when a rotated cookie comes back after the window', async () => {
    const session = await logIn(base, tenant.email, tenant.password);
    const [first, second] = await Promise.all([refresh(session.cookie), refresh(session.cookie)]);
    expect([first.status, second.status]).toEqual([200, 200]);
    await rotatedLongAgo(session.cookie);
    expect(await refresh(session.cookie)).toMatchObject({ status: 401, body: { error: 'ERR_SESSION_EXPIRED' } });
    // every token of the family, the siblings given within the window included, ends with it
    for (const answer of [first, second]) {
      expect((await refresh(refreshCookieOf(answer))).status).toBe(401);
      await expectEventually(async () => expect((await me(answer.body.token)).status).toBe(401));
    }
  });

  it('logs out: the refresh cookie and the access token of that session stop working, on HTTP and sockets', async () => {
    const session = await logIn(base, tenant.email, tenant.password);
    const out = await call(base, 'DELETE', '/auth/logout', { token: session.token, cookie: session.cookie });
    expect(out.status).toBe(200);
    expect(out.headers.getSetCookie().join(';')).toMatch(/jrt=;/);
    expect((await call(base, 'POST', '/auth/refresh_token', { cookie: session.cookie })).status).toBe(401);
    await expectEventually(async () =>
      expect(await me(session.token)).toMatchObject({ status: 401, body: { error: 'ERR_SESSION_EXPIRED' } }),
    );
    // the socket handshake goes through the same check: the ended session's token opens no socket (401 code)
    await expect(handshake(session.token)).rejects.toThrow('ERR_SESSION_EXPIRED');
  });

  it('ends the other sessions when the account signs in again', async () => {
    const first = await logIn(base, tenant.email, tenant.password);
    const second = await logIn(base, tenant.email, tenant.password);
    expect((await call(base, 'POST', '/auth/refresh_token', { cookie: first.cookie })).status).toBe(401);
    await expectEventually(async () => expect((await me(first.token)).status).toBe(401));
    expect((await me(second.token)).status).toBe(200);
  });
});

describe('401 versus 403', () => {
  let session: Session;

  beforeAll(async () => {
    const tenant = await signUp(base, planId);
    session = await logIn(base, tenant.email, tenant.password);
  });

  it('answers 401 ERR_SESSION_EXPIRED without a token (the client logs out)', async () => {
    expect(await me(undefined)).toMatchObject({ status: 401, body: { error: 'ERR_SESSION_EXPIRED' } });
    expect(await call(base, 'GET', '/users', { headers: { authorization: 'Bearer null' } })).toMatchObject({
      status: 401,
    });
  });

  const claimsOf = (current: Session) => ({
    sub: String(current.user.id),
    cid: current.user.companyId,
    sid: 'x',
    profile: 'admin',
    super: true,
    queues: [],
    allTicket: 'enable',
    plan: null,
    due: null,
    tz: 'America/Sao_Paulo',
  });

  /** Tokens the gateway must refuse with 403 ERR_INVALID_TOKEN (the client refreshes once), on HTTP and sockets. */
  async function refusedTokens(): Promise<Record<string, string>> {
    const now = Math.floor(Date.now() / 1_000);
    const claims = { ...claimsOf(session), sid: 'forged' };
    const identityKey = privateKeyOf(stack.keys.privateKey);
    const kid = kidOf(identityKey);
    const live = { kid, iat: now, exp: now + 600 };
    const otherP256 = privateKeyOf(accessTokenKeys().privateKey);
    const ed25519 = generateKeyPairSync('ed25519').privateKey;
    const [header, payload, signature] = session.token.split('.') as [string, string, string];
    return {
      malformed: 'not-a-jwt',
      // another ES256 key, under its own kid and under identity's
      'another P-256 key': await signToken(claims, otherP256, { ...live, kid: kidOf(otherP256) }),
      "another P-256 key with identity's kid": await signToken(claims, otherP256, live),
      // right key and kid, but past its expiry (beyond the 5 s of clock slack)
      expired: await signToken(claims, identityKey, { kid, iat: now - 3_600, exp: now - 1_800 }),
      // the algorithms jsonwebtoken would take if it were not pinned to ES256
      EdDSA: await signToken(claims, ed25519, { ...live, alg: 'EdDSA' }),
      'HS256 keyed with the public key': await signToken(claims, Buffer.from(stack.keys.publicKey, 'base64'), {
        ...live,
        alg: 'HS256',
      }),
      'ES256 without kid': await new SignJWT(claims)
        .setProtectedHeader({ alg: 'ES256' })
        .setSubject(claims.sub)
        .setIssuer(ACCESS_TOKEN_ISSUER)
        .setAudience(ACCESS_TOKEN_AUDIENCE)
        .setIssuedAt(now)
        .setExpirationTime(now + 600)
        .sign(identityKey),
      'wrong audience': await new SignJWT(claims)
        .setProtectedHeader({ alg: 'ES256', kid })
        .setSubject(claims.sub)
        .setIssuer(ACCESS_TOKEN_ISSUER)
        .setAudience('someone-else')
        .setIssuedAt(now)
        .setExpirationTime(now + 600)
        .sign(identityKey),
      tampered: `${header}.${Buffer.from(JSON.stringify({ ...claims, super: true })).toString('base64url')}.${signature}`,
      unsigned: `${header}.${payload}.`,
    };
  }

  it('accepts a token the test signs like identity (ES256, its key, its kid): the refusals below are not a test artefact', async () => {
    const now = Math.floor(Date.now() / 1_000);
    const identityKey = privateKeyOf(stack.keys.privateKey);
    const token = await signToken(
      // `ims` (signing time in ms) as identity sets it: the login's own cut-off of older sessions, in the same
      // second, must not cover it
      { ...claimsOf(session), sid: 'signed-by-the-test', ims: Date.now() },
      identityKey,
      {
        kid: kidOf(identityKey),
        iat: now,
        exp: now + 600,
      },
    );
    expect(await me(token)).toMatchObject({ status: 200, body: { id: session.user.id } });
    expect(await handshake(token)).toBe('ready');
  });

  it('answers 403 ERR_INVALID_TOKEN to a malformed, forged, foreign-key, other-algorithm or expired token (the client refreshes)', async () => {
    for (const [name, token] of Object.entries(await refusedTokens())) {
      expect({ name, response: await me(token) }).toMatchObject({
        name,
        response: { status: 403, body: { error: 'ERR_INVALID_TOKEN' } },
      });
    }
  });

  it('refuses the same tokens at the socket handshake with connect_error ERR_INVALID_TOKEN, and none with 401', async () => {
    for (const [name, token] of Object.entries(await refusedTokens())) {
      await expect(handshake(token).catch((error: Error) => `${name}: ${error.message}`)).resolves.toBe(
        `${name}: ERR_INVALID_TOKEN`,
      );
    }
    await expect(handshake('')).rejects.toThrow('ERR_SESSION_EXPIRED');
    expect(await handshake(session.token)).toBe('ready');
  });

  it('answers 401 ERR_INVALID_CREDENTIALS to a wrong password or an unknown e-mail', async () => {
    const wrong = await call(base, 'POST', '/auth/login', { body: { email: 'ninguem@x.com', password: 'abcdef' } });
    expect(wrong).toMatchObject({ status: 401, body: { error: 'ERR_INVALID_CREDENTIALS' } });
  });

  it('never lets a client choose its identity headers', async () => {
    const response = await call<{ companyId: number; id: number }>(base, 'GET', '/auth/me', {
      token: session.token,
      headers: { 'x-company-id': '1', 'x-user-id': '1', 'x-user-super': 'true', 'x-internal-token': 'guess' },
    });
    expect(response.body).toMatchObject({ id: session.user.id, companyId: session.user.companyId });
    const other = await call(base, 'GET', '/whatsapp', {
      token: session.token,
      headers: { 'x-company-id': '1', 'x-user-profile': 'admin', 'x-user-super': 'true' },
    });
    expect(other.status).toBe(200);
    const forwarded = stack.upstream.calls.at(-1);
    expect(forwarded?.headers).toMatchObject({
      'x-company-id': String(session.user.companyId),
      'x-user-id': String(session.user.id),
      'x-user-super': 'false',
    });
  });
});

describe('login throttling', () => {
  const bad = (email: string, ip: string) =>
    call(base, 'POST', '/auth/login', { body: { email, password: 'errada!' }, headers: { 'x-forwarded-for': ip } });

  it('holds one address guessing one e-mail back (429 with Retry-After) without locking the real user out elsewhere', async () => {
    const tenant = await signUp(base, planId);
    const attacker = '203.0.113.10';
    for (let attempt = 0; attempt < 5; attempt += 1) expect((await bad(tenant.email, attacker)).status).toBe(401);
    const blocked = await call(base, 'POST', '/auth/login', {
      body: { email: tenant.email, password: tenant.password },
      headers: { 'x-forwarded-for': attacker },
    });
    expect(blocked).toMatchObject({ status: 429, body: { error: 'ERR_TOO_MANY_REQUESTS' } });
    const retryAfter = Number(blocked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(30);
    // the real user, from its own address, signs in
    expect(
      (await call(base, 'POST', '/auth/login', { body: { email: tenant.email, password: tenant.password } })).status,
    ).toBe(200);
  });

  it('backs off longer after each further failure of the pair', async () => {
    const tenant = await signUp(base, planId);
    const ip = '203.0.113.11';
    for (let attempt = 0; attempt < 5; attempt += 1) await bad(tenant.email, ip);
    // the pair's wait has passed (moved back in time): one more failure doubles it
    await withDb((client) =>
      client.query(
        "UPDATE identity.login_failures SET failed_at = failed_at - interval '31 seconds' WHERE email = $1",
        [tenant.email],
      ),
    );
    expect((await bad(tenant.email, ip)).status).toBe(401);
    const blocked = await bad(tenant.email, ip);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(30);
  });

  it('has a larger budget per e-mail: 20 failures spread over addresses lock the e-mail everywhere', async () => {
    const tenant = await signUp(base, planId);
    for (let attempt = 0; attempt < 20; attempt += 1) await bad(tenant.email, `198.51.100.${attempt + 1}`);
    const blocked = await call(base, 'POST', '/auth/login', {
      body: { email: tenant.email, password: tenant.password },
    });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('never locks the owner out of an address it signed in from before, while new addresses stay held back', async () => {
    const tenant = await signUp(base, planId);
    const office = { 'x-forwarded-for': '203.0.113.50' };
    const signIn = (headers: Record<string, string>) =>
      call(base, 'POST', '/auth/login', { body: { email: tenant.email, password: tenant.password }, headers });
    expect((await signIn(office)).status).toBe(200);
    // 20 guesses from 20 other addresses spend the e-mail's budget
    for (let attempt = 0; attempt < 20; attempt += 1) await bad(tenant.email, `198.51.100.${attempt + 101}`);
    expect((await signIn({ 'x-forwarded-for': '198.51.100.201' })).status).toBe(429);
    // the owner, from the office it signed in from, is not locked out
    expect((await signIn(office)).status).toBe(200);
    // a known address still has its own budget: 20 failures from it, whatever the e-mail, hold it back
    for (let attempt = 0; attempt < 20; attempt += 1) await bad(`outro-${attempt}@x.com`, '203.0.113.50');
    expect((await signIn(office)).status).toBe(429);
  });

  it('answers 429 after 20 failures from the same address, whatever the e-mail', async () => {
    const tenant = await signUp(base, planId);
    const ip = { 'x-forwarded-for': '203.0.113.77' };
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const failed = await call(base, 'POST', '/auth/login', {
        body: { email: `inexistente-${attempt}@x.com`, password: 'errada!' },
        headers: ip,
      });
      expect(failed.status).toBe(401);
    }
    const blocked = await call(base, 'POST', '/auth/login', {
      body: { email: tenant.email, password: tenant.password },
      headers: ip,
    });
    expect(blocked.status).toBe(429);
    // another address is not affected
    expect(
      (await call(base, 'POST', '/auth/login', { body: { email: tenant.email, password: tenant.password } })).status,
    ).toBe(200);
  });
});

describe('passwords', () => {
  it('accepts a legacy bcrypt hash from migrated Whaticket data and replaces it with argon2id', async () => {
    const tenant = await signUp(base, planId);
    await withDb((client) =>
      client.query('UPDATE identity.users SET password_hash = $1 WHERE email = $2', [
        bcrypt.hashSync('antiga123', 8),
        tenant.email,
      ]),
    );
    await logIn(base, tenant.email, 'antiga123');
    const hash = await withDb(async (client) => {
      const result = await client.query<{ password_hash: string }>(
        'SELECT password_hash FROM identity.users WHERE email = $1',
        [tenant.email],
      );
      return result.rows[0]?.password_hash;
    });
    expect(hash).toMatch(/^\$argon2id\$/);
    await logIn(base, tenant.email, 'antiga123');
  });

  it("revokes the user's sessions when an admin changes its password", async () => {
    const tenant = await signUp(base, planId);
    const admin = await logIn(base, tenant.email, tenant.password);
    const created = await call<{ id: number }>(base, 'POST', '/users', {
      token: admin.token,
      body: { name: 'Atendente', email: `at-${tenant.companyId}@teste.com.br`, password: 'senha123', profile: 'user' },
    });
    expect(created.status).toBe(200);
    const agent = await logIn(base, `at-${tenant.companyId}@teste.com.br`, 'senha123');
    const changed = await call(base, 'PUT', `/users/${created.body.id}`, {
      token: admin.token,
      body: { password: 'nova-senha' },
    });
    expect(changed.status).toBe(200);
    expect((await call(base, 'POST', '/auth/refresh_token', { cookie: agent.cookie })).status).toBe(401);
    await expectEventually(async () => expect((await me(agent.token)).status).toBe(401));
    await logIn(base, `at-${tenant.companyId}@teste.com.br`, 'nova-senha');
    expect((await me(admin.token)).status).toBe(200);
  });
});
