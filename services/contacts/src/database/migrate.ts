import { loadConfig } from '@cs/platform/config';
import { runMigrations } from '@cs/platform/database';
import { ContactsEnvSchema } from '../config/env.js';
import { createContactsDataSource } from './data-source.js';

/**
 * The migration step of contacts (`make migrate`, the compose `migrate` service, the
 * Kubernetes Deployment's `migrate` init container): only the database is needed.
 */
const config = loadConfig(ContactsEnvSchema.pick({ DATABASE_URL: true, DATABASE_POOL_SIZE: true }), process.env);
const dataSource = createContactsDataSource(config);
const applied = await runMigrations(dataSource);
await dataSource.destroy();
process.stdout.write(
  `contacts: ${applied.length} migration(s) applied${applied.length ? `: ${applied.join(', ')}` : ''}\n`,
);
