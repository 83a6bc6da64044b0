import { loadConfig } from '@cs/platform/config';
import { runMigrations } from '@cs/platform/database';
import { ContactsEnvSchema } from '../config/env.js';
import { createContactsDataSource } from './data-source.js';

/** The migration step of contacts (`make migrate`, a compose service, a k8s Job). */
const config = loadConfig(ContactsEnvSchema, process.env);
const dataSource = createContactsDataSource(config);
const applied = await runMigrations(dataSource);
await dataSource.destroy();
process.stdout.write(
  `contacts: ${applied.length} migration(s) applied${applied.length ? `: ${applied.join(', ')}` : ''}\n`,
);
