import { Module } from '@nestjs/common';
import { MediaModule } from '../media/media.module.js';
import { OutboundModule } from '../messages/outbound.module.js';
import { ProjectionsModule } from '../projections/projections.module.js';
import { TicketLifecycleModule } from '../messages/ticket-lifecycle.module.js';
import { TicketsDataModule } from '../tickets/tickets-data.module.js';
import { PromptsModule } from '../prompts/prompts.module.js';
import { ExternalApiConsumer } from './external-api.consumer.js';
import { ExternalApiController } from './external-api.controller.js';
import { ExternalTokenGuard } from './external-api.guard.js';
import { ExternalApiRepository } from './external-api.repository.js';
import { SendExternalMessageUseCase } from './send-external-message.use-case.js';

/** The external send API (`POST /api/messages/send`) and the connector facts it relies on. */
@Module({
  imports: [MediaModule, OutboundModule, ProjectionsModule, PromptsModule, TicketLifecycleModule, TicketsDataModule],
  controllers: [ExternalApiController, ExternalApiConsumer],
  providers: [ExternalApiRepository, ExternalTokenGuard, SendExternalMessageUseCase],
})
export class ExternalApiModule {}
