import type { DataSource } from 'typeorm';
import { createServiceDataSource } from '@cs/platform/database';
import { CompanyEntity } from '../modules/companies/company.entity.js';
import { PlanEntity } from '../modules/companies/plan.entity.js';
import { IdentityMigrations } from './migrations/index.js';

export const IDENTITY_SCHEMA = 'identity';

/** The one DataSource of identity, for the app and for the migration step. */
export function createIdentityDataSource(config: { DATABASE_URL: string; DATABASE_POOL_SIZE?: number }): DataSource {
  return createServiceDataSource({
    url: config.DATABASE_URL,
    schema: IDENTITY_SCHEMA,
    entities: [CompanyEntity, PlanEntity],
    migrations: IdentityMigrations,
    poolSize: config.DATABASE_POOL_SIZE ?? 10,
    applicationName: 'identity',
  });
}
