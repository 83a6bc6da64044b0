import { Module, type DynamicModule } from '@nestjs/common';
import type { ServiceDefinition } from '@cs/platform/bootstrap';
import { PlatformModule } from '@cs/platform/bootstrap';
import { type IdentityConfig, IdentityEnvSchema } from './config/env.js';
import { createIdentityDataSource } from './database/data-source.js';
import { AnnouncementsModule } from './modules/announcements/announcements.module.js';
import { AuditModule } from './modules/audit/audit.module.js';
import { AuthModule } from './modules/auth/auth.module.js';
import { CompaniesModule } from './modules/companies/companies.module.js';
import { ConnectionsModule } from './modules/connections/connections.module.js';
import { HelpsModule } from './modules/helps/helps.module.js';
import { PlansModule } from './modules/plans/plans.module.js';
import { PlatformSettingsModule } from './modules/platform-settings/platform-settings.module.js';
import { QueuesModule } from './modules/queues/queues.module.js';
import { SettingsModule } from './modules/settings/settings.module.js';
import { UsersModule } from './modules/users/users.module.js';

@Module({})
export class IdentityAppModule {
  static forRoot(
    config: IdentityConfig,
    logger: Parameters<typeof PlatformModule.forRoot>[0]['logger'],
  ): DynamicModule {
    return {
      module: IdentityAppModule,
      imports: [
        PlatformModule.forRoot({
          service: 'identity',
          config,
          logger,
          database: () => createIdentityDataSource(config),
          events: { consumerGroup: 'identity.main', persistence: 'database' },
          jobs: { schema: 'identity_jobs' },
        }),
        AuthModule,
        UsersModule,
        CompaniesModule,
        PlansModule,
        SettingsModule,
        QueuesModule,
        ConnectionsModule,
        HelpsModule,
        AnnouncementsModule,
        PlatformSettingsModule,
        AuditModule,
      ],
    };
  }
}

export const identityService: ServiceDefinition<typeof IdentityEnvSchema> = {
  name: 'identity',
  envSchema: IdentityEnvSchema,
  rootModule: (config, logger) => IdentityAppModule.forRoot(config, logger),
  port: (config) => config.IDENTITY_PORT,
};
