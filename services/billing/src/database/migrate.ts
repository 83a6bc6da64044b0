import { loadConfig, ServiceEnvSchema } from '@cs/platform/config';
import { runMigrations } from '@cs/platform/database';
import { createBillingDataSource } from './data-source.js';

/**
 * The migration step of billing (`make migrate`, the compose `migrate` service, the Kubernetes
 * Deployment's `migrate` init container): only the database is needed.
 */
const config = loadConfig(ServiceEnvSchema.pick({ DATABASE_URL: true, DATABASE_POOL_SIZE: true }), process.env);
const dataSource = createBillingDataSource(config);
const applied = await runMigrations(dataSource);
await dataSource.destroy();
process.stdout.write(
  `billing: ${applied.length} migration(s) applied${applied.length ? `: ${applied.join(', ')}` : ''}\n`,
);
