import { generateKeyPairSync } from 'node:crypto';
import { loadConfig } from '@cs/platform/config';
import { GatewayEnvSchema } from './env.js';

const BASE = {
  INTERNAL_TOKEN: 'internal-token-0123456789',
  AUTH_ACCESS_PUBLIC_KEY: generateKeyPairSync('ec', { namedCurve: 'P-256' })
    .publicKey.export({ format: 'der', type: 'spki' })
    .toString('base64'),
};

describe('the gateway trusts forwarded client addresses only from the proxies it names (TRUST_PROXY)', () => {
  it('believes no X-Forwarded-For by default: the client address is the connection peer', () => {
    expect(loadConfig(GatewayEnvSchema, BASE).TRUST_PROXY).toBe(false);
    expect(loadConfig(GatewayEnvSchema, { ...BASE, TRUST_PROXY: '' }).TRUST_PROXY).toBe(false);
  });

  it('keeps the addresses and CIDRs of the ingress in front of it', () => {
    expect(loadConfig(GatewayEnvSchema, { ...BASE, TRUST_PROXY: '10.0.0.0/8, 192.0.2.1' }).TRUST_PROXY).toBe(
      '10.0.0.0/8, 192.0.2.1',
    );
  });

  it('refuses a hop count (it believes whoever connects) and values that believe every address', () => {
    for (const value of ['1', ' 2 ', 'true', '*', '0.0.0.0/0', 'loopback, ::/0']) {
      expect(() => loadConfig(GatewayEnvSchema, { ...BASE, TRUST_PROXY: value })).toThrow(/TRUST_PROXY/);
    }
  });
});
