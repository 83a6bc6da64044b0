import { Module } from '@nestjs/common';
import { InvoicesModule } from '../invoices/invoices.module.js';
import { CompaniesConsumer } from './companies.consumer.js';
import { CompaniesProjection } from './companies.projection.js';

@Module({
  imports: [InvoicesModule],
  controllers: [CompaniesConsumer],
  providers: [CompaniesProjection],
  exports: [CompaniesProjection],
})
export class CompaniesModule {}
