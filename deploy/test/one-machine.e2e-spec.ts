/**
 * The one-machine shape as it runs in production: the built bundle (deploy/one-machine/dist/bundle/main.js, from
 * `make build`) as one process on this machine's PostgreSQL, no Kafka. It migrates and seeds a fresh database at
 * start, then serves everything on one origin: the web client (security headers, hashed assets cached for good),
 * the API under /api and socket.io. The smoke journey goes through that origin only: an agent signs in and opens the
 * socket, a customer writes through the connector's simulator, the ticket reaches the agent's socket, the agent's
 * reply reaches the customer. SIGTERM then stops it cleanly (its socket is closed by the server, exit 0).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { io, type Socket } from 'socket.io-client';
import { FakeEfiServer } from '@cs/billing/fake-efi';
import {
  accessTokenKeys,
  createDatabase,
  dropDatabase,
  expectEventually,
  freePort,
  pollUntil,
  repoRoot,
  testServerUrl,
  waitForHttp,
} from '@cs/platform/testing';
import { channel } from '@cs/proto/realtime';

const BUNDLE = 'deploy/one-machine/dist/bundle/main.js';
const COMPANY = 2;
const CONNECTION = 1; // the demo company's simulator connection, seeded CONNECTED outside production
const AGENT = { email: 'agente@demo.local', password: 'demo12345' };

let child: ChildProcess;
let exited: Promise<number | string>;
let output = '';
let url: string;
let database: string;
let fakeEfi: FakeEfiServer;
let squatter: Server | undefined;
let mediaDir: string;
let socket: Socket | undefined;

beforeAll(async () => {
  if (!existsSync(join(repoRoot(), BUNDLE))) throw new Error(`${BUNDLE} is missing: run \`make build\` first`);
  database = `cs_onemachine_${randomBytes(4).toString('hex')}`;
  const databaseUrl = await createDatabase(testServerUrl(), database);
  fakeEfi = await new FakeEfiServer().start();
  mediaDir = mkdtempSync(join(tmpdir(), 'cs-one-machine-'));
  // something else on the host holds identity's usual port (4101; when another run holds it already, so much the
  // better): the process's apps listen on ports of the system's choosing
  squatter = await new Promise<Server | undefined>((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(undefined));
    server.listen(4101, '127.0.0.1', () => resolve(server));
  });
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  // only what an operator sets (deploy/one-machine/compose.yml): no Kafka, no internal token, no public key
  const env = {
    PATH: process.env['PATH'],
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    GATEWAY_PORT: String(port),
    DATABASE_URL: databaseUrl,
    PUBLIC_URL: `${url}/api`,
    AUTH_ACCESS_PRIVATE_KEY: accessTokenKeys().privateKey,
    SUPER_USER_PASSWORD: 'one-machine-super',
    ...fakeEfi.billingEnv('pem'),
    BILLING_WEBHOOK_SECRET: randomBytes(24).toString('hex'),
    SIMULATOR_ENABLED: 'true',
    // one folder for every service's media (each keeps its own key layout)
    MEDIA_DIR: mediaDir,
  };
  child = spawn(process.execPath, [join(repoRoot(), BUNDLE)], {
    cwd: repoRoot(),
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (data: Buffer) => (output = (output + data.toString()).slice(-20_000)));
  child.stderr?.on('data', (data: Buffer) => (output = (output + data.toString()).slice(-20_000)));
  exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)));
  const gone = new AbortController();
  void exited.then((code) => gone.abort(new Error(`one-machine exited (${code})`)));
  await waitForHttp(`${url}/health/ready`, { timeoutMs: 120_000, signal: gone.signal }).catch((error: unknown) => {
    throw new Error(`one-machine did not become ready; its output:\n${output}`, { cause: error });
  });
}, 180_000);

afterAll(async () => {
  socket?.close();
  if (child && child.exitCode === null) child.kill('SIGKILL');
  await fakeEfi?.stop();
  if (database) await dropDatabase(testServerUrl(), database);
  if (mediaDir) rmSync(mediaDir, { recursive: true, force: true });
  await new Promise((resolve) => (squatter ? squatter.close(resolve) : resolve(undefined)));
});

async function api<T>(token: string | null, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${url}/api${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} /api${path} → ${response.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

it('serves the web client from the same origin as the API, with its security headers and caching', async () => {
  const page = await fetch(`${url}/`);
  expect(page.status).toBe(200);
  expect(page.headers.get('content-type')).toMatch(/^text\/html/);
  expect(page.headers.get('cache-control')).toBe('no-cache');
  const policy = page.headers.get('content-security-policy') ?? '';
  expect(policy).toContain("frame-ancestors 'none'");
  expect(policy).toContain("script-src 'self';");
  // the socket's WebSocket on this origin, and the media of PUBLIC_URL
  const { host } = new URL(url);
  expect(policy).toContain(`connect-src 'self' wss://${host} ws://${host} ${url}/;`);
  expect(page.headers.get('x-content-type-options')).toBe('nosniff');
  const html = await page.text();
  const script = html.match(/src="(\/assets\/index-[^"]+\.js)"/)?.[1];
  expect(script).toBeDefined();

  const asset = await fetch(`${url}${script}`);
  expect(asset.status).toBe(200);
  expect(asset.headers.get('content-type')).toMatch(/javascript/);
  expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  // the SPA's own routes get the page; a missing asset never does
  expect(await (await fetch(`${url}/tickets/123`)).text()).toBe(html);
  expect((await fetch(`${url}/assets/index-missing.js`)).status).toBe(404);
  expect((await fetch(`${url}/api/version`)).status).toBe(200);
});

it('carries a customer’s message to the agent’s socket and the agent’s reply to the customer, then stops cleanly', async () => {
  const agent = await api<{ token: string; user: { id: number } }>(null, 'POST', '/auth/login', AGENT);
  const received: Array<{ event: string; payload: { action: string; ticket?: { id: number; status: string } } }> = [];
  socket = io(url, {
    path: '/socket.io',
    transports: ['websocket'],
    auth: { token: agent.token },
    reconnection: false,
  });
  socket.onAny((event: string, payload: (typeof received)[number]['payload']) => received.push({ event, payload }));
  await new Promise<void>((resolve, reject) => {
    socket?.once('connect', () => resolve());
    socket?.once('connect_error', reject);
  });
  for (const status of ['pending', 'open']) socket.emit('joinTickets', status);

  const number = `5511960${String(Date.now()).slice(-6)}`;
  const says = (body: string) =>
    api(agent.token, 'POST', `/simulator/connections/${CONNECTION}/messages`, {
      from: { number, name: 'Cliente Uma Máquina' },
      kind: 'text',
      body,
    });
  const customerGets = (pattern: RegExp) =>
    pollUntil(
      async () =>
        (
          await api<Array<{ content: { body?: string } }>>(
            agent.token,
            'GET',
            `/simulator/connections/${CONNECTION}/sent?chat=${number}`,
          )
        ).find((message) => pattern.test(message.content.body ?? '')),
      { timeoutMs: 60_000, what: `the customer to receive ${pattern}` },
    );

  await says('Olá, preciso de ajuda');
  await customerGets(/\[ 1 \]/);
  await says('1');
  const ticket = await pollUntil(
    async () =>
      received.find(
        (entry) =>
          entry.event === channel.ticket(COMPANY) &&
          entry.payload.action === 'update' &&
          entry.payload.ticket?.status === 'pending',
      )?.payload.ticket,
    { timeoutMs: 60_000, what: "the customer's ticket on the agent's socket" },
  );

  await api(agent.token, 'PUT', `/tickets/${ticket.id}`, { status: 'open', userId: agent.user.id });
  await api(agent.token, 'POST', `/messages/${ticket.id}`, { body: 'Claro, em que posso ajudar?' });
  await customerGets(/em que posso ajudar/);

  const disconnected = new Promise<string>((resolve) => socket?.once('disconnect', resolve));
  child.kill('SIGTERM');
  expect(await exited).toBe(0);
  expect(await disconnected).toBe('io server disconnect');
  await expectEventually(() => expect(fetch(`${url}/health/live`)).rejects.toThrow());
}, 240_000);
