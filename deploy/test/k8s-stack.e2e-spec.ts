/**
 * Every deployable started exactly as its Kubernetes pod would start, from the rendered manifests (deploy/k8s): the
 * kafka-topics Job's command, then each Deployment's init containers in order (two identity pods migrating at once,
 * as a rollout starts them), then its container's command with its environment, and the web deployable's nginx in
 * front. What this machine substitutes: the addresses (this PostgreSQL database, this Kafka broker under a topic
 * prefix of this run, free ports for the Services, folders for the volumes), the Secret's values, the media bucket
 * (`FakeS3`, S3's REST shape), the Pix provider's fake (billing) and the connector's simulator as the customer's
 * phone. The journey goes through the web deployable only: sign in, a customer's message reaches the agent's socket,
 * the agent's reply reaches the customer.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { io, type Socket } from 'socket.io-client';
import { FakeEfiServer } from '@cs/billing/fake-efi';
import {
  accessTokenKeys,
  type ChildHandle,
  createDatabase,
  DEFAULT_TEST_BROKERS,
  deleteTopics,
  FakeS3,
  dropDatabase,
  freePort,
  pollUntil,
  repoRoot,
  testServerUrl,
  waitForHttp,
} from '@cs/platform/testing';
import { channel } from '@cs/proto/realtime';
import {
  type Container,
  DEPLOYABLES,
  find,
  renderManifests,
  resolveEnv,
  testSecrets,
  type Workload,
} from './k8s-manifests.js';
import type { KubernetesObject } from './k8s-schema.js';
import { startWebServer, type WebServer } from './web-server.js';

const root = repoRoot();
const manifestsDir = join(root, 'deploy', 'k8s');
const brokers = process.env['KAFKA_BROKERS'] ?? DEFAULT_TEST_BROKERS;
const runId = `${Date.now().toString(36)}${Math.random().toString(16).slice(2, 6)}`;
const topicPrefix = `${process.env['TEST_RUN_TOPIC_PREFIX'] ?? ''}k8s${runId}.`;
const database = `cs_k8s_${runId}`;
const PLATFORM_COMPANY = 1;

const objects = renderManifests(manifestsDir);
const keys = accessTokenKeys();
const processes: { name: string; child: ChildHandle }[] = [];
let web: WebServer | undefined;
let fakeEfi: FakeEfiServer | undefined;
let bucket: FakeS3 | undefined;
let mediaRoot: string | undefined;
let databaseUrl: string | undefined;
let socket: Socket | undefined;
let secrets: Record<string, string>;

/** Runs a container's command (`node <file>`) from the repository root, as the image's WORKDIR does. */
function run(name: string, command: readonly string[], env: Record<string, string>): ChildHandle {
  const [program, ...args] = command;
  if (program !== 'node') throw new Error(`${name}: the image runs node, not ${program ?? '(nothing)'}`);
  const file = args[0] ?? '';
  if (file.includes('/dist/') && !existsSync(join(root, file))) throw new Error(`${file} is missing: run make build`);
  const child = spawn(process.execPath, args, { cwd: root, env: { PATH: process.env['PATH'], ...env }, stdio: 'pipe' });
  const chunks: string[] = [];
  const keep = (data: Buffer) => {
    chunks.push(data.toString());
    if (chunks.length > 2_000) chunks.splice(0, 1_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)),
  );
  const handle: ChildHandle = {
    process: child,
    output: () => chunks.join(''),
    exited,
    kill: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
  processes.push({ name, child: handle });
  return handle;
}

/** Runs a step to completion (a Job's container, an init container); its failure fails the test with its output. */
async function complete(name: string, command: readonly string[], env: Record<string, string>): Promise<string> {
  const child = run(name, command, env);
  const code = await child.exited;
  if (code !== 0) throw new Error(`${name} exited with ${code}:\n${child.output().slice(-4_000)}`);
  return child.output();
}

/** The Services' names and ports of the manifests, each given a free port of this machine. */
const servicePorts = new Map<string, { port: number; local: number }>();

/** A container's environment with this machine's addresses, secrets and folders in place of the cluster's. */
function localEnv(
  workload: Workload,
  container: Container,
  extra: Record<string, string> = {},
): Record<string, string> {
  const { env, problems } = resolveEnv(objects, container, { secrets, podName: `${workload.metadata.name}-0` });
  if (problems.length > 0) throw new Error(`${workload.metadata.name}/${container.name}: ${problems.join('; ')}`);
  const local: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) {
    // http://identity:4101 → http://127.0.0.1:<its free port>
    local[key] = value.replace(/\bhttp:\/\/([a-z-]+):(\d+)\b/g, (whole, host: string, port: string) => {
      const service = servicePorts.get(host);
      return service && String(service.port) === port ? `http://127.0.0.1:${service.local}` : whole;
    });
    // the volumes: /data/<name> → a folder of this run
    if (/^\/data\//.test(value)) local[key] = join(mediaRoot ?? tmpdir(), value.slice('/data/'.length));
  }
  return { ...local, KAFKA_TOPIC_PREFIX: topicPrefix, ...extra };
}

/** The settings ConfigMap with this machine's addresses. */
function useLocalSettings(webUrl: string) {
  const settings = find<KubernetesObject & { data: Record<string, string> }>(objects, 'ConfigMap', 'cs-settings');
  if (!settings) throw new Error('no cs-settings ConfigMap');
  settings.data['KAFKA_BROKERS'] = brokers;
  settings.data['PUBLIC_URL'] = `${webUrl}/api`;
  settings.data['CORS_ORIGINS'] = webUrl;
  settings.data['OTEL_EXPORTER_OTLP_ENDPOINT'] = '';
  settings.data['TRUST_PROXY'] = 'loopback';
  // the installation's media bucket, here a fake one with the bucket, region and keys the manifests name
  settings.data['MEDIA_S3_ENDPOINT'] = bucket?.url ?? '';
  settings.data['MEDIA_S3_FORCE_PATH_STYLE'] = 'true';
}

const deployment = (name: string) => {
  const found = find<Workload>(objects, 'Deployment', name);
  if (!found) throw new Error(`no Deployment ${name}`);
  return found;
};
const containerOf = (workload: Workload, name = workload.metadata.name) => {
  const found = workload.spec.template.spec.containers.find((container) => container.name === name);
  if (!found) throw new Error(`${workload.metadata.name} has no container ${name}`);
  return found;
};
const portOf = (container: Container) => container.ports?.[0]?.containerPort ?? 0;

beforeAll(async () => {
  if (!existsSync(join(root, 'web', 'dist', 'index.html'))) throw new Error('web/dist is missing: run make build');
  databaseUrl = await createDatabase(testServerUrl(), database);
  mediaRoot = mkdtempSync(join(tmpdir(), 'cs-k8s-volumes-'));
  fakeEfi = await new FakeEfiServer().start();
  secrets = {
    ...testSecrets(manifestsDir, keys, databaseUrl),
    SUPER_USER_PASSWORD: 'smoke-test-super-password',
  };
  const media = find<KubernetesObject & { data: Record<string, string> }>(objects, 'ConfigMap', 'cs-settings')?.data;
  bucket = await new FakeS3(
    media?.['MEDIA_S3_BUCKET'] ?? '',
    secrets['MEDIA_S3_ACCESS_KEY_ID'] ?? '',
    secrets['MEDIA_S3_SECRET_ACCESS_KEY'] ?? '',
    media?.['MEDIA_S3_REGION'],
  ).start();
  for (const deployable of [...DEPLOYABLES.map(({ name }) => name), 'web']) {
    const service = find<KubernetesObject & { spec: { ports: { port: number }[] } }>(objects, 'Service', deployable);
    const port = service?.spec.ports[0]?.port;
    if (!port) throw new Error(`no Service for ${deployable}`);
    servicePorts.set(deployable, { port, local: await freePort() });
  }
  const webPort = servicePorts.get('web')?.local ?? 0;
  useLocalSettings(`http://127.0.0.1:${webPort}`);

  // the release's topics Job
  const job = objects.find((object): object is Workload => object.kind === 'Job');
  if (!job) throw new Error('no Job in the manifests');
  const jobContainer = job.spec.template.spec.containers[0] as Container;
  // one broker here: every partition on it alone
  await complete(
    job.metadata.name,
    jobContainer.command ?? [],
    localEnv(job, jobContainer, { TOPIC_REPLICATION_FACTOR: '1' }),
  );

  // every pod's init containers, pods side by side, identity twice (two replicas of a rollout)
  const pods = [...DEPLOYABLES.map(({ name }) => name), 'identity'];
  await Promise.all(
    pods.map(async (name, index) => {
      const workload = deployment(name);
      for (const init of workload.spec.template.spec.initContainers ?? []) {
        await complete(`${name}#${index}/${init.name}`, init.command ?? [], localEnv(workload, init));
      }
    }),
  );

  // the deployables, with the edges this machine fakes
  const edges: Record<string, Record<string, string>> = {
    billing: { ...fakeEfi.billingEnv('pem'), BILLING_PUBLIC_URL: `http://127.0.0.1:${webPort}/api` },
    'whatsapp-connector': { SIMULATOR_ENABLED: 'true', SIMULATOR_AUTO_SCAN_MS: '0' },
  };
  const started = DEPLOYABLES.map(({ name }) => {
    const workload = deployment(name);
    const container = containerOf(workload);
    const local = servicePorts.get(name)?.local ?? 0;
    const portKey = (container.env ?? []).find((variable) => variable.value === String(portOf(container)))?.name;
    if (!portKey) throw new Error(`${name}: no variable sets its port ${portOf(container)}`);
    const child = run(
      name,
      container.command ?? [],
      localEnv(workload, container, { ...edges[name], [portKey]: String(local), LOG_LEVEL: 'warn' }),
    );
    const readiness = (container.readinessProbe as { httpGet: { path: string } }).httpGet.path;
    return waitForHttp(`http://127.0.0.1:${local}${readiness}`, { child, timeoutMs: 120_000 });
  });
  await Promise.all(started);

  const webDeployment = deployment('web');
  const webContainer = containerOf(webDeployment);
  const webEnv = localEnv(webDeployment, webContainer);
  web = await startWebServer({
    GATEWAY_UPSTREAM:
      webEnv['GATEWAY_UPSTREAM']?.replace(/^gateway:\d+$/, `127.0.0.1:${servicePorts.get('gateway')?.local ?? 0}`) ??
      '',
    PUBLIC_URL: webEnv['PUBLIC_URL'] ?? '',
    WEB_ROOT: join(root, 'web', 'dist'),
    WEB_PORT: String(webPort),
  });
}, 300_000);

afterAll(async () => {
  socket?.close();
  await web?.stop();
  await Promise.all(processes.map(({ child }) => child.kill().catch(() => undefined)));
  await fakeEfi?.stop();
  await bucket?.stop();
  await deleteTopics(brokers, topicPrefix).catch(() => undefined);
  await dropDatabase(testServerUrl(), database).catch(() => undefined);
  if (mediaRoot) rmSync(mediaRoot, { recursive: true, force: true });
});

async function api<T>(token: string | null, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${web?.url}/api${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} /api${path} → ${response.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

it('migrated every schema once, though two identity pods migrated at the same time', async () => {
  const identityRuns = processes
    .filter(({ name }) => /^identity#\d+\/migrate$/.test(name))
    .map(({ child }) => child.output());
  expect(identityRuns).toHaveLength(2);
  const applied = identityRuns.map((output) => Number(/identity: (\d+) migration\(s\) applied/.exec(output)?.[1]));
  expect(applied.filter((count) => count > 0)).toHaveLength(1);
  expect(applied).toContain(0);
});

it('serves the client and carries a conversation through the web deployable: sign-in, socket, customer and reply', async () => {
  const page = await fetch(`${web?.url}/login`);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('<div id="root">');

  const agent = await api<{ token: string; user: { id: number } }>(null, 'POST', '/auth/login', {
    email: 'super@plataforma.local',
    password: 'smoke-test-super-password',
  });

  // a simulated WhatsApp connection of the platform company, scanned (the connector learns the company by its events)
  const connection = await pollUntil(
    () =>
      api<{ id: number }>(agent.token, 'POST', '/whatsapp', {
        name: 'Smoke',
        provider: 'simulator',
        isDefault: true,
      }).catch(() => undefined),
    { timeoutMs: 60_000, what: 'the connection to be created' },
  );
  const statusIs = (status: string) =>
    pollUntil(
      async () => (await api<{ status: string }>(agent.token, 'GET', `/whatsapp/${connection.id}`)).status === status,
      {
        timeoutMs: 60_000,
        what: `the connection to be ${status}`,
      },
    );
  await statusIs('qrcode');
  await api(agent.token, 'POST', `/simulator/connections/${connection.id}/scan`, {});
  await statusIs('CONNECTED');

  // the agent's browser socket, through the web deployable's /socket.io
  const received: { event: string; payload: { action?: string; message?: { body: string; ticketId: number } } }[] = [];
  socket = io(web?.url ?? '', { path: '/socket.io', transports: ['websocket'], auth: { token: agent.token } });
  socket.onAny((event: string, payload: (typeof received)[number]['payload']) => received.push({ event, payload }));
  await new Promise<void>((resolve, reject) => {
    socket?.once('connect', () => resolve());
    socket?.once('connect_error', reject);
  });
  for (const status of ['pending', 'open']) socket.emit('joinTickets', status);
  socket.emit('joinNotification');

  const number = `5511970${String(Date.now()).slice(-6)}`;
  await api(agent.token, 'POST', `/simulator/connections/${connection.id}/messages`, {
    from: { number, name: 'Cliente Fumaça' },
    kind: 'text',
    body: 'Olá, preciso de ajuda com meu pedido',
  });
  const arrived = await pollUntil(
    async () =>
      received.find(
        (entry) =>
          entry.event === channel.appMessage(PLATFORM_COMPANY) &&
          entry.payload.action === 'create' &&
          entry.payload.message?.body === 'Olá, preciso de ajuda com meu pedido',
      )?.payload.message,
    { timeoutMs: 60_000, what: "the customer's message on the agent's socket" },
  );

  await api(agent.token, 'PUT', `/tickets/${arrived.ticketId}`, { status: 'open', userId: agent.user.id });
  await api(agent.token, 'POST', `/messages/${arrived.ticketId}`, { body: 'Claro! Qual é o número do pedido?' });
  await pollUntil(
    async () =>
      (
        await api<{ content: { body?: string } }[]>(
          agent.token,
          'GET',
          `/simulator/connections/${connection.id}/sent?chat=${number}`,
        )
      ).some((sent) => sent.content.body?.includes('Qual é o número do pedido?')),
    { timeoutMs: 60_000, what: 'the reply to reach the customer' },
  );
}, 240_000);
