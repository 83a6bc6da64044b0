import { type DynamicModule, Module } from '@nestjs/common';
import type { Logger } from 'pino';

/** The deployable's root pino logger. Inject with `@Inject(LOGGER) logger: Logger`. */
export const LOGGER = Symbol('LOGGER');

@Module({})
export class LoggingModule {
  static forRoot(logger: Logger): DynamicModule {
    return {
      module: LoggingModule,
      global: true,
      providers: [{ provide: LOGGER, useValue: logger }],
      exports: [LOGGER],
    };
  }
}
