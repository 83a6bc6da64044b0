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
}
const compose = parse(readFileSync(join(repoRoot(), 'docker-compose.yml'), 'utf8')) as {
  services: Record<string, ComposeService>;
};
const envExampleKeys = new Set(
  readFileSync(join(repoRoot(), '.env.example'), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => line.split('=')[0]),
);
const interpolate = (value: string | number): string => String(value).replace(/\$\{[A-Z_]+:-([^}]*)\}/g, '$1');

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

describe('.env.example', () => {
  it('lists every key any deployable reads', () => {
    const missing = Object.values(DEPLOYABLES)
      .flatMap((schema) => Object.keys(schema.shape))
      .filter((key) => !envExampleKeys.has(key));
    expect([...new Set(missing)]).toEqual([]);
  });
});
