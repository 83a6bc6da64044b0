import { Module } from '@nestjs/common';
import { InvoicesController } from './invoices.controller.js';
import { InvoicesJobs } from './invoices.jobs.js';
import { InvoicesQueries } from './invoices.queries.js';
import { GenerateInvoicesUseCase } from './use-cases/generate-invoices.use-case.js';

@Module({
  controllers: [InvoicesController],
  providers: [InvoicesQueries, GenerateInvoicesUseCase, InvoicesJobs],
  exports: [GenerateInvoicesUseCase],
})
export class InvoicesModule {}
