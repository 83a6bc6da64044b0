import { Module, type DynamicModule } from '@nestjs/common';
import type { ServiceDefinition } from '@cs/platform/bootstrap';
import { PlatformModule } from '@cs/platform/bootstrap';
import { type IdentityConfig, IdentityEnvSchema } from './config/env.js';
import { createIdentityDataSource } from './database/data-source.js';
import { CompaniesModule } from './modules/companies/companies.module.js';

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
        }),
        CompaniesModule,
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
