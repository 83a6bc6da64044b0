import { Module } from '@nestjs/common';
import { ProjectionsModule } from '../projections/projections.module.js';
import { TicketEvents } from './ticket-events.js';
import { TicketsQueries } from './tickets.queries.js';
import { TicketsRepository } from './tickets.repository.js';

/** The tickets' company-scoped SQL (writes and reads) and the ticket event emitter the feature modules share. */
@Module({
  imports: [ProjectionsModule],
  providers: [TicketsRepository, TicketsQueries, TicketEvents],
  exports: [TicketsRepository, TicketsQueries, TicketEvents],
})
export class TicketsDataModule {}
