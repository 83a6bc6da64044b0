import { Module } from '@nestjs/common';
import { ChatbotCoreModule } from './chatbot-core.module.js';
import { MediaModule } from '../media/media.module.js';
import { OutboundModule } from '../messages/outbound.module.js';
import { ProjectionsModule } from '../projections/projections.module.js';
import { QueuesDataModule } from '../queues/queues-data.module.js';
import { TicketLifecycleModule } from '../messages/ticket-lifecycle.module.js';
import { TicketsDataModule } from '../tickets/tickets-data.module.js';
import { TicketTimers } from './ticket-timers.js';

@Module({
  imports: [
    ChatbotCoreModule,
    MediaModule,
    OutboundModule,
    ProjectionsModule,
    QueuesDataModule,
    TicketLifecycleModule,
    TicketsDataModule,
  ],
  providers: [TicketTimers],
})
export class ChatbotModule {}
