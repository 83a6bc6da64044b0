import { loadConfig } from '@cs/platform/config';
import { runMigrations } from '@cs/platform/database';
import { ConnectorEnvSchema } from '../config/env.js';
import { createWhatsappDataSource } from './data-source.js';

/**
 * The migration step of the connector (`make migrate`, the compose `migrate` service, the
 * Kubernetes Deployment's `migrate` init container): only the database is needed.
 */
const config = loadConfig(ConnectorEnvSchema.pick({ DATABASE_URL: true, DATABASE_POOL_SIZE: true }), process.env);
const dataSource = createWhatsappDataSource(config);
const applied = await runMigrations(dataSource);
await dataSource.destroy();
process.stdout.write(
  `whatsapp-connector: ${applied.length} migration(s) applied${applied.length ? `: ${applied.join(', ')}` : ''}\n`,
);
