import type { DataSource } from 'typeorm';
import { createServiceDataSource } from '@cs/platform/database';
import { BillingMigrations } from './migrations/index.js';

export const BILLING_SCHEMA = 'billing';

/** The one DataSource of billing, for the app and for the migration step (plain SQL, no entities). */
export function createBillingDataSource(config: {
  DATABASE_URL: string;
  DATABASE_POOL_SIZE?: number | undefined;
}): DataSource {
  return createServiceDataSource({
    url: config.DATABASE_URL,
    schema: BILLING_SCHEMA,
    entities: [],
    migrations: BillingMigrations,
    poolSize: config.DATABASE_POOL_SIZE,
    applicationName: 'billing',
  });
}
