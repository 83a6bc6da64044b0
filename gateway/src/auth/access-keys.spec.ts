import { generateKeyPairSync } from 'node:crypto';
import { ConfigError, loadConfig } from '@cs/platform/config';
import { GatewayEnvSchema } from '../config/env.js';
import { keyIdOf, parsePublicKey, publicKeysById } from './access-keys.js';

const spki = (type: 'ed25519' | 'P-256' | 'P-384'): string => {
  const { publicKey } =
    type === 'ed25519' ? generateKeyPairSync('ed25519') : generateKeyPairSync('ec', { namedCurve: type });
  return publicKey.export({ format: 'der', type: 'spki' }).toString('base64');
};

const bootError = (publicKeys: string): string => {
  try {
    loadConfig(GatewayEnvSchema, { INTERNAL_TOKEN: 'internal-token-0123456789', AUTH_ACCESS_PUBLIC_KEY: publicKeys });
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  return 'booted';
};

describe('AUTH_ACCESS_PUBLIC_KEY', () => {
  it('boots with P-256 keys (several while rotating), indexed by the kid identity signs with', () => {
    const [first, second] = [spki('P-256'), spki('P-256')];
    expect(bootError(`${first}, ${second}`)).toBe('booted');
    expect([...publicKeysById(`${first},${second}`).keys()]).toEqual([
      keyIdOf(parsePublicKey(first)),
      keyIdOf(parsePublicKey(second)),
    ]);
  });

  it('refuses to boot with an Ed25519 or P-384 key among them, naming which', () => {
    expect(bootError(spki('ed25519'))).toBe(
      'Invalid environment: AUTH_ACCESS_PUBLIC_KEY key 1 is ed25519: access tokens are ES256, the keys must be EC P-256 (prime256v1)',
    );
    expect(bootError(`${spki('P-256')},${spki('P-384')}`)).toMatch(/AUTH_ACCESS_PUBLIC_KEY key 2 is secp384r1/);
  });
});
