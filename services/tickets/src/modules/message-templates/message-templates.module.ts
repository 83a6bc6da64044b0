import { Module } from '@nestjs/common';
import { OutboundModule } from '../messages/outbound.module.js';
import { ProjectionsModule } from '../projections/projections.module.js';
import { TicketsDataModule } from '../tickets/tickets-data.module.js';
import { MessageTemplatesController } from './message-templates.controller.js';
import { SendTemplateUseCase } from './send-template.use-case.js';

/** Cloud API message templates sent on tickets (the templates themselves live in the connector). */
@Module({
  imports: [OutboundModule, ProjectionsModule, TicketsDataModule],
  controllers: [MessageTemplatesController],
  providers: [SendTemplateUseCase],
})
export class MessageTemplatesModule {}
