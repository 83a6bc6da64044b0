// The stack a benchmark measures: a fresh PostgreSQL database (TEST_DATABASE_URL's server) and Kafka topic
// prefix (the shared broker, KAFKA_BROKERS or 127.0.0.1:19092), every deployable of deploy/scripts/deployables.mjs
// migrated, seeded and started as its own process (as deploy/scripts/e2e-stack.mjs does, without the web),
// the gateway in front. `prepare(databaseUrl)` runs after migrations and seeds, before any process starts
// (the data generator). `stop()` ends the processes and drops the database and topics.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
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
import { GATEWAY, SERVICES } from '../../deploy/scripts/deployables.mjs';
import { migrateAll } from '../../deploy/scripts/migrate.mjs';

function accessTokenKeys() {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return {
    AUTH_ACCESS_PRIVATE_KEY: privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64'),
    AUTH_ACCESS_PUBLIC_KEY: publicKey.export({ format: 'der', type: 'spki' }).toString('base64'),
  };
}

const entryOf = (app) => app.replace(/^\.\.\/\.\.\//, '').replace(/app\.ts$/, 'main.ts');

export const hasConnector = () => SERVICES.some((service) => service.name === 'whatsapp-connector');

/**
 * @param {{ name: string, prepare?: (databaseUrl: string) => Promise<void>, env?: Record<string,string>,
 *           log?: (line: string) => void }} options
 */
export async function startStack({ name, prepare, env: extraEnv = {}, log = (line) => console.log(`  ${line}`) }) {
  const runId = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const database = `cs_bench_${name.replace(/\W/g, '_')}_${runId}`;
  const databaseUrl = await createDatabase(adminUrl, database);
  const brokers = process.env.KAFKA_BROKERS ?? DEFAULT_TEST_BROKERS;
  await ensureKafka(brokers);
  const topicPrefix = `bench${runId}.`;
  await createTopics(brokers, topicPrefix);
  /** @type {Array<{ name: string, child: import('@cs/platform/testing').ChildHandle }>} */
  const processes = [];
  const gatewayPort = await freePort();
  const gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
  const mediaDir = mkdtempSync(join(tmpdir(), 'cs-bench-media-'));
  const env = {
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
    INTERNAL_TOKEN: randomBytes(24).toString('hex'),
    DATABASE_URL: databaseUrl,
    KAFKA_BROKERS: brokers,
    KAFKA_TOPIC_PREFIX: topicPrefix,
    SIMULATOR_ENABLED: 'true',
    SIMULATOR_AUTO_SCAN_MS: '0',
    TICKETS_MEDIA_BASE_URL: gatewayUrl,
    TICKETS_MEDIA_DIR: join(mediaDir, 'tickets'),
    MEDIA_DIR: join(mediaDir, 'whatsapp'),
    PUBLIC_URL: gatewayUrl,
    ...accessTokenKeys(),
    PATH: process.env.PATH,
    ...extraEnv,
  };
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    for (const { child } of [...processes].reverse()) await child.kill().catch(() => undefined);
    await deleteTopics(brokers, topicPrefix).catch(() => undefined);
    if (process.env.BENCH_KEEP_DB !== '1') await dropDatabase(adminUrl, database).catch(() => undefined);
    rmSync(mediaDir, { recursive: true, force: true });
  };
  // Ctrl-C at any point (even during migrations) leaves no database, topics or processes behind
  const onSignal = () => void stop().then(() => process.exit(130));
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    log(`database ${database}, Kafka ${brokers} (topics ${topicPrefix}*)`);
    await migrateAll(databaseUrl, env, { seed: true });
    if (prepare) await prepare(databaseUrl);
    const serviceUrls = {};
    for (const service of SERVICES) {
      const port = await freePort();
      const child = spawnTs(entryOf(service.app), { ...env, [service.portKey]: String(port) }, service.name);
      processes.push({ name: service.name, child });
      const url = `http://127.0.0.1:${port}`;
      await waitForHttp(`${url}/health/ready`, { child, timeoutMs: 90_000 });
      serviceUrls[service.urlKey] = url;
      log(`${service.name} on ${url} (pid ${child.process.pid})`);
    }
    // BENCH_GATEWAY_NODE_OPTIONS: Node options for the gateway only (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`)
    const gatewayOptions = process.env.BENCH_GATEWAY_NODE_OPTIONS;
    const gateway = spawnTs(
      entryOf(GATEWAY.app),
      {
        ...env,
        ...serviceUrls,
        [GATEWAY.portKey]: String(gatewayPort),
        ...(gatewayOptions ? { NODE_OPTIONS: gatewayOptions } : {}),
      },
      'gateway',
    );
    processes.push({ name: 'gateway', child: gateway });
    await waitForHttp(`${gatewayUrl}/health/ready`, { child: gateway, timeoutMs: 90_000 });
    log(`gateway on ${gatewayUrl} (pid ${gateway.process.pid})`);
    return { gatewayUrl, serviceUrls, databaseUrl, env, processes, stop };
  } catch (error) {
    for (const { name: which, child } of processes) {
      if (child.process.exitCode !== null) console.error(`[${which}] ${child.output().slice(-3000)}`);
    }
    await stop();
    throw error;
  }
}
