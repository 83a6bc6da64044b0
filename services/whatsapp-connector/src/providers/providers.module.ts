import { type DynamicModule, Global, Module } from '@nestjs/common';
import type { ConnectorConfig } from '../config/env.js';
import { MediaStoreService } from '../modules/media/media-store.js';
import { BaileysModule } from './baileys/baileys.module.js';
import { BaileysProvider } from './baileys/baileys.provider.js';
import { CLOUD_API_MEDIA_STORE, CloudApiModule, CloudApiProvider } from './cloud-api/index.js';
import { ProviderRegistry } from './provider-registry.js';
import { SESSION_PROVIDERS, type SessionProvider } from './provider.port.js';
import { SimulatorModule } from './simulator/simulator.module.js';
import { SimulatorProvider } from './simulator/simulator.provider.js';

/**
 * `SESSION_PROVIDERS`: every provider of this build. To add one, import its module below and add its provider class
 * to `PROVIDER_CLASSES`; nothing else in the core changes.
 */
const PROVIDER_CLASSES = (simulator: boolean) => [
  ...(simulator ? [SimulatorProvider] : []),
  BaileysProvider,
  CloudApiProvider,
];

@Global()
@Module({})
export class ProvidersModule {
  static forRoot(options: { simulator: boolean; config: ConnectorConfig }): DynamicModule {
    const classes = PROVIDER_CLASSES(options.simulator);
    return {
      module: ProvidersModule,
      imports: [
        SimulatorModule.forRoot(options.simulator),
        BaileysModule.forRoot(options.config),
        // the webhook routes reach the core through the global WEBHOOK_SINKS and the media store
        CloudApiModule.forRoot({
          env: options.config,
          providers: [{ provide: CLOUD_API_MEDIA_STORE, useExisting: MediaStoreService }],
        }),
      ],
      providers: [
        {
          provide: SESSION_PROVIDERS,
          useFactory: (...providers: SessionProvider[]) => providers,
          inject: classes,
        },
        ProviderRegistry,
      ],
      exports: [SESSION_PROVIDERS, ProviderRegistry],
    };
  }
}
