import type { DataSource } from 'typeorm';
import { createServiceDataSource } from '@cs/platform/database';
import { AnnouncementEntity } from '../modules/announcements/announcement.entity.js';
import { RefreshTokenEntity } from '../modules/auth/refresh-token.entity.js';
import { SessionEntity } from '../modules/auth/session.entity.js';
import { CompanyEntity } from '../modules/companies/company.entity.js';
import { ConnectionEntity } from '../modules/connections/connection.entity.js';
import { PlanEntity } from '../modules/companies/plan.entity.js';
import { HelpEntity } from '../modules/helps/help.entity.js';
import { QueueEntity } from '../modules/queues/queue.entity.js';
import { SettingEntity } from '../modules/settings/setting.entity.js';
import { UserEntity } from '../modules/users/user.entity.js';
import { IdentityMigrations } from './migrations/index.js';

export const IDENTITY_SCHEMA = 'identity';

/** The one DataSource of identity, for the app and for the migration step. */
export function createIdentityDataSource(config: {
  DATABASE_URL: string;
  DATABASE_POOL_SIZE?: number | undefined;
}): DataSource {
  return createServiceDataSource({
    url: config.DATABASE_URL,
    schema: IDENTITY_SCHEMA,
    entities: [
      CompanyEntity,
      PlanEntity,
      UserEntity,
      SessionEntity,
      RefreshTokenEntity,
      SettingEntity,
      QueueEntity,
      ConnectionEntity,
      HelpEntity,
      AnnouncementEntity,
    ],
    migrations: IdentityMigrations,
    poolSize: config.DATABASE_POOL_SIZE,
    applicationName: 'identity',
  });
}
