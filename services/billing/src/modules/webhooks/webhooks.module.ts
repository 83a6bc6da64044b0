import { Module } from '@nestjs/common';
import { ConfirmPaymentUseCase } from './use-cases/confirm-payment.use-case.js';
import { WebhooksController } from './webhooks.controller.js';

@Module({
  controllers: [WebhooksController],
  providers: [ConfirmPaymentUseCase],
})
export class WebhooksModule {}
