import { loadConfig } from '@cs/platform/config';
import { runMigrations } from '@cs/platform/database';
import { IdentityEnvSchema } from '../config/env.js';
import { createIdentityDataSource } from './data-source.js';
import { seedIdentity } from './seed.js';

/**
 * The migration step of identity (`make migrate`, the compose `migrate` service, the Kubernetes Deployment's
 * `migrate` init container), and its seed with SEED=1.
 */
const config = loadConfig(IdentityEnvSchema.pick({ DATABASE_URL: true, DATABASE_POOL_SIZE: true }), process.env);
const dataSource = createIdentityDataSource(config);
const applied = await runMigrations(dataSource);
// SEED=1: the plans and the platform company with its super user (SUPER_USER_PASSWORD); demo data outside production
if (process.env['SEED'] === '1') await seedIdentity(dataSource, process.env);
await dataSource.destroy();
process.stdout.write(
  `identity: ${applied.length} migration(s) applied${applied.length ? `: ${applied.join(', ')}` : ''}\n`,
);
