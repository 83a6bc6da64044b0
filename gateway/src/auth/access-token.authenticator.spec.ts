import { generateKeyPairSync } from 'node:crypto';
import { install, type Clock } from '@sinonjs/fake-timers';
import { SignJWT } from 'jose';
import passportJwt from 'passport-jwt';
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER } from '@cs/proto/http';
import type { GatewayConfig } from '../config/env.js';
import { AccessTokenAuthenticator } from './access-token.authenticator.js';
import { keyIdOf } from './access-keys.js';
import { AuthState } from './auth-state.js';
import { JwtStrategy } from './jwt.strategy.js';

const keys = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const config = {
  AUTH_ACCESS_PUBLIC_KEY: keys.publicKey.export({ format: 'der', type: 'spki' }).toString('base64'),
} as GatewayConfig;

/** A token as identity signs it (ES256, its kid, issuer and audience), for user 7's session `s-1`. */
async function token(expiresInS = 900, sid = 's-1'): Promise<string> {
  const now = Date.now();
  return new SignJWT({
    cid: 3,
    sid,
    profile: 'admin',
    super: false,
    queues: [1],
    allTicket: 'disable',
    plan: null,
    due: null,
    tz: 'America/Sao_Paulo',
    ims: now,
  })
    .setProtectedHeader({ alg: 'ES256', typ: 'JWT', kid: keyIdOf(keys.publicKey) })
    .setSubject('7')
    .setIssuer(ACCESS_TOKEN_ISSUER)
    .setAudience(ACCESS_TOKEN_AUDIENCE)
    .setIssuedAt(Math.floor(now / 1000))
    .setExpirationTime(Math.floor(now / 1000) + expiresInS)
    .sign(keys.privateKey);
}

describe(AccessTokenAuthenticator.name, () => {
  let state: AuthState;
  let strategy: JwtStrategy;
  let authenticator: AccessTokenAuthenticator;

  beforeEach(() => {
    state = new AuthState();
    strategy = new JwtStrategy(config, state);
    authenticator = new AccessTokenAuthenticator(strategy);
  });

  let clock: Clock | undefined;
  afterEach(() => clock?.uninstall());

  it("verifies a session's token once, and still checks the session on every request", async () => {
    const validate = jest.spyOn(strategy, 'validate');
    const verify = jest.spyOn(passportJwt.Strategy as unknown as { JwtVerifier: () => void }, 'JwtVerifier');
    const session = await token();
    for (let request = 0; request < 5; request += 1) {
      expect(await authenticator.authenticate(session)).toMatchObject({ ok: true, identity: { userId: 7 } });
    }
    expect(validate).toHaveBeenCalledTimes(5);
    // the signature was checked on the first request only
    expect(verify).toHaveBeenCalledTimes(1);
    verify.mockRestore();

    // the session ends: its known token is refused at once
    state.revokeSession('s-1');
    expect(await authenticator.authenticate(session)).toEqual({ ok: false, code: 'ERR_SESSION_EXPIRED' });
  });

  it('refuses a known token once it expired, and a token changed by one character', async () => {
    const session = await token(60);
    expect(await authenticator.authenticate(session)).toMatchObject({ ok: true });
    const tampered = `${session.slice(0, -2)}${session.at(-2) === 'A' ? 'B' : 'A'}${session.at(-1)}`;
    expect(await authenticator.authenticate(tampered)).toEqual({ ok: false, code: 'ERR_INVALID_TOKEN' });
    clock = install({ now: Date.now() + 70_000, toFake: ['Date'] });
    expect(await authenticator.authenticate(session)).toEqual({ ok: false, code: 'ERR_INVALID_TOKEN' });
  });
});
