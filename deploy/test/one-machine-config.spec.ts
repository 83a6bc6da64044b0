/**
 * deploy/one-machine/compose.yml cannot run here (no Docker engine): its consistency is checked instead. The
 * platform's environment, with the values an operator must give, is accepted by the one-machine process and by
 * every app it runs (each reads the same environment); Docker waits longer than the process's shutdown deadline
 * before it kills it; the image target it builds exists.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { loadConfig } from '@cs/platform/config';
import { accessTokenKeys, repoRoot } from '@cs/platform/testing';
import { oneMachineEnvironment, OneMachineEnvSchema } from '../one-machine/env.mjs';
import { SERVICES } from '../scripts/deployables.mjs';
import { ENV_SCHEMAS } from './env-schemas.js';

interface ComposeService {
  build?: { target?: string; dockerfile?: string };
  environment?: Record<string, string | number>;
  stop_grace_period?: string;
  ports?: string[];
}
const read = (path: string): string => readFileSync(join(repoRoot(), path), 'utf8');
const compose = parse(read('deploy/one-machine/compose.yml')) as { services: Record<string, ComposeService> };
const platform = compose.services['platform'] as ComposeService;

/** What an operator puts in the env file for the `${KEY:?...}` values; `${KEY:-default}` takes its default. */
const given: Record<string, string> = {
  POSTGRES_PASSWORD: 'a-database-password',
  AUTH_ACCESS_PRIVATE_KEY: accessTokenKeys().privateKey,
  SUPER_USER_PASSWORD: 'a-super-password',
  TICKETS_SECRETS_KEY: 'a-tickets-secrets-key-of-32-characters',
  IDENTITY_SECRETS_KEY: 'an-identity-secrets-key-of-32-characters',
};
const interpolate = (value: string | number): string =>
  String(value)
    .replace(/\$\{([A-Z0-9_]+):-([^}]*)\}/g, (_, _key: string, fallback: string) => fallback)
    .replace(/\$\{([A-Z0-9_]+):\?[^}]*\}/g, (_, key: string) => {
      const value = given[key];
      if (value === undefined) throw new Error(`compose requires ${key}, which this test does not give`);
      return value;
    });
const environment = Object.fromEntries(
  Object.entries(platform.environment ?? {}).map(([key, value]) => [key, interpolate(value)]),
);

describe('deploy/one-machine/compose.yml', () => {
  it('gives the one-machine process an environment it and every app it runs accept', () => {
    const { config, env } = oneMachineEnvironment(environment);
    expect(config.NODE_ENV).toBe('production');
    expect(config.KAFKA_BROKERS).toBeUndefined();
    const refused = Object.entries(ENV_SCHEMAS).flatMap(([name, schema]) => {
      try {
        loadConfig(schema, env);
        return [];
      } catch (error) {
        return [`${name}: ${(error as Error).message}`];
      }
    });
    expect(refused).toEqual([]);
    // the apps listen on loopback ports of the system's choosing: a second process on the host, or anything holding
    // a service's usual port, does not stop this one
    expect(env['HOST']).toBe('127.0.0.1');
    for (const { portKey: key } of SERVICES) {
      expect([key, env[key]]).toEqual([key, '0']);
    }
  });

  it('publishes the public listener and lets the graceful shutdown end before Docker kills the process', () => {
    const { config } = oneMachineEnvironment(environment);
    expect(platform.ports).toEqual([`${config.GATEWAY_PORT}:${config.GATEWAY_PORT}`]);
    const grace = Number(/^(\d+)s$/.exec(platform.stop_grace_period ?? '')?.[1]);
    expect(grace).toBeGreaterThan(config.SHUTDOWN_TIMEOUT_SECONDS);
  });

  it('builds the one-machine target of the one Dockerfile, which runs the one-machine bundle', () => {
    expect(platform.build).toMatchObject({ dockerfile: 'deploy/docker/Dockerfile', target: 'one-machine' });
    const dockerfile = read('deploy/docker/Dockerfile');
    const stage = dockerfile.slice(dockerfile.indexOf(' AS one-machine\n'));
    expect(stage).toContain('CMD ["node", "deploy/one-machine/dist/bundle/main.js"]');
    expect(stage).toContain('COPY --from=web-build /app/web/dist /app/web/dist');
  });

  it('refuses a key that is not a private key, naming it', () => {
    expect(() => oneMachineEnvironment({ ...environment, AUTH_ACCESS_PRIVATE_KEY: 'x'.repeat(60) })).toThrow(
      /AUTH_ACCESS_PRIVATE_KEY is not a private key/,
    );
  });
});

describe('.env.example', () => {
  it('lists the one-machine process’s own keys', () => {
    const listed = new Set(
      read('.env.example')
        .split('\n')
        .filter((line) => line.trim() && !line.startsWith('#'))
        .map((line) => line.split('=')[0]),
    );
    expect(Object.keys(OneMachineEnvSchema.shape).filter((key) => !listed.has(key))).toEqual([]);
  });
});
