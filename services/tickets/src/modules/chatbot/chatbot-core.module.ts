import { Module } from '@nestjs/common';
import { MediaModule } from '../media/media.module.js';
import { OutboundModule } from '../messages/outbound.module.js';
import { QueuesDataModule } from '../queues/queues-data.module.js';
import { TicketsDataModule } from '../tickets/tickets-data.module.js';
import { AutoAssignService } from './auto-assign.service.js';
import { ChatbotService } from './chatbot.service.js';

/** The queue chatbot (menus, greetings) and the automatic assignment the inbound and ticket flows call. */
@Module({
  imports: [TicketsDataModule, QueuesDataModule, OutboundModule, MediaModule],
  providers: [AutoAssignService, ChatbotService],
  exports: [AutoAssignService, ChatbotService],
})
export class ChatbotCoreModule {}
