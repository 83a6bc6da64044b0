import { type DynamicModule, Module } from '@nestjs/common';

/** The parsed, typed configuration of the running deployable. Inject with `@Inject(APP_CONFIG)`. */
export const APP_CONFIG = Symbol('APP_CONFIG');

@Module({})
export class ConfigModule {
  /** Provides an already-parsed config object (parsing happens before Nest starts, so boot fails fast). */
  static forRoot(config: object): DynamicModule {
    return {
      module: ConfigModule,
      global: true,
      providers: [{ provide: APP_CONFIG, useValue: config }],
      exports: [APP_CONFIG],
    };
  }
}
