import { Controller } from '@nestjs/common';
import { IdentityCompanyTopic, type TypedEvent } from '@cs/proto/events';
import { OnTopic } from '@cs/platform/events/transport';
import { GenerateInvoicesUseCase } from '../invoices/use-cases/generate-invoices.use-case.js';
import { CompaniesProjection } from './companies.projection.js';

/**
 * identity.company.v1 → the companies projection. A company whose due date is already within the lead time
 * (a signup: 3 days of trial) gets its invoice at once instead of at the next scheduled run.
 */
@Controller()
export class CompaniesConsumer {
  constructor(
    private readonly companies: CompaniesProjection,
    private readonly invoices: GenerateInvoicesUseCase,
  ) {}

  @OnTopic(IdentityCompanyTopic)
  async onCompany(event: TypedEvent<typeof IdentityCompanyTopic>): Promise<void> {
    if (event.type === 'identity.company.deleted') {
      await this.companies.markDeleted(event.data.id, event.occurredAt);
      return;
    }
    if (event.data.id !== event.companyId) return;
    await this.companies.upsert(event.data, event.occurredAt);
    await this.invoices.forCompany(event.data.id);
  }
}
