import { type DynamicModule, Inject, Injectable, Module, type OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { HealthRegistry } from '../health/health-registry.js';
import { TransactionHost } from './transaction-host.js';

@Injectable()
class DataSourceLifecycle implements OnApplicationShutdown {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    health: HealthRegistry,
  ) {
    health.register('database', async () => {
      await this.dataSource.query('SELECT 1');
    });
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.dataSource.isInitialized) await this.dataSource.destroy();
  }
}

/**
 * Provides the service's initialized `DataSource` and its `TransactionHost`, registers a readiness check and
 * closes the pool on shutdown. Migrations are not run here (see `runMigrations`).
 */
@Module({})
export class DatabaseModule {
  static forRoot(createDataSource: () => DataSource): DynamicModule {
    return {
      module: DatabaseModule,
      global: true,
      providers: [
        {
          provide: DataSource,
          useFactory: async () => {
            const dataSource = createDataSource();
            if (!dataSource.isInitialized) await dataSource.initialize();
            return dataSource;
          },
        },
        {
          provide: TransactionHost,
          useFactory: (dataSource: DataSource) => new TransactionHost(dataSource),
          inject: [DataSource],
        },
        DataSourceLifecycle,
      ],
      exports: [DataSource, TransactionHost],
    };
  }
}
