import { Module } from '@nestjs/common';
import { SubscriptionsController } from './subscriptions.controller.js';
import { CreatePixChargeUseCase } from './use-cases/create-pix-charge.use-case.js';

@Module({
  controllers: [SubscriptionsController],
  providers: [CreatePixChargeUseCase],
})
export class SubscriptionsModule {}
