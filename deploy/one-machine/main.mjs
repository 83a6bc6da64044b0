// The one-machine shape (docs/one-machine.md): the whole platform in one process, built, as `make dev` runs it from
// the sources: every service and the gateway on the in-process bus over the services' outboxes and inboxes (no
// Kafka), serving the built web client with the API under /api and socket.io on the same origin
// (deploy/one-machine/web-front.mjs). At start it runs every service's migrations (each under its schema's advisory
// lock) and seeds the platform (the demo company and its simulated connection too when NODE_ENV is not production).
// deploy/scripts/bundle.mjs bundles it into deploy/one-machine/dist/bundle/main.js, which the image's one-machine
// target runs (deploy/docker/Dockerfile); deploy/one-machine/compose.yml puts PostgreSQL beside it.
import 'reflect-metadata';
import { httpDrain, shutdownSettings } from '@cs/platform/bootstrap';
import { ConfigError, loadConfig } from '@cs/platform/config';
import { runMigrations } from '@cs/platform/database';
import { HealthRegistry } from '@cs/platform/health';
import { createLogger } from '@cs/platform/logging';
import { stopTelemetry } from '@cs/platform/telemetry';
import { billingService } from '../../services/billing/dist/app.js';
import { createBillingDataSource } from '../../services/billing/dist/database/data-source.js';
import { campaignsService } from '../../services/campaigns/dist/app.js';
import { createCampaignsDataSource } from '../../services/campaigns/dist/database/data-source.js';
import { contactsService } from '../../services/contacts/dist/app.js';
import { createContactsDataSource } from '../../services/contacts/dist/database/data-source.js';
import { identityService } from '../../services/identity/dist/app.js';
import { createIdentityDataSource } from '../../services/identity/dist/database/data-source.js';
import { seedIdentity } from '../../services/identity/dist/database/seed.js';
import { ticketsService } from '../../services/tickets/dist/app.js';
import { createTicketsDataSource } from '../../services/tickets/dist/database/data-source.js';
import { seedTickets } from '../../services/tickets/dist/database/seed.js';
import { whatsappConnectorService } from '../../services/whatsapp-connector/dist/app.js';
import { createWhatsappDataSource } from '../../services/whatsapp-connector/dist/database/data-source.js';
import { seedWhatsappConnector } from '../../services/whatsapp-connector/dist/database/seed.js';
import { gatewayService } from '../../gateway/dist/app.js';
import { GATEWAY, SERVICES } from '../scripts/deployables.mjs';
import { startApps } from '../scripts/one-process.mjs';
import { oneMachineEnvironment } from './env.mjs';
import { createWebFront } from './web-front.mjs';

/** Each service's definition, data source and development seed, by its name in deployables.mjs (start order). */
const BUILT = {
  identity: { definition: identityService, dataSource: createIdentityDataSource, seed: seedIdentity },
  tickets: { definition: ticketsService, dataSource: createTicketsDataSource, seed: seedTickets, demoOnly: true },
  contacts: { definition: contactsService, dataSource: createContactsDataSource },
  'whatsapp-connector': {
    definition: whatsappConnectorService,
    dataSource: createWhatsappDataSource,
    seed: seedWhatsappConnector,
    demoOnly: true,
  },
  billing: { definition: billingService, dataSource: createBillingDataSource },
  campaigns: { definition: campaignsService, dataSource: createCampaignsDataSource },
};

/** Parses the environment with a schema, or exits 78 saying which keys are wrong for whom. */
function configOf(name, schema, environment) {
  try {
    return loadConfig(schema, environment);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`one-machine: ${name}: ${error.message}\n`);
    process.exit(78);
  }
}

let config;
let env;
try {
  ({ config, env } = oneMachineEnvironment(process.env));
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  process.stderr.write(`one-machine: ${error.message}\n`);
  process.exit(78);
}
const logger = createLogger({ service: 'one-machine', level: config.LOG_LEVEL });
const production = config.NODE_ENV === 'production';

// every app's configuration is checked before anything starts
for (const service of SERVICES) configOf(service.name, BUILT[service.name].definition.envSchema, env);
configOf('gateway', gatewayService.envSchema, env);

let apps;
let front;
try {
  for (const service of SERVICES) {
    const built = BUILT[service.name];
    const dataSource = built.dataSource(env);
    const applied = await runMigrations(dataSource);
    if (applied.length > 0) logger.info({ deployable: service.name, applied }, 'migrations applied');
    if (built.seed && (!production || !built.demoOnly)) await built.seed(dataSource, env);
    await dataSource.destroy();
  }
  apps = await startApps({
    services: SERVICES.map((service) => ({ ...service, definition: BUILT[service.name].definition })),
    gateway: { ...GATEWAY, definition: gatewayService },
    env,
  });
  const readiness = async () => {
    const results = await Promise.all(
      apps.apps.map(async ({ name, app }) => [name, await app.app.get(HealthRegistry).readiness()]),
    );
    return {
      ready: results.every(([, result]) => result.ready),
      apps: Object.fromEntries(results.map(([name, result]) => [name, { ready: result.ready, checks: result.checks }])),
    };
  };
  front = createWebFront({ webDir: config.WEB_DIST_DIR, gateway: apps.gateway, readiness, publicUrl: env.PUBLIC_URL });
  await new Promise((resolve, reject) => {
    front.server.once('error', reject);
    front.server.listen(config.GATEWAY_PORT, config.HOST, resolve);
  });
} catch (error) {
  logger.fatal({ err: error }, 'one-machine failed to start');
  if (apps) await apps.stop({ deadline: Date.now() + 10_000 }).catch(() => undefined);
  process.exit(1);
}
const address = front.server.address();
logger.info(
  { url: `http://${config.HOST}:${address.port}`, bus: config.KAFKA_BROKERS ? 'kafka' : 'in-process' },
  'one-machine listening',
);

let stopping = false;
const stop = (signal) => {
  if (stopping) return;
  stopping = true;
  const { timeoutMs, drainMs } = shutdownSettings(config);
  const started = Date.now();
  let step = 'drain';
  logger.info({ signal, timeoutMs, drainMs }, 'shutting down');
  setTimeout(() => {
    logger.error({ step, timeoutMs }, 'shutdown deadline passed; exiting with work unfinished');
    process.exit(1);
  }, timeoutMs).unref();
  // the public listener first: its WebSockets are the gateway's sockets, closed with them
  const frontShutdown = {
    ...httpDrain(front.server, front, () => gatewayService.closeConnections(apps.gateway.app)),
    run: async () => undefined,
    close: async () => undefined,
  };
  apps
    .stop({ deadline: started + timeoutMs, drainMs, onStep: (next) => (step = next) }, [frontShutdown])
    .then(() => stopTelemetry())
    .then(() => {
      logger.info({ elapsedMs: Date.now() - started }, 'shut down');
      process.exit(0);
    })
    .catch((error) => {
      logger.error({ err: error, step }, 'shutdown failed');
      process.exit(1);
    });
};
process.once('SIGTERM', () => stop('SIGTERM'));
process.once('SIGINT', () => stop('SIGINT'));
