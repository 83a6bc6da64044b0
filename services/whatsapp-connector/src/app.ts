import { type DynamicModule, Module } from '@nestjs/common';
import type { ServiceDefinition } from '@cs/platform/bootstrap';
import { PlatformModule } from '@cs/platform/bootstrap';
import { type ConnectorConfig, ConnectorEnvSchema } from './config/env.js';
import { createWhatsappDataSource } from './database/data-source.js';
import { ConnectionsModule } from './modules/connections/connections.module.js';
import { MediaModule } from './modules/media/media.module.js';
import { PrivacyModule } from './modules/privacy/privacy.module.js';
import { ProjectionsModule } from './modules/projections/projections.module.js';
import { SessionsModule } from './modules/sessions/sessions.module.js';
import { TemplatesModule } from './modules/templates/templates.module.js';
import { ProvidersModule } from './providers/providers.module.js';

/** The simulator and its dev API: on unless production, where only an explicit `SIMULATOR_ENABLED=true` enables it. */
export const simulatorEnabled = (config: ConnectorConfig): boolean =>
  config.SIMULATOR_ENABLED ?? config.NODE_ENV !== 'production';

@Module({})
export class WhatsappConnectorAppModule {
  static forRoot(
    config: ConnectorConfig,
    logger: Parameters<typeof PlatformModule.forRoot>[0]['logger'],
  ): DynamicModule {
    return {
      module: WhatsappConnectorAppModule,
      imports: [
        PlatformModule.forRoot({
          service: 'whatsapp-connector',
          config,
          logger,
          database: () => createWhatsappDataSource(config),
          events: { consumerGroup: 'whatsapp-connector.main', persistence: 'database' },
        }),
        ProvidersModule.forRoot({ simulator: simulatorEnabled(config), config }),
        MediaModule,
        ProjectionsModule,
        ConnectionsModule,
        SessionsModule,
        TemplatesModule,
        PrivacyModule,
      ],
    };
  }
}

export const whatsappConnectorService: ServiceDefinition<typeof ConnectorEnvSchema> = {
  name: 'whatsapp-connector',
  envSchema: ConnectorEnvSchema,
  rootModule: (config, logger) => WhatsappConnectorAppModule.forRoot(config, logger),
  port: (config) => config.CONNECTOR_PORT,
  bodyLimit: '80mb',
  // Cloud API webhooks are signed over the raw bytes
  rawBody: true,
};
