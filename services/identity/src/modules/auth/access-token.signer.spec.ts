import { generateKeyPairSync } from 'node:crypto';
import { decodeProtectedHeader, jwtVerify } from 'jose';
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER } from '@cs/proto/http';
import { ConfigError, loadConfig } from '@cs/platform/config';
import { type IdentityConfig, IdentityEnvSchema } from '../../config/env.js';
import { AccessTokenSigner, keyIdOf } from './access-token.signer.js';

const pkcs8 = (key: ReturnType<typeof generateKeyPairSync>['privateKey']): string =>
  key.export({ format: 'der', type: 'pkcs8' }).toString('base64');

const envWith = (privateKey: string): Record<string, string> => ({
  INTERNAL_TOKEN: 'internal-token-0123456789',
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/none',
  AUTH_ACCESS_PRIVATE_KEY: privateKey,
});

const bootError = (privateKey: string): string => {
  try {
    loadConfig(IdentityEnvSchema, envWith(privateKey));
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  return 'booted';
};

describe('the access-token key', () => {
  it('refuses to boot with an Ed25519, P-384 or unreadable key, saying why and never echoing the key', () => {
    const ed25519 = pkcs8(generateKeyPairSync('ed25519').privateKey);
    expect(bootError(ed25519)).toBe(
      'Invalid environment: AUTH_ACCESS_PRIVATE_KEY is ed25519: access tokens are ES256, the key must be EC P-256 (prime256v1)',
    );
    const p384 = pkcs8(generateKeyPairSync('ec', { namedCurve: 'P-384' }).privateKey);
    expect(bootError(p384)).toMatch(/AUTH_ACCESS_PRIVATE_KEY is secp384r1: .* EC P-256/);
    const garbage = Buffer.from('not a key, but long enough to pass the length check').toString('base64');
    expect(bootError(garbage)).toBe(
      'Invalid environment: AUTH_ACCESS_PRIVATE_KEY is not a PEM or base64 PKCS#8 DER private key',
    );
    expect(bootError(garbage)).not.toContain(garbage);
  });

  it('signs ES256 tokens with the P-256 key, its kid, issuer, audience and a 15-minute expiry', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const config: IdentityConfig = loadConfig(IdentityEnvSchema, envWith(pkcs8(privateKey)));
    const now = new Date();
    const token = await new AccessTokenSigner(config).sign(
      {
        sub: '7',
        cid: 3,
        sid: 'session-1',
        profile: 'admin',
        super: false,
        queues: [1],
        allTicket: 'disable',
        plan: null,
        due: null,
        tz: 'America/Sao_Paulo',
      },
      now,
    );
    expect(decodeProtectedHeader(token)).toEqual({
      alg: 'ES256',
      typ: 'JWT',
      kid: keyIdOf(publicKey),
    });
    const { payload } = await jwtVerify(token, publicKey, {
      algorithms: ['ES256'],
      issuer: ACCESS_TOKEN_ISSUER,
      audience: ACCESS_TOKEN_AUDIENCE,
      currentDate: now,
    });
    expect(payload).toMatchObject({ sub: '7', cid: 3, sid: 'session-1', ims: now.getTime() });
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(15 * 60);
  });
});
