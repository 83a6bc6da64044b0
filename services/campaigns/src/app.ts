import { Module, type DynamicModule } from '@nestjs/common';
import type { ServiceDefinition } from '@cs/platform/bootstrap';
import { PlatformModule } from '@cs/platform/bootstrap';
import { type CampaignsConfig, CampaignsEnvSchema } from './config/env.js';
import { createCampaignsDataSource } from './database/data-source.js';
import { CampaignsModule } from './modules/campaigns/campaigns.module.js';
import { FilesModule } from './modules/files/files.module.js';
import { MediaModule } from './modules/media/media.module.js';
import { PrivacyModule } from './modules/privacy/privacy.module.js';
import { ProjectionsModule } from './modules/projections/projections.module.js';
import { CampaignSettingsModule } from './modules/settings/campaign-settings.module.js';

@Module({})
export class CampaignsAppModule {
  static forRoot(
    config: CampaignsConfig,
    logger: Parameters<typeof PlatformModule.forRoot>[0]['logger'],
  ): DynamicModule {
    return {
      module: CampaignsAppModule,
      imports: [
        PlatformModule.forRoot({
          service: 'campaigns',
          config,
          logger,
          database: () => createCampaignsDataSource(config),
          // nothing campaigns consumes is on an agent's path (projections, confirmations, send results), and two
          // of its topics carry every inbound message: its fetches wait for 256 KiB or 250 ms (bench/README.md)
          events: {
            consumerGroup: 'campaigns.main',
            persistence: 'database',
            linger: { minBytes: 256 * 1024, maxWaitMs: 250 },
          },
          jobs: { schema: config.CAMPAIGNS_JOBS_SCHEMA },
        }),
        ProjectionsModule,
        // The media route first: `/files/media/...` before `/files/{id}`.
        MediaModule,
        FilesModule,
        CampaignSettingsModule,
        CampaignsModule,
        PrivacyModule,
      ],
    };
  }
}

export const campaignsService: ServiceDefinition<typeof CampaignsEnvSchema> = {
  name: 'campaigns',
  envSchema: CampaignsEnvSchema,
  rootModule: (config, logger) => CampaignsAppModule.forRoot(config, logger),
  port: (config) => config.CAMPAIGNS_PORT,
};
