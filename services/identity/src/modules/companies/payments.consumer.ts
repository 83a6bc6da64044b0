import { Controller } from '@nestjs/common';
import type { EventOf } from '@cs/proto/common';
import type { PaymentCompleted } from '@cs/proto/events';
import { EventPattern, Payload } from '@cs/platform/events';
import { UpdateCompanyUseCase } from './use-cases/update-company.use-case.js';

/**
 * Billing's confirmed payments: each one extends the paying company's due date by its recurrence (the inbox
 * makes a redelivered event a no-op).
 */
@Controller()
export class PaymentsConsumer {
  constructor(private readonly updateCompany: UpdateCompanyUseCase) {}

  @EventPattern('billing.payment.v1')
  async onPayment(@Payload() event: EventOf<typeof PaymentCompleted>): Promise<void> {
    if (event.type !== 'billing.payment.completed') return;
    await this.updateCompany.renew(event.companyId, new Date(event.data.paidAt));
  }
}
