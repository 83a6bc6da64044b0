import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import { type PixCharge, type SubscriptionRequest, SubscriptionRequestSchema } from '@cs/proto/http';
import { ZodPipe } from '@cs/platform/http';
import { CompanyIdParam, Roles } from '@cs/platform/tenancy';
import { CreatePixChargeUseCase } from './use-cases/create-pix-charge.use-case.js';

@Controller('subscription')
export class SubscriptionsController {
  constructor(private readonly createCharge: CreatePixChargeUseCase) {}

  /**
   * The checkout's last step: the Pix charge of the invoice (its amount, whatever the body says). Only `invoiceId`
   * is read; the spec's address and card fields are accepted and dropped (never stored or logged).
   */
  @Post()
  @HttpCode(200)
  @Roles('admin')
  subscribe(
    @CompanyIdParam() companyId: CompanyId,
    @Body(new ZodPipe(SubscriptionRequestSchema)) body: SubscriptionRequest,
  ): Promise<PixCharge> {
    return this.createCharge.execute(companyId, body.invoiceId);
  }
}
