import { Module } from '@nestjs/common';
import { ProjectionsModule } from '../projections/projections.module.js';
import { TicketsDataModule } from '../tickets/tickets-data.module.js';
import { MessagesRepository } from './messages.repository.js';
import { OutboundService } from './outbound.service.js';

/** The messages' SQL and the outbound sender (messages leave through the connector as jobs and events). */
@Module({
  imports: [ProjectionsModule, TicketsDataModule],
  providers: [MessagesRepository, OutboundService],
  exports: [MessagesRepository, OutboundService],
})
export class OutboundModule {}
