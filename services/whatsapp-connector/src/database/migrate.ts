import { loadConfig } from '@cs/platform/config';
import { runMigrations } from '@cs/platform/database';
import { ConnectorEnvSchema } from '../config/env.js';
import { createWhatsappDataSource } from './data-source.js';

/** The migration step of the connector (`make migrate`, a compose service, a k8s Job). */
const config = loadConfig(ConnectorEnvSchema, process.env);
const dataSource = createWhatsappDataSource(config);
const applied = await runMigrations(dataSource);
await dataSource.destroy();
process.stdout.write(
  `whatsapp-connector: ${applied.length} migration(s) applied${applied.length ? `: ${applied.join(', ')}` : ''}\n`,
);
