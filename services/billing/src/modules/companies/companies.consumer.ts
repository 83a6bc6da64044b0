import { Controller } from '@nestjs/common';
import type { EventOf } from '@cs/proto/common';
import type { CompanyCreated, CompanyDeleted, CompanyRenewed, CompanyUpdated } from '@cs/proto/events';
import { EventPattern, Payload } from '@cs/platform/events';
import { GenerateInvoicesUseCase } from '../invoices/use-cases/generate-invoices.use-case.js';
import { CompaniesProjection } from './companies.projection.js';

type CompanyEvent =
  | EventOf<typeof CompanyCreated>
  | EventOf<typeof CompanyUpdated>
  | EventOf<typeof CompanyDeleted>
  | EventOf<typeof CompanyRenewed>;

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

  @EventPattern('identity.company.v1')
  async onCompany(@Payload() event: CompanyEvent): Promise<void> {
    if (event.type === 'identity.company.deleted') {
      await this.companies.markDeleted(event.data.id, event.occurredAt);
      return;
    }
    if (event.data.id !== event.companyId) return;
    await this.companies.upsert(event.data, event.occurredAt);
    await this.invoices.forCompany(event.data.id);
  }
}
