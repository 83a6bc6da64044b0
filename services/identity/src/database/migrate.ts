import { loadConfig } from '@cs/platform/config';
import { runMigrations } from '@cs/platform/database';
import { IdentityEnvSchema } from '../config/env.js';
import { createIdentityDataSource } from './data-source.js';

/** The migration step of identity (`make migrate`, a compose service, a k8s Job). */
const config = loadConfig(IdentityEnvSchema, process.env);
const dataSource = createIdentityDataSource(config);
const applied = await runMigrations(dataSource);
await dataSource.destroy();
process.stdout.write(
  `identity: ${applied.length} migration(s) applied${applied.length ? `: ${applied.join(', ')}` : ''}\n`,
);
