/**
 * deploy/k8s renders with `kubectl kustomize`, every object passes the Kubernetes API schema, and every deployable's
 * Deployment provides what its config schema requires (k8s-manifests.ts says what else is checked). Each kind of
 * mistake is shown to fail on a copy of the manifests.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseAllDocuments, type YAMLMap, type YAMLSeq } from 'yaml';
import { accessTokenKeys, repoRoot } from '@cs/platform/testing';
import { type Container, manifestProblems, renderManifests, testSecrets, type Workload } from './k8s-manifests.js';

const manifests = join(repoRoot(), 'deploy', 'k8s');
const sharedVolume = join(repoRoot(), 'deploy', 'k8s-shared-volume');
/** The deployables that store media (`MEDIA_DIR` / `MEDIA_S3_*`). */
const STORING_MEDIA = ['identity', 'tickets', 'campaigns', 'whatsapp-connector'];
const secrets = testSecrets(manifests, accessTokenKeys());
const copies: string[] = [];

afterAll(() => {
  for (const dir of copies) rmSync(dir, { recursive: true, force: true });
});

/** The problems of a copy of deploy/k8s with `file`'s text changed by `edit` (which must change it). */
async function problemsAfter(file: string, edit: (text: string) => string): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'k8s-manifests-'));
  copies.push(dir);
  cpSync(manifests, dir, { recursive: true });
  const text = readFileSync(join(dir, file), 'utf8');
  const edited = edit(text);
  expect(edited).not.toBe(text);
  writeFileSync(join(dir, file), edited);
  return manifestProblems(dir, file === 'secrets.example.env' ? testSecrets(dir, accessTokenKeys()) : secrets);
}

/** The manifest without the variable `name` in the container `container` of its Deployment. */
function withoutEnv(text: string, container: string, name: string): string {
  const documents = parseAllDocuments(text);
  for (const document of documents) {
    if (document.get('kind') !== 'Deployment') continue;
    const containers = document.getIn(['spec', 'template', 'spec', 'containers']) as YAMLSeq<YAMLMap>;
    const env = containers.items.find((item) => item.get('name') === container)?.get('env') as YAMLSeq<YAMLMap>;
    env.items = env.items.filter((item) => item.get('name') !== name);
  }
  return documents.map((document) => document.toString()).join('---\n');
}

describe('deploy/k8s', () => {
  it('renders, passes the Kubernetes API schema and gives every deployable what it needs', async () => {
    expect(await manifestProblems(manifests, secrets)).toEqual([]);
  }, 60_000);

  it('fails on a duplicate key', async () => {
    const problems = await problemsAfter('tickets.yaml', (text) => text.replace(/^( {6}containers:\n)/m, '$1$1'));
    expect(problems.join('\n')).toMatch(/kubectl kustomize .* failed: .*(already defined|duplicate|mapping key)/is);
  }, 60_000);

  it('fails on a missing container: the migration step of tickets', async () => {
    const problems = await problemsAfter('tickets.yaml', (text) =>
      text.replace(/^ {8}- name: migrate\n( {10}.*\n)+/m, ''),
    );
    expect(problems).toContain(
      'Deployment/tickets: no migrate init container running services/tickets/dist/database/migrate.js',
    );
  }, 60_000);

  it('fails on a missing app container', async () => {
    const problems = await problemsAfter('contacts.yaml', (text) =>
      text.replace('- name: contacts\n', '- name: contact\n'),
    );
    expect(problems).toContain('Deployment/contacts: no container named contacts');
  }, 60_000);

  it('fails on a missing required variable', async () => {
    const problems = await problemsAfter('billing.yaml', (text) =>
      withoutEnv(text, 'billing', 'BILLING_WEBHOOK_SECRET'),
    );
    expect(problems.join('\n')).toMatch(/Deployment\/billing: container billing: .*BILLING_WEBHOOK_SECRET is required/);
  }, 60_000);

  it('fails on an object the schema refuses: a wrong type', async () => {
    const problems = await problemsAfter('whatsapp-connector.yaml', (text) =>
      text.replace('replicas: 3', 'replicas: three'),
    );
    expect(problems.join('\n')).toMatch(/Deployment\/whatsapp-connector: .*\/spec\/replicas must be integer/);
  }, 60_000);

  it('fails on an object the schema refuses: an unknown field', async () => {
    const problems = await problemsAfter('gateway.yaml', (text) => text.replace('livenessProbe:', 'livenesProbe:'));
    expect(problems).toContain('Deployment/gateway: unknown field "spec.template.spec.containers[0].livenesProbe"');
  }, 60_000);

  it('fails on a secret key the operator is not told to create', async () => {
    const problems = await problemsAfter('secrets.example.env', (text) => text.replace(/^TICKETS_SECRETS_KEY=\n/m, ''));
    expect(problems).toContain('secret key TICKETS_SECRETS_KEY is not in secrets.example.env');
  }, 60_000);
});

describe('media storage', () => {
  const appOf = (objects: ReturnType<typeof renderManifests>, name: string) => {
    const deployment = objects.find(
      (object): object is Workload => object.kind === 'Deployment' && object.metadata.name === name,
    );
    const container = deployment?.spec.template.spec.containers.find((candidate) => candidate.name === name) as
      (Container & { volumeMounts?: unknown[] }) | undefined;
    const volumes = (deployment?.spec.template.spec as { volumes?: unknown[] } | undefined)?.volumes;
    return { container, volumes, env: new Set((container?.env ?? []).map((variable) => variable.name)) };
  };

  it("deploy/k8s stores every service's media in the bucket: no claim, no volume, the MEDIA_S3_* settings", () => {
    const objects = renderManifests(manifests);
    expect(objects.filter((object) => object.kind === 'PersistentVolumeClaim')).toEqual([]);
    for (const name of STORING_MEDIA) {
      const { env, volumes } = appOf(objects, name);
      expect({ name, volumes }).toEqual({ name, volumes: undefined });
      for (const key of ['MEDIA_S3_BUCKET', 'MEDIA_S3_ACCESS_KEY_ID', 'MEDIA_S3_SECRET_ACCESS_KEY'])
        expect({ name, [key]: env.has(key) }).toEqual({ name, [key]: true });
      expect({ name, MEDIA_DIR: env.has('MEDIA_DIR') }).toEqual({ name, MEDIA_DIR: false });
    }
  }, 60_000);

  it("deploy/k8s-shared-volume renders, passes the same checks, and puts each service's media on its claim", async () => {
    expect(await manifestProblems(sharedVolume, secrets)).toEqual([]);
    const objects = renderManifests(sharedVolume);
    const settings = objects.find((object) => object.kind === 'ConfigMap') as { data?: Record<string, string> };
    expect(settings.data?.['MEDIA_S3_BUCKET']).toBe('');
    const claims = objects.filter((object) => object.kind === 'PersistentVolumeClaim').map((o) => o.metadata.name);
    expect(claims.sort()).toEqual(['campaigns-media', 'identity-media', 'tickets-media', 'whatsapp-media']);
    for (const name of STORING_MEDIA) {
      const { container, volumes } = appOf(objects, name);
      expect(container?.env).toContainEqual({ name: 'MEDIA_DIR', value: '/data/media' });
      expect(container?.volumeMounts).toEqual([{ name: 'media', mountPath: '/data/media' }]);
      const claimName = name === 'whatsapp-connector' ? 'whatsapp-media' : `${name}-media`;
      expect(volumes).toEqual([{ name: 'media', persistentVolumeClaim: { claimName } }]);
    }
  }, 60_000);
});
