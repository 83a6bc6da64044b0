import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import { ZodPipe } from '@cs/platform/http';
import { CompanyIdParam, Roles } from '@cs/platform/tenancy';
import { type PixChargeResponse, type SubscriptionBody, SubscriptionBodySchema } from './subscriptions.dto.js';
import { CreatePixChargeUseCase } from './use-cases/create-pix-charge.use-case.js';

@Controller('subscription')
export class SubscriptionsController {
  constructor(private readonly createCharge: CreatePixChargeUseCase) {}

  /** The checkout's last step: the Pix charge of the invoice (its amount, whatever the body says). */
  @Post()
  @HttpCode(200)
  @Roles('admin')
  subscribe(
    @CompanyIdParam() companyId: CompanyId,
    @Body(new ZodPipe(SubscriptionBodySchema)) body: SubscriptionBody,
  ): Promise<PixChargeResponse> {
    return this.createCharge.execute(companyId, body.invoiceId);
  }
}
