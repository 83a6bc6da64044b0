// `make dev`: the whole product in one process on embedded defaults. PostgreSQL is embedded unless DATABASE_URL
// is set; services talk over the in-process bus unless KAFKA_BROKERS is set. Ctrl-C stops everything cleanly and
// ends with `stopped` and exit code 0.
import { execFileSync, spawn } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Ctrl-C's graceful shutdown of the apps gives up after this long (the database stops anyway). */
const STOP_TIMEOUT_MS = 20_000;

let apps;
let webServer;
let database;
let fakeEfi;
let providerFakes;
let fakeGraph;
let stopping = false;

/** One line for an error met while stopping (connections the terminal's Ctrl-C already closed): no stacks. */
const brief = (error) => (error instanceof Error ? error.message : String(error)).split('\n')[0];

async function stop(code) {
  if (stopping) return;
  stopping = true;
  console.log('\nstopping…');
  // Vite stops first (a Ctrl-C from the terminal's SIGINT may have reached it already; PostgreSQL's helper is in a
  // group of its own and stops last), so what the apps meet while closing (closed connections, a bus that is gone)
  // is expected; it is summed up, not thrown
  let problems = 0;
  const expected = (error) => {
    problems += 1;
    if (process.env.LOG_LEVEL === 'debug') console.error(`  (while stopping: ${brief(error)})`);
  };
  process.on('uncaughtException', expected);
  process.on('unhandledRejection', expected);
  webServer?.kill('SIGTERM');
  // the apps' graceful shutdown: HTTP, then consumers and jobs, then the outbox relays (what is left stays in the
  // outbox for the next start), then the rest
  await apps?.stop({ deadline: Date.now() + STOP_TIMEOUT_MS }).catch(expected);
  await database?.stop().catch(expected);
  await fakeEfi?.stop().catch(expected);
  await providerFakes?.stop().catch(expected);
  await fakeGraph?.stop().catch(expected);
  console.log(problems > 0 ? `stopped (${problems} connection(s) were already closed)` : 'stopped');
  if (ctrlCAsKey) process.stdin.setRawMode(false);
  process.exit(code);
}
// before anything slow is loaded: a Ctrl-C during start-up stops cleanly too
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));
// however this process ends, the web server does not outlive it
process.on('exit', () => webServer?.kill('SIGTERM'));
/**
 * Whether this process runs in the foreground of its terminal: a background job (`make dev &`) that touched the
 * terminal's mode or read it would be stopped by it (SIGTTOU, SIGTTIN) together with `make`.
 */
function terminalForeground() {
  if (!process.stdin.isTTY) return false;
  try {
    const ps = execFileSync('ps', ['-o', 'pgid=,tpgid=', '-p', String(process.pid)], { encoding: 'utf8' });
    const [group, foreground] = ps.trim().split(/\s+/).map(Number);
    return group > 0 && group === foreground;
  } catch {
    return false;
  }
}

// In the foreground of a terminal, Ctrl-C is read as a key (raw mode) instead of the terminal's SIGINT to the whole
// process group: `make` then never sees the signal and ends with this process's exit code (0) instead of reporting
// an interrupt. The web server is stopped by stop() itself.
const ctrlCAsKey = terminalForeground();
if (ctrlCAsKey) {
  process.stdin.setRawMode(true);
  process.stdin.on('data', (keys) => {
    if (keys.includes(0x03)) void stop(0);
  });
}

const { FakeEfiServer } = await import('@cs/billing/fake-efi');
const { startDevProviderFakes } = await import('@cs/tickets/provider-fakes');
const { devDatabase } = await import('./dev-postgres.mjs');
const { GATEWAY, SERVICES } = await import('./deployables.mjs');
const { migrateAll } = await import('./migrate.mjs');
const { devSecretsKeys } = await import('./dev-secrets.mjs');
const { startApps } = await import('./one-process.mjs');
const { seedDemoAutomations } = await import('./dev-automations.mjs');
const { FakeGraph, recordedTemplates } = await import('@cs/whatsapp-connector/fake-graph');
const { DEMO_CLOUD_API, seedDemoCloudConnection } = await import('./dev-cloud-api.mjs');

/**
 * The internal token, kept in .data/dev-internal-token across starts: the secrets the services store sealed with a
 * key derived from it (tickets' AI and integration credentials, identity's authenticator secrets) stay readable.
 */
function devInternalToken() {
  const dataDir = fileURLToPath(new URL('../../.data/', import.meta.url));
  const file = `${dataDir}dev-internal-token`;
  try {
    const kept = readFileSync(file, 'utf8').trim();
    if (kept) return kept;
  } catch {
    // the first start: made below
  }
  const token = randomBytes(24).toString('hex');
  mkdirSync(dataDir, { recursive: true });
  try {
    writeFileSync(file, `${token}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    // another `make dev` made it first: its token is the one kept
    if (error.code === 'EEXIST') return readFileSync(file, 'utf8').trim();
    throw error;
  }
  return token;
}

/** An EC P-256 pair for access tokens (ES256: identity signs, the gateway verifies), unless the environment has one. */
function devAccessTokenKeys() {
  if (process.env.AUTH_ACCESS_PRIVATE_KEY && process.env.AUTH_ACCESS_PUBLIC_KEY) return {};
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return {
    AUTH_ACCESS_PRIVATE_KEY: privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64'),
    AUTH_ACCESS_PUBLIC_KEY: publicKey.export({ format: 'der', type: 'spki' }).toString('base64'),
  };
}

/**
 * Billing's Pix provider: the real Efí when EFI_CLIENT_ID is set, else the fake Efí in this process, which pays
 * every charge by itself after FAKE_EFI_AUTO_PAY_MS (default 20 s) and notifies the gateway's webhook, so the
 * whole payment can be clicked through locally.
 */
async function billingProviderEnv(gatewayUrl) {
  const webhook = {
    BILLING_WEBHOOK_SECRET: process.env.BILLING_WEBHOOK_SECRET ?? randomBytes(24).toString('hex'),
    BILLING_PUBLIC_URL: process.env.BILLING_PUBLIC_URL ?? gatewayUrl,
    BILLING_REGISTER_WEBHOOK: process.env.BILLING_REGISTER_WEBHOOK ?? 'true',
  };
  if (process.env.EFI_CLIENT_ID) return webhook;
  fakeEfi = await new FakeEfiServer({ autoPayAfterMs: Number(process.env.FAKE_EFI_AUTO_PAY_MS ?? 20_000) }).start();
  return { ...fakeEfi.billingEnv('pem'), ...webhook };
}

/**
 * The automations' providers (OpenAI, Typebot, n8n/webhook receivers, Google + Dialogflow): local fakes speaking their
 * real protocols (@cs/tickets/provider-fakes), on DEV_FAKES_PORT … +3 (default 4190; 0 = free ports), with tickets
 * pointed at them and their Typebot and webhook hosts let through the SSRF-safe client, unless DEV_PROVIDER_FAKES is
 * `false`. A provider URL set in the environment (TICKETS_OPENAI_BASE_URL, TICKETS_DIALOGFLOW_BASE_URL,
 * TICKETS_GOOGLE_TOKEN_URL) wins over its fake.
 */
async function automationProviderEnv(env) {
  if (env.DEV_PROVIDER_FAKES === 'false') return {};
  providerFakes = await startDevProviderFakes(Number(env.DEV_FAKES_PORT ?? 4190), env);
  const fakeEnv = { ...providerFakes.env };
  for (const key of ['TICKETS_OPENAI_BASE_URL', 'TICKETS_DIALOGFLOW_BASE_URL', 'TICKETS_GOOGLE_TOKEN_URL']) {
    if (process.env[key]) delete fakeEnv[key];
  }
  return fakeEnv;
}

/**
 * Meta's Graph API for the demo's Cloud API connection: the fake the connector's tests use, on DEV_GRAPH_PORT
 * (default 4194; 0 = a free port), answering with the recorded message templates and recording what it is sent
 * (`GET <fake>/_fake/sent`), unless WHATSAPP_GRAPH_URL is set or DEV_PROVIDER_FAKES is `false`.
 */
async function graphProviderEnv(env) {
  if (env.WHATSAPP_GRAPH_URL || env.DEV_PROVIDER_FAKES === 'false') return {};
  fakeGraph = new FakeGraph('v23.0', DEMO_CLOUD_API.cloudPhoneNumberId, DEMO_CLOUD_API.cloudAccessToken);
  await fakeGraph.start(Number(env.DEV_GRAPH_PORT ?? 4194));
  fakeGraph.businessAccountId = DEMO_CLOUD_API.cloudBusinessAccountId;
  fakeGraph.templates = recordedTemplates();
  return { WHATSAPP_GRAPH_URL: fakeGraph.url, WHATSAPP_GRAPH_VERSION: 'v23.0' };
}

try {
  database = await devDatabase();
  const gatewayPort = Number(process.env[GATEWAY.portKey] ?? GATEWAY.port);
  const env = {
    ...process.env,
    NODE_ENV: process.env.NODE_ENV ?? 'development',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    DATABASE_URL: database.url,
    INTERNAL_TOKEN: process.env.INTERNAL_TOKEN ?? devInternalToken(),
    // public links (media) name the gateway on the port it really listens on
    PUBLIC_URL: process.env.PUBLIC_URL ?? `http://127.0.0.1:${gatewayPort}`,
    ...devAccessTokenKeys(),
    // kept in .data with the database, so the credentials stored sealed with it open after a restart
    ...devSecretsKeys(process.env, fileURLToPath(new URL('../../.data', import.meta.url))),
  };
  Object.assign(env, await billingProviderEnv(`http://127.0.0.1:${gatewayPort}`));
  Object.assign(env, await automationProviderEnv(env));
  Object.assign(env, await graphProviderEnv(env));
  await migrateAll(database.url, env, { seed: true });
  const withDefinitions = async (deployable) => ({
    ...deployable,
    definition: (await import(deployable.app))[deployable.definition],
  });
  apps = await startApps({
    services: await Promise.all(SERVICES.map(withDefinitions)),
    gateway: await withDefinitions(GATEWAY),
    env: { ...env, [GATEWAY.portKey]: String(gatewayPort) },
  });
  const gateway = apps.gateway;

  // the web client: Vite's dev server, proxying /api and /socket.io to the gateway (web/vite.config.ts)
  const webPort = Number(process.env.WEB_PORT ?? 5173);
  const webDir = fileURLToPath(new URL('../../web/', import.meta.url));
  webServer = spawn(
    process.execPath,
    [fileURLToPath(new URL('../../node_modules/vite/bin/vite.js', import.meta.url))],
    {
      cwd: webDir,
      env: { ...process.env, GATEWAY_URL: gateway.url, WEB_PORT: String(webPort) },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  webServer.on('exit', (code) => {
    if (!stopping && code !== 0) console.error(`web dev server exited with code ${code}`);
  });

  const { DEMO_LOGINS } = await import('../../services/identity/src/database/seed.ts');
  const admin = DEMO_LOGINS.find((login) => login.email === 'admin@demo.local');
  // the demo's automations are a convenience: the product runs without them (e.g. when credentials the services
  // stored under another internal token cannot be read, the integrations' list answers an error)
  let demoCompany = '';
  if (providerFakes) {
    demoCompany = await seedDemoAutomations(gateway.url, providerFakes.demoAutomations, {
      email: admin.email,
      password: admin.password,
    }).then(
      (names) => `${names.join(', ')}: pick one on the connection or a queue`,
      (error) => `its automations were not written (${brief(error)})`,
    );
  }
  let cloudApi = '';
  if (fakeGraph) {
    cloudApi = await seedDemoCloudConnection(gateway.url, { email: admin.email, password: admin.password }).then(
      (summary) => `${summary}; the fake Graph API at ${fakeGraph.url} (what it was sent: ${fakeGraph.url}/_fake/sent)`,
      (error) => `not created (${brief(error)})`,
    );
  }
  const logins = DEMO_LOGINS.map((login) => `    ${login.email.padEnd(24)} ${login.password}  (${login.role})`).join(
    '\n',
  );
  const bus = env.KAFKA_BROKERS ? `Kafka at ${env.KAFKA_BROKERS}` : 'the in-process bus';
  console.log(`
  Customer-service platform is running (${SERVICES.length} service(s) + gateway, ${bus}).

    web:            http://localhost:${webPort}
    API (gateway):  ${gateway.url}
    readiness:      ${gateway.url}/health/ready
    database:       ${database.url.replace(/:[^:@/]+@/, ':***@')}
    API docs:       ${gateway.url}/docs/
    Pix provider:   ${fakeEfi ? `fake Efí at ${fakeEfi.url} (charges pay themselves after ${Number(process.env.FAKE_EFI_AUTO_PAY_MS ?? 20_000) / 1000} s)` : 'Efí'}
    automations:    ${providerFakes ? `fakes of ${providerFakes.summary}` : 'the providers of the environment'}
${demoCompany ? `    demo company:   ${demoCompany}\n` : ''}${cloudApi ? `    Cloud API:      ${cloudApi}\n` : ''}
  Demo logins (POST /auth/login):
${logins}

  Ctrl-C stops everything.`);
} catch (error) {
  // Ctrl-C during start-up: stop() is already reporting
  if (!stopping) {
    console.error('make dev failed:', error);
    await stop(1);
  }
}
