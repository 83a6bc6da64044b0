import { Module } from '@nestjs/common';
import { OutboundModule } from './outbound.module.js';
import { ProjectionsModule } from '../projections/projections.module.js';
import { TicketLifecycle } from './ticket-lifecycle.service.js';
import { TicketsDataModule } from '../tickets/tickets-data.module.js';

/** The ticket lifecycle transitions (accept, transfer, close with the farewell and rating messages). */
@Module({
  imports: [ProjectionsModule, TicketsDataModule, OutboundModule],
  providers: [TicketLifecycle],
  exports: [TicketLifecycle],
})
export class TicketLifecycleModule {}
