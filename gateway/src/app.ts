import { randomBytes } from 'node:crypto';
import { type DynamicModule, Module } from '@nestjs/common';
import { PlatformModule, type ServiceDefinition } from '@cs/platform/bootstrap';
import { AccessTokenAuthenticator } from './auth/access-token.authenticator.js';
import { AuthModule } from './auth/auth.module.js';
import { type GatewayConfig, GatewayEnvSchema } from './config/env.js';
import { mountDocs } from './docs/docs.js';
import { mountVersion } from './docs/version.js';
import { createGatewayMiddleware } from './proxy/gateway.middleware.js';
import { RealtimeModule } from './realtime/realtime.module.js';
import { GatewaySocketAdapter } from './realtime/socket-adapter.js';
import { SocketServer } from './realtime/socket-server.js';

@Module({})
export class GatewayAppModule {
  static forRoot(config: GatewayConfig, logger: Parameters<typeof PlatformModule.forRoot>[0]['logger']): DynamicModule {
    const instance = config.GATEWAY_INSTANCE_ID ?? randomBytes(6).toString('hex');
    return {
      module: GatewayAppModule,
      imports: [
        PlatformModule.forRoot({
          service: 'gateway',
          config,
          logger,
          // each gateway delivers every event to its own sockets: its own group, from the latest offsets
          events: { consumerGroup: `gateway.realtime.${instance}`, persistence: 'none', startFrom: 'latest' },
        }),
        AuthModule,
        RealtimeModule,
      ],
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
  closeConnections: async (app) => app.get(SocketServer).closeAll(),
  configure: (app, config, logger) => {
    app.set('trust proxy', config.TRUST_PROXY);
    app.enableCors({ origin: config.CORS_ORIGINS, credentials: true });
    app.useWebSocketAdapter(new GatewaySocketAdapter(app, config.CORS_ORIGINS, config.GATEWAY_SOCKET_ADAPTER));
    mountDocs(app);
    mountVersion(app);
    app.use(
      createGatewayMiddleware({
        config,
        logger: logger.child({ component: 'proxy' }),
        authenticator: app.get(AccessTokenAuthenticator),
      }),
    );
  },
};
