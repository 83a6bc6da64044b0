import { Module, type DynamicModule } from '@nestjs/common';
import type { ServiceDefinition } from '@cs/platform/bootstrap';
import { PlatformModule } from '@cs/platform/bootstrap';
import { type BillingConfig, BillingEnvSchema } from './config/env.js';
import { createBillingDataSource } from './database/data-source.js';
import { CompaniesModule } from './modules/companies/companies.module.js';
import { InvoicesModule } from './modules/invoices/invoices.module.js';
import { ProviderModule } from './modules/provider/provider.module.js';
import { ReconciliationModule } from './modules/reconciliation/reconciliation.module.js';
import { SubscriptionsModule } from './modules/subscriptions/subscriptions.module.js';
import { WebhooksModule } from './modules/webhooks/webhooks.module.js';

@Module({})
export class BillingAppModule {
  static forRoot(config: BillingConfig, logger: Parameters<typeof PlatformModule.forRoot>[0]['logger']): DynamicModule {
    return {
      module: BillingAppModule,
      imports: [
        PlatformModule.forRoot({
          service: 'billing',
          config,
          logger,
          database: () => createBillingDataSource(config),
          events: { consumerGroup: 'billing.main', persistence: 'database' },
          jobs: { schema: config.BILLING_JOBS_SCHEMA },
        }),
        ProviderModule,
        // the webhook routes before `POST /subscription`'s controller (distinct paths; order kept explicit)
        WebhooksModule,
        SubscriptionsModule,
        InvoicesModule,
        CompaniesModule,
        ReconciliationModule,
      ],
    };
  }
}

export const billingService: ServiceDefinition<typeof BillingEnvSchema> = {
  name: 'billing',
  envSchema: BillingEnvSchema,
  rootModule: (config, logger) => BillingAppModule.forRoot(config, logger),
  port: (config) => config.BILLING_PORT,
};
