import type { DataSource } from 'typeorm';
import { createServiceDataSource } from '@cs/platform/database';
import { CampaignsMigrations } from './migrations/index.js';

export const CAMPAIGNS_SCHEMA = 'campaigns';

/** The one DataSource of campaigns, for the app and for the migration step (repositories use plain SQL). */
export function createCampaignsDataSource(config: {
  DATABASE_URL: string;
  DATABASE_POOL_SIZE?: number | undefined;
}): DataSource {
  return createServiceDataSource({
    url: config.DATABASE_URL,
    schema: CAMPAIGNS_SCHEMA,
    entities: [],
    migrations: CampaignsMigrations,
    poolSize: config.DATABASE_POOL_SIZE,
    applicationName: 'campaigns',
  });
}
