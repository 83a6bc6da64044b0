import { Module } from '@nestjs/common';
import { MediaModule } from '../media/media.module.js';
import { OutboundModule } from '../messages/outbound.module.js';
import { ProjectionsModule } from '../projections/projections.module.js';
import { TicketsDataModule } from '../tickets/tickets-data.module.js';
import { MessageTemplatesController } from './message-templates.controller.js';
import { SendTemplateUseCase } from './send-template.use-case.js';
import { TemplateMediaController } from './template-media.controller.js';

/** Cloud API message templates sent on tickets (the templates themselves live in the connector). */
@Module({
  imports: [MediaModule, OutboundModule, ProjectionsModule, TicketsDataModule],
  controllers: [MessageTemplatesController, TemplateMediaController],
  providers: [SendTemplateUseCase],
})
export class MessageTemplatesModule {}
