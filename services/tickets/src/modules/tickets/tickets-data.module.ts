import { Module } from '@nestjs/common';
import { ProjectionsModule } from '../projections/projections.module.js';
import { ConversationHooks } from './conversation-hooks.js';
import { TicketEvents } from './ticket-events.js';
import { TicketsQueries } from './tickets.queries.js';
import { TicketsRepository } from './tickets.repository.js';

/** The tickets' company-scoped SQL (writes and reads) the ticket event emitter the feature modules share, and
 * the in-process hooks the automation layer subscribes to. */
@Module({
  imports: [ProjectionsModule],
  providers: [TicketsRepository, TicketsQueries, TicketEvents, ConversationHooks],
  exports: [TicketsRepository, TicketsQueries, TicketEvents, ConversationHooks],
})
export class TicketsDataModule {}
