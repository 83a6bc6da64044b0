import { Controller } from '@nestjs/common';
import { BillingPaymentTopic, type TypedEvent } from '@cs/proto/events';
import { OnTopic } from '@cs/platform/events/transport';
import { UpdateCompanyUseCase } from './use-cases/update-company.use-case.js';

/**
 * Billing's confirmed payments: each one extends the paying company's due date by its recurrence (the inbox
 * makes a redelivered event a no-op).
 */
@Controller()
export class PaymentsConsumer {
  constructor(private readonly updateCompany: UpdateCompanyUseCase) {}

  @OnTopic(BillingPaymentTopic)
  async onPayment(event: TypedEvent<typeof BillingPaymentTopic>): Promise<void> {
    await this.updateCompany.renew(event.companyId, new Date(event.data.paidAt));
  }
}
