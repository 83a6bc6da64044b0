import { loadConfig } from '@cs/platform/config';
import { runMigrations } from '@cs/platform/database';
import { CampaignsEnvSchema } from '../config/env.js';
import { createCampaignsDataSource } from './data-source.js';

/**
 * The migration step of campaigns (`make migrate`, the compose `migrate` service, the
 * Kubernetes Deployment's `migrate` init container): only the database is needed.
 */
const config = loadConfig(CampaignsEnvSchema.pick({ DATABASE_URL: true, DATABASE_POOL_SIZE: true }), process.env);
const dataSource = createCampaignsDataSource(config);
const applied = await runMigrations(dataSource);
await dataSource.destroy();
process.stdout.write(
  `campaigns: ${applied.length} migration(s) applied${applied.length ? `: ${applied.join(', ')}` : ''}\n`,
);
