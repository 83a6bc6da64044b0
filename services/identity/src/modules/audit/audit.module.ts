import { Module } from '@nestjs/common';
import { AuditRetentionJob } from './audit-retention.job.js';
import { AuditConsumer } from './audit.consumer.js';
import { AuditController } from './audit.controller.js';
import { AuditQueries } from './audit.queries.js';
import { StoreAuditEntryUseCase } from './use-cases/store-audit-entry.use-case.js';

/** The audit log of the whole platform: stored from `audit.entry.v1`, read by admins and super users, retained. */
@Module({
  controllers: [AuditController, AuditConsumer],
  providers: [AuditQueries, StoreAuditEntryUseCase, AuditRetentionJob],
})
export class AuditModule {}
