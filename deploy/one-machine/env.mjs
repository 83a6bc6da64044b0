// The one-machine process's own keys (deploy/one-machine/main.mjs), and the environment its apps get: every service
// and the gateway read the same one for theirs, with what one process derives itself.
import { createPrivateKey, createPublicKey, randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { ConfigError, loadConfig, ServiceEnvSchema } from '@cs/platform/config';
import { GATEWAY, SERVICES } from '../scripts/deployables.mjs';

export const OneMachineEnvSchema = ServiceEnvSchema.extend({
  /** The public listener: the web client, /api and /socket.io (`HOST` is its address). */
  GATEWAY_PORT: z.coerce.number().int().min(0).max(65_535).default(8080),
  /** The built web client (web/dist); by default the one of the repository or image this bundle is part of. */
  WEB_DIST_DIR: z
    .string()
    .min(1)
    .default(fileURLToPath(new URL('../../../../web/dist/', import.meta.url))),
  /** Identity's signing key; the gateway's verifying key is derived from it unless AUTH_ACCESS_PUBLIC_KEY is set. */
  AUTH_ACCESS_PRIVATE_KEY: z.string().min(40),
});

/** The public key of identity's EC private key (PEM, or base64 PKCS#8 DER), as base64 SPKI DER. */
function publicKeyOf(privateKey) {
  try {
    const key = privateKey.includes('-----BEGIN')
      ? createPrivateKey(privateKey)
      : createPrivateKey({ key: Buffer.from(privateKey, 'base64'), format: 'der', type: 'pkcs8' });
    return createPublicKey(key).export({ format: 'der', type: 'spki' }).toString('base64');
  } catch {
    throw new ConfigError(['AUTH_ACCESS_PRIVATE_KEY is not a private key (PEM, or base64 of the PKCS#8 DER)']);
  }
}

/**
 * The process's config (throws `ConfigError`) and the environment of its apps: every app listens on loopback only,
 * on a port of the system's choosing (the web front is the public listener; the gateway learns where each service
 * listens), so that nothing else on the host holds a port they need; they reach each other inside this process only,
 * with an internal token of this run's unless one is given; the gateway verifies tokens with the public half of
 * identity's key.
 */
export function oneMachineEnvironment(processEnv) {
  const internalToken = processEnv.INTERNAL_TOKEN || randomBytes(24).toString('hex');
  const config = loadConfig(OneMachineEnvSchema, { ...processEnv, INTERNAL_TOKEN: internalToken });
  const env = {
    ...processEnv,
    HOST: '127.0.0.1',
    ...Object.fromEntries([...SERVICES, GATEWAY].map(({ portKey }) => [portKey, '0'])),
    INTERNAL_TOKEN: internalToken,
    AUTH_ACCESS_PUBLIC_KEY: processEnv.AUTH_ACCESS_PUBLIC_KEY || publicKeyOf(config.AUTH_ACCESS_PRIVATE_KEY),
  };
  return { config, env };
}
