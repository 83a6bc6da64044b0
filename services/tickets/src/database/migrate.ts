import { loadConfig } from '@cs/platform/config';
import { runMigrations } from '@cs/platform/database';
import { TicketsEnvSchema } from '../config/env.js';
import { createTicketsDataSource } from './data-source.js';

/** The migration step of tickets (`make migrate`, a compose service, a k8s Job). */
const config = loadConfig(TicketsEnvSchema, process.env);
const dataSource = createTicketsDataSource(config);
const applied = await runMigrations(dataSource);
await dataSource.destroy();
process.stdout.write(
  `tickets: ${applied.length} migration(s) applied${applied.length ? `: ${applied.join(', ')}` : ''}\n`,
);
