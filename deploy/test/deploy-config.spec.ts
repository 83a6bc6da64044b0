/**
 * docker-compose.yml cannot run on machines without a Docker engine, so its consistency with the deployables'
 * config schemas is checked here instead: every deployable's compose environment parses with its schema,
 * names no unknown key, and the root .env.example lists every key any deployable reads.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import type { z } from 'zod';
import { loadConfig } from '@cs/platform/config';
import { repoRoot } from '@cs/platform/testing';
import { SERVICES } from '../scripts/deployables.mjs';
import { ENV_SCHEMAS as DEPLOYABLES, IMAGE_KEYS } from './env-schemas.js';

interface ComposeService {
  environment?: Record<string, string | number>;
  command?: string[];
  depends_on?: Record<string, { condition?: string }>;
  build?: { target?: string };
  ports?: string[];
}
const compose = parse(readFileSync(join(repoRoot(), 'docker-compose.yml'), 'utf8'), {
  merge: true,
  maxAliasCount: -1,
}) as {
  services: Record<string, ComposeService>;
};
const envExampleKeys = new Set(
  readFileSync(join(repoRoot(), '.env.example'), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => line.split('=')[0]),
);
const interpolate = (value: string | number): string => String(value).replace(/\$\{[A-Z0-9_]+:-([^}]*)\}/g, '$1');

describe('docker-compose.yml', () => {
  it.each(Object.keys(DEPLOYABLES))('runs %s with an environment its config schema accepts', (name) => {
    const service = compose.services[name];
    expect(service).toBeDefined();
    const environment = Object.fromEntries(
      Object.entries(service?.environment ?? {}).map(([key, value]) => [key, interpolate(value)]),
    );
    expect(() => loadConfig(DEPLOYABLES[name] as z.ZodObject, environment)).not.toThrow();
    const known = new Set(Object.keys((DEPLOYABLES[name] as z.ZodObject).shape));
    const unknown = Object.keys(environment).filter((key) => !known.has(key) && !IMAGE_KEYS.has(key));
    expect(unknown).toEqual([]);
  });

  it('builds every deployable from the one Dockerfile, parameterised by SERVICE', () => {
    for (const name of Object.keys(DEPLOYABLES)) expect(compose.services[name]?.environment?.['SERVICE']).toBe(name);
  });

  it('runs each deployable with the Node options the test and benchmark stacks use (deployables.mjs), as k8s does', () => {
    for (const { name, nodeOptions } of SERVICES) {
      expect([name, compose.services[name]?.environment?.['NODE_OPTIONS']]).toEqual([name, nodeOptions]);
      const manifest = readFileSync(join(repoRoot(), 'deploy', 'k8s', `${name}.yaml`), 'utf8');
      const inK8s = /name: NODE_OPTIONS, value: '([^']*)'/.exec(manifest)?.[1];
      expect([name, inK8s]).toEqual([name, nodeOptions]);
    }
  });
});

describe('docker-compose.yml, the steps before the deployables', () => {
  it('creates the topics and runs every service’s migrations (and the first-install seed) before any deployable', () => {
    expect(compose.services['kafka-topics']?.command).toEqual(['node', 'deploy/kafka/create-topics.mjs']);
    const migrate = compose.services['migrate'];
    const script = migrate?.command?.join(' ') ?? '';
    expect(/for service in ([a-z -]+); do/.exec(script)?.[1]?.split(' ')).toEqual(SERVICES.map(({ name }) => name));
    // compose's $$ is a $ for the shell
    expect(script).toContain('node services/$$service/dist/database/migrate.js || exit 1');
    expect(migrate?.environment).toMatchObject({ SEED: '1' });
    for (const name of Object.keys(DEPLOYABLES)) {
      expect([name, compose.services[name]?.depends_on]).toEqual([
        name,
        expect.objectContaining({
          'kafka-topics': { condition: 'service_completed_successfully' },
          migrate: { condition: 'service_completed_successfully' },
        }),
      ]);
    }
  });

  it('serves the web client from its image as the one published entry, routing to the gateway', () => {
    const web = compose.services['web'];
    expect(web?.build?.target).toBe('web');
    expect(web?.environment).toMatchObject({ GATEWAY_UPSTREAM: 'gateway:8080' });
    const published = Object.entries(compose.services).filter(([, service]) => service.ports?.length);
    expect(published.map(([name]) => name)).toEqual(['web']);
  });
});

describe('.env.example', () => {
  it('lists every key any deployable reads', () => {
    const missing = Object.values(DEPLOYABLES)
      .flatMap((schema) => Object.keys(schema.shape))
      .filter((key) => !envExampleKeys.has(key));
    expect([...new Set(missing)]).toEqual([]);
  });
});
