// The one-machine shape for a benchmark: its built bundle (deploy/one-machine/dist/bundle/main.js, `make build`) as one
// process on a fresh database of TEST_DATABASE_URL's server (migrated and seeded by the process itself, the demo
// company and its simulated connection included), the built web client, the API under `${origin}/api`. No Kafka.
// `stop()` sends SIGTERM (the graceful shutdown), then drops the database (unless BENCH_KEEP_DB=1).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FakeEfiServer } from '@cs/billing/fake-efi';
import {
  accessTokenKeys,
  createDatabase,
  dropDatabase,
  freePort,
  testServerUrl,
  waitForHttp,
} from '@cs/platform/testing';

const root = fileURLToPath(new URL('../../', import.meta.url));
export const ONE_MACHINE_BUNDLE = join(root, 'deploy/one-machine/dist/bundle/main.js');

export async function startOneMachine({ name, env: extraEnv = {}, log = (line) => console.log(`  ${line}`) }) {
  if (!existsSync(ONE_MACHINE_BUNDLE)) throw new Error(`${ONE_MACHINE_BUNDLE} is missing: run \`make build\` first`);
  const database = `cs_bench_${name.replace(/\W/g, '_')}_${randomBytes(3).toString('hex')}`;
  const adminUrl = testServerUrl();
  const databaseUrl = await createDatabase(adminUrl, database);
  const fakeEfi = await new FakeEfiServer().start();
  const mediaDir = mkdtempSync(join(tmpdir(), `cs-${name}-one-machine-`));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [ONE_MACHINE_BUNDLE], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
      HOST: '127.0.0.1',
      GATEWAY_PORT: String(port),
      DATABASE_URL: databaseUrl,
      PUBLIC_URL: `${origin}/api`,
      AUTH_ACCESS_PRIVATE_KEY: accessTokenKeys().privateKey,
      ...fakeEfi.billingEnv('pem'),
      BILLING_WEBHOOK_SECRET: randomBytes(24).toString('hex'),
      SIMULATOR_ENABLED: 'true',
      SIMULATOR_AUTO_SCAN_MS: '0',
      // one folder for every service's media (each keeps its own key layout)
      MEDIA_DIR: mediaDir,
      ...extraEnv,
    },
  });
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    if (process.env.BENCH_KEEP_DB !== '1') await dropDatabase(adminUrl, database).catch(() => undefined);
    rmSync(mediaDir, { recursive: true, force: true });
    await fakeEfi.stop();
  };
  try {
    await waitForHttp(`${origin}/health/ready`, { timeoutMs: 120_000 });
  } catch (error) {
    await stop();
    throw error;
  }
  log(`one-machine on ${origin} (pid ${child.pid}), database ${database}`);
  return { origin, apiUrl: `${origin}/api`, pid: child.pid, databaseUrl, stop };
}

/**
 * The pid of the Kafka broker a run uses (deploy/kafka/kafka.sh's, whose data folder is named after its port), or
 * null: the distributed shape's memory counts it.
 */
export function brokerPid(brokers = process.env.KAFKA_BROKERS ?? '127.0.0.1:19092') {
  const port = brokers.split(',')[0].split(':').at(-1);
  for (const pid of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    try {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (cmdline.includes('kafka.Kafka') && cmdline.includes(`kafka-${port}/server.properties`)) return Number(pid);
    } catch {
      // gone meanwhile
    }
  }
  return null;
}
