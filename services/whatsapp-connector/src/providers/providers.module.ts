import { type DynamicModule, Global, Module } from '@nestjs/common';
import { ProviderRegistry } from './provider-registry.js';
import { SESSION_PROVIDERS, type SessionProvider } from './provider.port.js';
import { SimulatorModule } from './simulator/simulator.module.js';
import { SimulatorProvider } from './simulator/simulator.provider.js';

/**
 * `SESSION_PROVIDERS`: every provider of this build. To add one (baileys, cloud-api), import its module below and
 * add its provider class to `PROVIDER_CLASSES` (one line each); nothing else in the core changes.
 */
const PROVIDER_CLASSES = (simulator: boolean) => [
  ...(simulator ? [SimulatorProvider] : []),
  // BaileysProvider, CloudApiProvider,   <- the lead adds them here at merge time (and their modules to `imports`)
];

@Global()
@Module({})
export class ProvidersModule {
  static forRoot(options: { simulator: boolean }): DynamicModule {
    const classes = PROVIDER_CLASSES(options.simulator);
    return {
      module: ProvidersModule,
      imports: [SimulatorModule.forRoot(options.simulator)],
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
