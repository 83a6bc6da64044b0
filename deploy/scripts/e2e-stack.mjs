// The full stack for the browser tests (`make e2e`): a fresh PostgreSQL database and Kafka topic prefix, every
// deployable of deployables.mjs migrated, seeded and started as its own process, the gateway in front, and the
// built web client served by `vite preview` (which proxies /api and /socket.io to the gateway).
// Run directly (`node --import ./deploy/scripts/register-ts.mjs deploy/scripts/e2e-stack.mjs`) it starts the
// stack and waits for Ctrl-C, for trying the product in a browser.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import {
  createDatabase,
  createTopics,
  DEFAULT_TEST_BROKERS,
  deleteTopics,
  dropDatabase,
  ensureKafka,
  freePort,
  spawnTs,
  waitForHttp,
} from '@cs/platform/testing';
import { GATEWAY, SERVICES } from './deployables.mjs';
import { migrateAll } from './migrate.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
/** A fresh Ed25519 pair for access tokens (identity signs, the gateway verifies). */
function accessTokenKeys() {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return {
    AUTH_ACCESS_PRIVATE_KEY: privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64'),
    AUTH_ACCESS_PUBLIC_KEY: publicKey.export({ format: 'der', type: 'spki' }).toString('base64'),
  };
}

const entryOf = (app) => app.replace(/^\.\.\/\.\.\//, '').replace(/app\.ts$/, 'main.ts');

/** `web: false` leaves the client out (tests that talk to the gateway as a client would, without a browser). */
export async function startStack({ log = () => undefined, web: withWeb = true } = {}) {
  const runId = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const database = `cs_e2e_${runId}`;
  const databaseUrl = await createDatabase(adminUrl, database);
  const brokers = process.env.KAFKA_BROKERS ?? DEFAULT_TEST_BROKERS;
  await ensureKafka(brokers);
  const topicPrefix = `e2e${runId}.`;
  await createTopics(brokers, topicPrefix);
  const children = [];
  // the gateway's address is known up front: services put it in the media URLs they hand out
  const gatewayPort = await freePort();
  const gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
  // stored media of this run (outside the repo: a dot-folder such as .data is refused by the media routes)
  const mediaDir = mkdtempSync(join(tmpdir(), 'cs-e2e-media-'));
  const env = {
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    INTERNAL_TOKEN: randomBytes(24).toString('hex'),
    DATABASE_URL: databaseUrl,
    KAFKA_BROKERS: brokers,
    KAFKA_TOPIC_PREFIX: topicPrefix,
    // the connector's simulator is the contact's phone in the browser tests
    SIMULATOR_ENABLED: 'true',
    // no automatic QR "scan": the management walk scans through the simulator's API when it means to (0 = off)
    SIMULATOR_AUTO_SCAN_MS: '0',
    TICKETS_MEDIA_BASE_URL: gatewayUrl,
    TICKETS_MEDIA_DIR: join(mediaDir, 'tickets'),
    MEDIA_DIR: join(mediaDir, 'identity'),
    WHATSAPP_MEDIA_DIR: join(mediaDir, 'whatsapp'),
    PUBLIC_URL: gatewayUrl,
    ...accessTokenKeys(),
    PATH: process.env.PATH,
  };

  const stop = async () => {
    for (const child of children.reverse()) await child.kill().catch(() => undefined);
    await deleteTopics(brokers, topicPrefix).catch(() => undefined);
    await dropDatabase(adminUrl, database).catch(() => undefined);
    rmSync(mediaDir, { recursive: true, force: true });
  };

  try {
    log(`database ${database}, Kafka ${brokers} (topics ${topicPrefix}*)`);
    await migrateAll(databaseUrl, env, { seed: true });
    const serviceUrls = {};
    for (const service of SERVICES) {
      const port = await freePort();
      const child = spawnTs(entryOf(service.app), { ...env, [service.portKey]: String(port) }, service.name);
      children.push(child);
      const url = `http://127.0.0.1:${port}`;
      await waitForHttp(`${url}/health/ready`, { child, timeoutMs: 60_000 });
      serviceUrls[service.urlKey] = url;
      log(`${service.name} on ${url}`);
    }
    const gateway = spawnTs(
      entryOf(GATEWAY.app),
      { ...env, ...serviceUrls, [GATEWAY.portKey]: String(gatewayPort) },
      'gateway',
    );
    children.push(gateway);
    await waitForHttp(`${gatewayUrl}/health/ready`, { child: gateway, timeoutMs: 60_000 });
    log(`gateway on ${gatewayUrl}`);
    const deployables = SERVICES.map((s) => s.name);
    if (!withWeb) return { webUrl: null, gatewayUrl, databaseUrl, serviceUrls, deployables, stop };

    const webPort = await freePort();
    const web = spawn(process.execPath, [`${root}node_modules/vite/bin/vite.js`, 'preview', '--host', '127.0.0.1'], {
      cwd: `${root}web`,
      env: { ...process.env, GATEWAY_URL: gatewayUrl, WEB_PORT: String(webPort) },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const webExited = new Promise((resolve) => web.once('exit', resolve));
    children.push({
      kill: async () => {
        if (web.exitCode === null) web.kill('SIGTERM');
        await webExited;
      },
    });
    const webUrl = `http://127.0.0.1:${webPort}`;
    await waitForHttp(`${webUrl}/login`, { timeoutMs: 30_000 });
    log(`web on ${webUrl}`);
    return { webUrl, gatewayUrl, databaseUrl, serviceUrls, deployables, stop };
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
