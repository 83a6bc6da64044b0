import { type DynamicModule, Module } from '@nestjs/common';
import { APP_GUARD, Reflector } from '@nestjs/core';
import type { DataSource } from 'typeorm';
import type { Logger } from 'pino';
import { ConfigModule } from '../config/config.module.js';
import { DatabaseModule } from '../database/database.module.js';
import { EventsModule, type EventsModuleOptions } from '../events/events.module.js';
import { HealthModule } from '../health/health.module.js';
import { JobsModule, type JobsModuleOptions } from '../jobs/jobs.js';
import { LoggingModule } from '../logging/logging.module.js';
import { IdentityGuard } from '../tenancy/identity.guard.js';

export interface PlatformModuleOptions {
  readonly service: string;
  readonly config: { readonly INTERNAL_TOKEN: string };
  readonly logger: Logger;
  readonly database?: () => DataSource;
  readonly events?: Omit<EventsModuleOptions, 'service'>;
  readonly jobs?: JobsModuleOptions;
}

/**
 * The infrastructure every deployable imports once in its root module: config, logging, health, the global
 * `IdentityGuard`, and (as asked) the database, the event bus with outbox/inbox, and the job queue.
 */
@Module({})
export class PlatformModule {
  static forRoot(options: PlatformModuleOptions): DynamicModule {
    const imports: DynamicModule[] = [ConfigModule.forRoot(options.config), LoggingModule.forRoot(options.logger)];
    if (options.database) imports.push(DatabaseModule.forRoot(options.database));
    if (options.events) imports.push(EventsModule.forRoot({ service: options.service, ...options.events }));
    if (options.jobs) imports.push(JobsModule.forRoot(options.jobs));
    return {
      module: PlatformModule,
      imports: [...imports, HealthModule],
      providers: [
        {
          provide: APP_GUARD,
          useFactory: (reflector: Reflector) => new IdentityGuard(reflector, options.config.INTERNAL_TOKEN),
          inject: [Reflector],
        },
      ],
    };
  }
}
