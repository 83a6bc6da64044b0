/**
 * Every deployable's graceful shutdown ends before its orchestrator kills it: the deadline its environment gives it
 * (`SHUTDOWN_TIMEOUT_SECONDS`, the drain included) is below its Deployment's terminationGracePeriodSeconds and below
 * compose's stop_grace_period. Past the grace period the process is killed mid-step, with the deadline's log and exit
 * code never written.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { loadConfig } from '@cs/platform/config';
import { accessTokenKeys, repoRoot } from '@cs/platform/testing';
import { ENV_SCHEMAS } from './env-schemas.js';
import { DEPLOYABLES, find, renderManifests, resolveEnv, testSecrets, type Workload } from './k8s-manifests.js';

/** The seconds from SIGTERM to the end of the graceful shutdown a deployable's environment allows. */
function deadlineOf(name: string, env: Record<string, string | undefined>): number {
  const config = loadConfig(ENV_SCHEMAS[name] as NonNullable<(typeof ENV_SCHEMAS)[string]>, env) as {
    SHUTDOWN_TIMEOUT_SECONDS: number;
  };
  return config.SHUTDOWN_TIMEOUT_SECONDS;
}

describe('the graceful shutdown deadline', () => {
  it('is below each Deployment’s terminationGracePeriodSeconds', () => {
    const dir = join(repoRoot(), 'deploy', 'k8s');
    const objects = renderManifests(dir);
    const secrets = testSecrets(dir, accessTokenKeys());
    const rows = DEPLOYABLES.map(({ name }) => {
      const deployment = find<Workload & { spec: { template: { spec: { terminationGracePeriodSeconds?: number } } } }>(
        objects,
        'Deployment',
        name,
      );
      const container = deployment?.spec.template.spec.containers.find((candidate) => candidate.name === name);
      expect([name, container]).toEqual([name, expect.anything()]);
      const { env } = resolveEnv(objects, container as NonNullable<typeof container>, {
        secrets,
        podName: `${name}-0`,
      });
      const grace = deployment?.spec.template.spec.terminationGracePeriodSeconds ?? 30;
      return { name, deadline: deadlineOf(name, env), grace };
    });
    for (const row of rows) expect([row.name, row.deadline < row.grace]).toEqual([row.name, true]);
  });

  it('is below compose’s stop_grace_period for each deployable', () => {
    const compose = parse(readFileSync(join(repoRoot(), 'docker-compose.yml'), 'utf8'), { merge: true }) as {
      services: Record<string, { environment?: Record<string, string | number>; stop_grace_period?: string }>;
    };
    for (const { name } of DEPLOYABLES) {
      const service = compose.services[name];
      const environment = Object.fromEntries(
        Object.entries(service?.environment ?? {}).map(([key, value]) => [
          key,
          String(value).replace(/\$\{[A-Z0-9_]+:-([^}]*)\}/g, '$1'),
        ]),
      );
      // Docker's own default is 10 s, below the default deadline
      const grace = Number(/^(\d+)s$/.exec(service?.stop_grace_period ?? '10s')?.[1]);
      expect([name, deadlineOf(name, environment) < grace]).toEqual([name, true]);
    }
  });
});
