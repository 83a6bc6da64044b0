/**
 * deploy/k8s as an operator applies it: rendered by `kubectl kustomize`, every object judged against the Kubernetes
 * API schema (k8s-schema.ts), and the deployment's own rules checked (every deployable present with its command,
 * migrations, probes, resources, autoscaler and disruption budget; every setting its config schema requires
 * provided). Used by the unit test of the manifests and by the test that starts every deployable as its pods would.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { loadConfig } from '@cs/platform/config';
import { GATEWAY, SERVICES } from '../scripts/deployables.mjs';
import { ENV_SCHEMAS, IMAGE_KEYS } from './env-schemas.js';
import { type KubernetesObject, schemaProblems } from './k8s-schema.js';

export interface EnvVar {
  readonly name: string;
  readonly value?: string;
  readonly valueFrom?: {
    readonly secretKeyRef?: { readonly name: string; readonly key: string };
    readonly configMapKeyRef?: { readonly name: string; readonly key: string };
    readonly fieldRef?: { readonly fieldPath: string };
  };
}
export interface Container {
  readonly name: string;
  readonly image: string;
  readonly command?: readonly string[];
  readonly env?: readonly EnvVar[];
  readonly ports?: readonly { readonly containerPort: number }[];
  readonly startupProbe?: unknown;
  readonly readinessProbe?: unknown;
  readonly livenessProbe?: unknown;
  readonly resources?: {
    readonly requests?: Readonly<Record<string, string>>;
    readonly limits?: Readonly<Record<string, string>>;
  };
}
interface PodSpec {
  readonly initContainers?: readonly Container[];
  readonly containers: readonly Container[];
}
export interface Workload extends KubernetesObject {
  readonly spec: { readonly template: { readonly spec: PodSpec } };
}

/** A deployable of the manifests: its Deployment's name and container, and the folder its build lives in. */
export interface ManifestDeployable {
  readonly name: string;
  readonly folder: string;
  readonly hasDatabase: boolean;
}
export const DEPLOYABLES: readonly ManifestDeployable[] = [
  ...SERVICES.map((service) => ({
    name: service.name,
    folder: service.app.replace(/^\.\.\/\.\.\//, '').replace(/\/src\/app\.ts$/, ''),
    hasDatabase: true,
  })),
  {
    name: 'gateway',
    folder: GATEWAY.app.replace(/^\.\.\/\.\.\//, '').replace(/\/src\/app\.ts$/, ''),
    hasDatabase: false,
  },
];
/** Sessions are long-lived sockets, not CPU load: the connector is scaled by hand (docs/operations.md). */
const WITHOUT_AUTOSCALER = new Set(['whatsapp-connector']);

/** The objects `kubectl kustomize <dir>` renders (it fails on a duplicate key, as `kubectl apply -k` would). */
export function renderManifests(dir: string): KubernetesObject[] {
  let output: string;
  try {
    output = execFileSync('kubectl', ['kustomize', dir], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr;
    throw new Error(`kubectl kustomize ${dir} failed: ${stderr?.trim() || String(error)}`, { cause: error });
  }
  return parseAllDocuments(output, { uniqueKeys: true }).map((document) => {
    if (document.errors.length > 0) throw new Error(document.errors.map((error) => error.message).join('; '));
    return document.toJS() as KubernetesObject;
  });
}

/** The keys `secrets.example.env` lists: the `cs-secrets` Secret an operator creates. */
export function secretKeys(dir: string): string[] {
  return readFileSync(join(dir, 'secrets.example.env'), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => line.slice(0, line.indexOf('=')));
}

export const find = <T extends KubernetesObject>(objects: readonly KubernetesObject[], kind: string, name: string) =>
  objects.find((object) => object.kind === kind && object.metadata.name === name) as T | undefined;

export interface EnvSources {
  /** The Secret's values, by key (`cs-secrets`). */
  readonly secrets: Readonly<Record<string, string>>;
  /** The pod's name, for `fieldRef: metadata.name`. */
  readonly podName: string;
}

/** A container's environment as the kubelet would set it, from the rendered ConfigMaps and the given secrets. */
export function resolveEnv(
  objects: readonly KubernetesObject[],
  container: Container,
  sources: EnvSources,
): { env: Record<string, string>; problems: string[] } {
  const env: Record<string, string> = {};
  const problems: string[] = [];
  for (const variable of container.env ?? []) {
    const from = variable.valueFrom;
    if (variable.value !== undefined) env[variable.name] = String(variable.value);
    else if (from?.secretKeyRef) {
      const value = from.secretKeyRef.name === 'cs-secrets' ? sources.secrets[from.secretKeyRef.key] : undefined;
      if (value === undefined)
        problems.push(`${variable.name}: secret ${from.secretKeyRef.name}/${from.secretKeyRef.key} is not provided`);
      else env[variable.name] = value;
    } else if (from?.configMapKeyRef) {
      const { name, key } = from.configMapKeyRef;
      const data = find<KubernetesObject & { data?: Record<string, string> }>(objects, 'ConfigMap', name)?.data;
      if (data?.[key] === undefined) problems.push(`${variable.name}: ConfigMap ${name} has no ${key}`);
      else env[variable.name] = data[key];
    } else if (from?.fieldRef?.fieldPath === 'metadata.name') env[variable.name] = sources.podName;
    else problems.push(`${variable.name}: no value and no source this check knows`);
  }
  return { env, problems };
}

/** Values an installation's Secret would hold, valid for every config schema (keys from `accessTokenKeys()`). */
export function testSecrets(
  dir: string,
  keys: { privateKey: string; publicKey: string },
  databaseUrl = 'postgres://cs:secret@postgres:5432/cs',
): Record<string, string> {
  const special: Record<string, string> = {
    AUTH_ACCESS_PRIVATE_KEY: keys.privateKey,
    AUTH_ACCESS_PUBLIC_KEY: keys.publicKey,
    PUBLIC_API_URL: 'https://app.example.com.br/api',
    EFI_CERTIFICATE_BASE64: Buffer.from('certificate').toString('base64'),
  };
  return Object.fromEntries(
    secretKeys(dir).map((key) => [
      key,
      special[key] ??
        (key.startsWith('DATABASE_URL_') ? databaseUrl : `test-${key.toLowerCase()}-0123456789abcdef0123`),
    ]),
  );
}

const hasCpuAndMemory = (values: Readonly<Record<string, string>> | undefined) =>
  values?.['cpu'] !== undefined && values['memory'] !== undefined;

/** Everything wrong with the manifests of `dir`, one line each (an empty list: nothing). */
export async function manifestProblems(dir: string, secrets: Readonly<Record<string, string>>): Promise<string[]> {
  let objects: KubernetesObject[];
  try {
    objects = renderManifests(dir);
  } catch (error) {
    return [error instanceof Error ? error.message : String(error)];
  }
  const problems: string[] = [];
  const at = (object: KubernetesObject, problem: string) =>
    problems.push(`${object.kind}/${object.metadata.name}: ${problem}`);

  for (const object of objects) for (const problem of await schemaProblems(object)) at(object, problem);

  const workloads = objects.filter(
    (object): object is Workload => object.kind === 'Deployment' || object.kind === 'Job',
  );
  const referencedSecrets = new Set<string>();
  for (const workload of workloads) {
    const pod = workload.spec.template.spec;
    for (const container of [...(pod.initContainers ?? []), ...(pod.containers ?? [])]) {
      if (!hasCpuAndMemory(container.resources?.requests) || !hasCpuAndMemory(container.resources?.limits))
        at(workload, `container ${container.name} lacks cpu and memory requests and limits`);
      for (const variable of container.env ?? []) {
        const ref = variable.valueFrom?.secretKeyRef;
        if (ref) referencedSecrets.add(ref.key);
      }
      const { problems: unresolved } = resolveEnv(objects, container, {
        secrets,
        podName: `${workload.metadata.name}-0`,
      });
      for (const problem of unresolved) at(workload, `container ${container.name}: ${problem}`);
    }
  }
  const listed = new Set(Object.keys(secrets));
  for (const key of referencedSecrets)
    if (!listed.has(key)) problems.push(`secret key ${key} is not in secrets.example.env`);
  for (const key of listed)
    if (!referencedSecrets.has(key)) problems.push(`secrets.example.env lists ${key}, which nothing reads`);

  const hpas = objects.filter((object) => object.kind === 'HorizontalPodAutoscaler');
  const pdbs = objects.filter((object) => object.kind === 'PodDisruptionBudget');
  const checkScaling = (name: string, autoscaled: boolean) => {
    const hpa = hpas.find(
      (object) => (object['spec'] as { scaleTargetRef?: { name?: string } }).scaleTargetRef?.name === name,
    );
    if (autoscaled && !hpa) problems.push(`Deployment/${name}: no HorizontalPodAutoscaler`);
    const pdb = pdbs.find(
      (object) =>
        (object['spec'] as { selector?: { matchLabels?: { app?: string } } }).selector?.matchLabels?.app === name,
    );
    if (!pdb) problems.push(`Deployment/${name}: no PodDisruptionBudget`);
  };

  for (const deployable of DEPLOYABLES) {
    const deployment = find<Workload>(objects, 'Deployment', deployable.name);
    if (!deployment) {
      problems.push(`Deployment/${deployable.name}: missing`);
      continue;
    }
    const pod = deployment.spec.template.spec;
    const container = pod.containers?.find((candidate) => candidate.name === deployable.name);
    if (!container) {
      at(deployment, `no container named ${deployable.name}`);
      continue;
    }
    const bundle = `${deployable.folder}/dist/bundle/main.js`;
    if (JSON.stringify(container.command) !== JSON.stringify(['node', bundle]))
      at(deployment, `container ${deployable.name} does not run ${bundle}`);
    for (const probe of ['startupProbe', 'readinessProbe', 'livenessProbe'] as const)
      if (!container[probe]) at(deployment, `container ${deployable.name} has no ${probe}`);

    const schema = ENV_SCHEMAS[deployable.name];
    const { env } = resolveEnv(objects, container, { secrets, podName: `${deployable.name}-0` });
    if (schema) {
      try {
        loadConfig(schema, env);
      } catch (error) {
        at(deployment, `container ${deployable.name}: ${error instanceof Error ? error.message : String(error)}`);
      }
      const known = new Set(Object.keys(schema.shape));
      for (const key of Object.keys(env))
        if (!known.has(key) && !IMAGE_KEYS.has(key))
          at(deployment, `container ${deployable.name} sets ${key}, which it does not read`);
    }
    if (env['NODE_ENV'] !== 'production')
      at(deployment, `container ${deployable.name} does not run with NODE_ENV=production`);

    const init = pod.initContainers ?? [];
    const waits = init.find((candidate) => candidate.name === 'wait-for-topics');
    if (JSON.stringify(waits?.command) !== JSON.stringify(['node', 'deploy/kafka/create-topics.mjs', '--wait']))
      at(deployment, 'no wait-for-topics init container running create-topics.mjs --wait');
    if (deployable.hasDatabase) {
      const migrate = init.find((candidate) => candidate.name === 'migrate');
      const script = `${deployable.folder}/dist/database/migrate.js`;
      if (!migrate || JSON.stringify(migrate.command) !== JSON.stringify(['node', script])) {
        at(deployment, `no migrate init container running ${script}`);
      } else {
        const database = (candidate: Container) =>
          candidate.env?.find((variable) => variable.name === 'DATABASE_URL')?.valueFrom?.secretKeyRef?.key;
        if (!database(migrate) || database(migrate) !== database(container))
          at(deployment, 'the migrate init container does not migrate the database its app uses');
        if (migrate.image !== container.image)
          at(deployment, 'the migrate init container runs another image than its app');
      }
    }
    checkScaling(deployable.name, !WITHOUT_AUTOSCALER.has(deployable.name));
  }

  const identityMigrate = find<Workload>(objects, 'Deployment', 'identity')?.spec.template.spec.initContainers?.find(
    (candidate) => candidate.name === 'migrate',
  );
  const seedEnv = identityMigrate ? resolveEnv(objects, identityMigrate, { secrets, podName: 'identity-0' }).env : {};
  if (seedEnv['SEED'] !== '1' || !seedEnv['SUPER_USER_PASSWORD'] || seedEnv['NODE_ENV'] !== 'production')
    problems.push(
      'Deployment/identity: the migrate step does not seed the platform (SEED=1, SUPER_USER_PASSWORD, production)',
    );

  const web = find<Workload>(objects, 'Deployment', 'web');
  const webContainer = web?.spec.template.spec.containers?.find((candidate) => candidate.name === 'web');
  if (!web || !webContainer) problems.push('Deployment/web: missing, or without a container named web');
  else {
    for (const probe of ['startupProbe', 'readinessProbe', 'livenessProbe'] as const)
      if (!webContainer[probe]) at(web, `container web has no ${probe}`);
    const { env } = resolveEnv(objects, webContainer, { secrets, podName: 'web-0' });
    for (const key of ['GATEWAY_UPSTREAM', 'PUBLIC_URL']) if (!env[key]) at(web, `container web lacks ${key}`);
    checkScaling('web', true);
  }
  if (!find(objects, 'Service', 'web')) problems.push('Service/web: missing');
  const ingress = objects.find((object) => object.kind === 'Ingress');
  if (!JSON.stringify(ingress?.['spec'] ?? {}).includes('"name":"web"'))
    problems.push('Ingress: does not route to the web Service');

  const jobs = workloads.filter((workload) => workload.kind === 'Job');
  const topics = jobs.find((job) =>
    job.spec.template.spec.containers.some(
      (candidate) => JSON.stringify(candidate.command) === JSON.stringify(['node', 'deploy/kafka/create-topics.mjs']),
    ),
  );
  if (!topics) problems.push('Job: none runs deploy/kafka/create-topics.mjs');
  else {
    const tag = topics.spec.template.spec.containers[0]?.image.split(':')[1];
    if (!tag || !topics.metadata.name.endsWith(`-${tag}`))
      at(topics, `the name does not carry the release's image tag (${tag ?? 'none'})`);
  }
  return problems;
}
