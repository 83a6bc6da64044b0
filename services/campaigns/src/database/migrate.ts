import { loadConfig } from '@cs/platform/config';
import { runMigrations } from '@cs/platform/database';
import { CampaignsEnvSchema } from '../config/env.js';
import { createCampaignsDataSource } from './data-source.js';

/** The migration step of campaigns (`make migrate`, a compose service, a k8s Job). */
const config = loadConfig(CampaignsEnvSchema, process.env);
const dataSource = createCampaignsDataSource(config);
const applied = await runMigrations(dataSource);
await dataSource.destroy();
process.stdout.write(
  `campaigns: ${applied.length} migration(s) applied${applied.length ? `: ${applied.join(', ')}` : ''}\n`,
);
