// `make dev`: the whole product in one process on embedded defaults. PostgreSQL is embedded unless DATABASE_URL
// is set; services talk over the in-process bus unless KAFKA_BROKERS is set. Ctrl-C stops everything cleanly.
import { spawn } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { startServiceApp } from '@cs/platform/bootstrap';
import { devDatabase } from './dev-postgres.mjs';
import { GATEWAY, SERVICES } from './deployables.mjs';
import { migrateAll } from './migrate.mjs';

const started = [];
let webServer;
let database;
let stopping = false;

async function stop(code) {
  if (stopping) return;
  stopping = true;
  console.log('\nstopping…');
  webServer?.kill('SIGTERM');
  for (const app of started.reverse()) await app.close().catch((error) => console.error(error));
  await database?.stop().catch(() => undefined);
  process.exit(code);
}
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));

/** An Ed25519 pair for access tokens (identity signs, the gateway verifies), unless the environment has one. */
function devAccessTokenKeys() {
  if (process.env.AUTH_ACCESS_PRIVATE_KEY && process.env.AUTH_ACCESS_PUBLIC_KEY) return {};
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return {
    AUTH_ACCESS_PRIVATE_KEY: privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64'),
    AUTH_ACCESS_PUBLIC_KEY: publicKey.export({ format: 'der', type: 'spki' }).toString('base64'),
  };
}

try {
  database = await devDatabase();
  const env = {
    ...process.env,
    NODE_ENV: process.env.NODE_ENV ?? 'development',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    DATABASE_URL: database.url,
    INTERNAL_TOKEN: process.env.INTERNAL_TOKEN ?? randomBytes(24).toString('hex'),
    ...devAccessTokenKeys(),
  };
  await migrateAll(database.url, env, { seed: true });

  const serviceUrls = {};
  for (const service of SERVICES) {
    const { [service.definition]: definition } = await import(service.app);
    const port = Number(process.env[service.portKey] ?? service.port);
    const app = await startServiceApp(definition, { ...env, [service.portKey]: String(port) });
    started.push(app);
    serviceUrls[service.urlKey] = app.url;
  }
  const { [GATEWAY.definition]: gatewayDefinition } = await import(GATEWAY.app);
  const gatewayPort = Number(process.env[GATEWAY.portKey] ?? GATEWAY.port);
  const gateway = await startServiceApp(gatewayDefinition, {
    ...env,
    ...serviceUrls,
    [GATEWAY.portKey]: String(gatewayPort),
  });
  started.push(gateway);

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

  Demo logins (POST /auth/login):
${logins}

  Ctrl-C stops everything.`);
} catch (error) {
  console.error('make dev failed:', error);
  await stop(1);
}
