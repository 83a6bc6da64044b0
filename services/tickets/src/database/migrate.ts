import { loadConfig } from '@cs/platform/config';
import { runMigrations } from '@cs/platform/database';
import { TicketsEnvSchema } from '../config/env.js';
import { createTicketsDataSource } from './data-source.js';

/**
 * The migration step of tickets (`make migrate`, the compose `migrate` service, the
 * Kubernetes Deployment's `migrate` init container): only the database is needed.
 */
const config = loadConfig(TicketsEnvSchema.pick({ DATABASE_URL: true, DATABASE_POOL_SIZE: true }), process.env);
const dataSource = createTicketsDataSource(config);
const applied = await runMigrations(dataSource);
await dataSource.destroy();
process.stdout.write(
  `tickets: ${applied.length} migration(s) applied${applied.length ? `: ${applied.join(', ')}` : ''}\n`,
);
