// The full stack for the browser tests (`make e2e`), the full-system tests and the benchmarks (`bench/`): a fresh
// PostgreSQL database and Kafka topic prefix, every deployable of deployables.mjs migrated, seeded and started as its
// own process, the gateway in front, and (unless `web: false`) the built web client served by the web deployable's
// nginx with the image's configuration (deploy/test/web-server.ts: its security headers, /api and /socket.io to the
// gateway).
// Run directly (`node --import ./deploy/scripts/register-ts.mjs deploy/scripts/e2e-stack.mjs`) it starts the
// stack and waits for Ctrl-C, for trying the product in a browser.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import {
  accessTokenKeys,
  createDatabase,
  createTopics,
  DEFAULT_TEST_BROKERS,
  deleteTopics,
  dropDatabase,
  ensureKafka,
  freePort,
  spawnTs,
  testServerUrl,
  TEST_PASSWORD_HASH_ENV,
  waitForHttp,
} from '@cs/platform/testing';
import { FakeEfiServer } from '@cs/billing/fake-efi';
import { startWebServer } from '../test/web-server.ts';
import { GATEWAY, SERVICES } from './deployables.mjs';
import { migrateAll } from './migrate.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
/**
 * NODE_OPTIONS of one deployable: its own (deployables.mjs, or `gatewayNodeOptions`) and `STACK_NODE_OPTIONS` from
 * the environment, which every deployable gets. Options Node refuses there (`--cpu-prof`) go in `STACK_EXEC_ARGV`,
 * which `spawnTs` puts on each child's command line (bench/profile-report.mjs).
 */
function nodeOptionsEnv(own) {
  const options = [own, process.env.STACK_NODE_OPTIONS].filter(Boolean).join(' ');
  return options ? { NODE_OPTIONS: options } : {};
}

/** identity's signing key and the gateway's verifying key, a fresh pair per stack. */
function accessTokenEnv() {
  const { privateKey, publicKey } = accessTokenKeys();
  return { AUTH_ACCESS_PRIVATE_KEY: privateKey, AUTH_ACCESS_PUBLIC_KEY: publicKey };
}

/** A run's name: base-36 time and random hex, unique across stacks and templates made at the same moment. */
const newRunId = () => `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;

const ADMIN_URL = testServerUrl();
/**
 * The environment a template's seeds get: a stack's, as far as the seeds read it (NODE_ENV: the development logins;
 * the password hashes at the cost the stack's identity hashes at).
 */
const SEED_ENV = { NODE_ENV: 'test', ...TEST_PASSWORD_HASH_ENV };

/**
 * A database with every service's migrations and seeds, for stacks to copy (`template`): one per run of the browser
 * files instead of one per file. `drop()` removes it.
 */
export async function createTemplateDatabase(label = 'e2etemplate') {
  const database = `cs_${label}_${newRunId()}`;
  const databaseUrl = await createDatabase(ADMIN_URL, database);
  try {
    await migrateAll(databaseUrl, SEED_ENV, { seed: true });
  } catch (error) {
    await dropDatabase(ADMIN_URL, database).catch(() => undefined);
    throw error;
  }
  return { database, drop: () => dropDatabase(ADMIN_URL, database) };
}

const entryOf = (app) => app.replace(/^\.\.\/\.\.\//, '').replace(/app\.ts$/, 'main.ts');

/**
 * Options: `web: false` leaves the client out (tests and benchmarks that talk to the gateway as a client would);
 * `label` names the run's database (`cs_<label>_<run>`) and topic prefix; `prepare(databaseUrl)` runs after the
 * migrations and seeds, before any process starts (the benchmarks' data generator); `env` adds to every
 * deployable's environment; `keepDatabase` leaves the database behind on stop; `gatewayNodeOptions` are Node
 * options for the gateways only (e.g. `--cpu-prof`); `handleSignals` makes Ctrl-C at any point (even during the
 * migrations) stop everything and leave no database, topics or processes behind; `gateways` starts that many gateways
 * (`stack.gatewayUrls`; the first is `gatewayUrl`); `compiled` runs each deployable's
 * built JavaScript (`make build`) instead of its TypeScript sources through the SWC loader, as the image does (the
 * default when `STACK_COMPILED=1`: `make test` sets it, having just built everything); `template` is a database made
 * by `createTemplateDatabase` to copy instead of migrating and seeding (default `E2E_TEMPLATE_DATABASE`, which
 * web/e2e/run.mjs sets for its files; ignored with `prepare`); `maxPartitions` caps each topic's partitions (default
 * `E2E_TOPIC_PARTITIONS`, which web/e2e/run.mjs sets to `TEST_TOPIC_PARTITIONS`; unset, the registry's counts, as the
 * benchmarks need); `readyTimeoutMs` bounds the wait for each deployable's `/health/ready` (two walk files start
 * their stacks side by side on 2 cores, which takes over a minute when the machine is busy); `leastPasswordCost`
 * (default on) has identity hash passwords at argon2id's least cost (`TEST_PASSWORD_HASH_ENV`), as the tests need,
 * off for the benchmarks, which hash as production does.
 */
export async function startStack({
  log = () => undefined,
  web: withWeb = true,
  label = 'e2e',
  prepare,
  env: extraEnv = {},
  logLevel = process.env.E2E_LOG_LEVEL ?? 'warn',
  keepDatabase = false,
  gatewayNodeOptions,
  readyTimeoutMs = 120_000,
  handleSignals = false,
  compiled = process.env.STACK_COMPILED === '1',
  gateways = 1,
  template = prepare ? undefined : process.env.E2E_TEMPLATE_DATABASE || undefined,
  maxPartitions = Number(process.env.E2E_TOPIC_PARTITIONS) || undefined,
  leastPasswordCost = true,
} = {}) {
  if (withWeb && !existsSync(`${root}web/dist/index.html`))
    throw new Error('web/dist holds no build of the client: make build');
  const runId = newRunId();
  const database = `cs_${label}_${runId}`;
  const databaseUrl = await createDatabase(ADMIN_URL, database, { template });
  const brokers = process.env.KAFKA_BROKERS ?? DEFAULT_TEST_BROKERS;
  await ensureKafka(brokers);
  const topicPrefix = `${label}${runId}.`;
  await createTopics(brokers, topicPrefix, { maxPartitions });
  /** The deployables' processes, in start order. */
  const processes = [];
  let stopWeb = async () => undefined;
  // the gateway's address is known up front: services put it in the media URLs they hand out
  const gatewayPort = await freePort();
  const gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
  // stored media of this run (outside the repo: a dot-folder such as .data is refused by the media routes)
  const mediaDir = mkdtempSync(join(tmpdir(), `cs-${label}-media-`));
  // the Pix provider (billing): the fake Efí, in this process, so a test can pay a charge (`stack.fakeEfi.pay`)
  const fakeEfi = await new FakeEfiServer().start();
  const env = {
    NODE_ENV: 'test',
    ...(leastPasswordCost ? TEST_PASSWORD_HASH_ENV : {}),
    LOG_LEVEL: logLevel,
    INTERNAL_TOKEN: randomBytes(24).toString('hex'),
    DATABASE_URL: databaseUrl,
    KAFKA_BROKERS: brokers,
    KAFKA_TOPIC_PREFIX: topicPrefix,
    // the connector's simulator is the contact's phone in the browser tests
    SIMULATOR_ENABLED: 'true',
    // no automatic QR "scan": the management walk scans through the simulator's API when it means to (0 = off)
    SIMULATOR_AUTO_SCAN_MS: '0',
    // one folder for every service's media (each keeps its own key layout)
    MEDIA_DIR: mediaDir,
    PUBLIC_URL: gatewayUrl,
    // every company a walk signs up comes from this machine's address
    SIGNUP_MAX_PER_ADDRESS: '100',
    ...fakeEfi.billingEnv('pem'),
    BILLING_WEBHOOK_SECRET: randomBytes(24).toString('hex'),
    BILLING_PUBLIC_URL: gatewayUrl,
    BILLING_REGISTER_WEBHOOK: 'true',
    ...accessTokenEnv(),
    PATH: process.env.PATH,
    ...extraEnv,
  };

  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    if (handleSignals) {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
    }
    await stopWeb();
    // the gateways first (no new requests), then the services side by side: one after another took ~3 s a stack
    for (const group of [processes.filter((p) => p.gateway), processes.filter((p) => !p.gateway)]) {
      await Promise.all(group.map(({ child }) => child.kill().catch(() => undefined)));
    }
    await deleteTopics(brokers, topicPrefix).catch(() => undefined);
    if (!keepDatabase) await dropDatabase(ADMIN_URL, database).catch(() => undefined);
    rmSync(mediaDir, { recursive: true, force: true });
    await fakeEfi.stop();
  };
  const onSignal = () => void stop().then(() => process.exit(130));
  if (handleSignals) {
    process.once('SIGINT', onSignal);
    process.once('SIGTERM', onSignal);
  }

  const start = (name, deployable, childEnv) => {
    const child = spawnTs(entryOf(deployable.app), childEnv, name, { compiled });
    processes.push({ name, child, gateway: deployable === GATEWAY });
    return child;
  };

  try {
    log(`database ${database}${template ? ` (a copy of ${template})` : ''}, Kafka ${brokers} (topics ${topicPrefix}*)`);
    if (!template) await migrateAll(databaseUrl, env, { seed: true });
    if (prepare) await prepare(databaseUrl);
    // the services start together (none needs another to become ready: they meet through Kafka), 3–4 s sooner than
    // one after another on 2 cores; the gateway, which needs their addresses, follows
    const serviceUrls = {};
    const ports = [];
    for (let index = 0; index < SERVICES.length; index += 1) ports.push(await freePort());
    const started = SERVICES.map((service, index) => {
      const child = start(service.name, service, {
        ...env,
        [service.portKey]: String(ports[index]),
        ...nodeOptionsEnv(service.nodeOptions),
      });
      return { service, child, url: `http://127.0.0.1:${ports[index]}` };
    });
    const readiness = await Promise.allSettled(
      started.map(({ child, url }) => waitForHttp(`${url}/health/ready`, { child, timeoutMs: readyTimeoutMs })),
    );
    const failed = readiness.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
    for (const { service, child, url } of started) {
      serviceUrls[service.urlKey] = url;
      log(`${service.name} on ${url} (pid ${child.process.pid})`);
    }
    // the gateways, each consuming every realtime event for its own sockets (`gateways` > 1: more behind the same
    // services); the first answers at `gatewayUrl`
    const gatewayUrls = [];
    for (let index = 0; index < gateways; index += 1) {
      const name = index === 0 ? 'gateway' : `gateway-${index + 1}`;
      const port = index === 0 ? gatewayPort : await freePort();
      const child = start(name, GATEWAY, {
        ...env,
        ...serviceUrls,
        [GATEWAY.portKey]: String(port),
        ...nodeOptionsEnv(gatewayNodeOptions),
      });
      const url = `http://127.0.0.1:${port}`;
      await waitForHttp(`${url}/health/ready`, { child, timeoutMs: readyTimeoutMs });
      log(`${name} on ${url} (pid ${child.process.pid})`);
      gatewayUrls.push(url);
    }
    const stack = {
      webUrl: null,
      gatewayUrl,
      gatewayUrls,
      databaseUrl,
      serviceUrls,
      env,
      processes,
      deployables: SERVICES.map((s) => s.name),
      fakeEfi,
      stop,
    };
    if (!withWeb) return stack;

    // the web deployable as its image runs it: nginx over the built client, PUBLIC_URL in its CSP
    const webServer = await startWebServer({
      GATEWAY_UPSTREAM: `127.0.0.1:${gatewayPort}`,
      PUBLIC_URL: env.PUBLIC_URL,
      WEB_ROOT: `${root}web/dist`,
      WEB_PORT: String(await freePort()),
    });
    stopWeb = () => webServer.stop();
    const webUrl = webServer.url;
    log(`web on ${webUrl}`);
    return { ...stack, webUrl };
  } catch (error) {
    await stop();
    throw error;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const stack = await startStack({ log: (line) => console.log(line) });
  console.log(`\n  open ${stack.webUrl} — Ctrl-C stops everything`);
  const shutdown = () => void stack.stop().then(() => process.exit(0));
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}
