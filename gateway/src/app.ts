import { type DynamicModule, Module } from '@nestjs/common';
import { PlatformModule, type ServiceDefinition } from '@cs/platform/bootstrap';
import { type GatewayConfig, GatewayEnvSchema } from './config/env.js';
import { createGatewayProxy } from './proxy/proxy.middleware.js';

@Module({})
export class GatewayAppModule {
  static forRoot(config: GatewayConfig, logger: Parameters<typeof PlatformModule.forRoot>[0]['logger']): DynamicModule {
    return {
      module: GatewayAppModule,
      imports: [PlatformModule.forRoot({ service: 'gateway', config, logger })],
    };
  }
}

export const gatewayService: ServiceDefinition<typeof GatewayEnvSchema> = {
  name: 'gateway',
  envSchema: GatewayEnvSchema,
  rootModule: (config, logger) => GatewayAppModule.forRoot(config, logger),
  port: (config) => config.GATEWAY_PORT,
  bodyLimit: false,
  trustIncomingIds: false,
  configure: (app, config, logger) => {
    app.set('trust proxy', 'loopback');
    app.enableCors({ origin: config.CORS_ORIGINS, credentials: true });
    app.use(createGatewayProxy(config, logger.child({ component: 'proxy' })));
  },
};
