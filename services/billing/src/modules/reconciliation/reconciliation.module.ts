import { Module } from '@nestjs/common';
import { WebhooksModule } from '../webhooks/webhooks.module.js';
import { ReconciliationJobs } from './reconciliation.jobs.js';
import { ReconcileChargesUseCase } from './use-cases/reconcile-charges.use-case.js';

@Module({
  imports: [WebhooksModule],
  providers: [ReconcileChargesUseCase, ReconciliationJobs],
})
export class ReconciliationModule {}
