import { Module } from '@nestjs/common';
import { ConfirmPaymentUseCase } from './use-cases/confirm-payment.use-case.js';
import { WebhooksController } from './webhooks.controller.js';

@Module({
  controllers: [WebhooksController],
  providers: [ConfirmPaymentUseCase],
  exports: [ConfirmPaymentUseCase],
})
export class WebhooksModule {}
