import { Module } from '@nestjs/common';
import { ProjectionsModule } from '../projections/projections.module.js';
import { TicketsDataModule } from '../tickets/tickets-data.module.js';
import { TicketNotesController } from './ticket-notes.controller.js';
import { TicketNotesQueries } from './ticket-notes.queries.js';
import { TicketNotesRepository } from './ticket-notes.repository.js';
import { CreateTicketNoteUseCase } from './use-cases/create-ticket-note.use-case.js';
import { DeleteTicketNoteUseCase } from './use-cases/delete-ticket-note.use-case.js';
import { UpdateTicketNoteUseCase } from './use-cases/update-ticket-note.use-case.js';

/** Internal notes on tickets. */
@Module({
  imports: [ProjectionsModule, TicketsDataModule],
  controllers: [TicketNotesController],
  providers: [
    TicketNotesRepository,
    TicketNotesQueries,
    CreateTicketNoteUseCase,
    UpdateTicketNoteUseCase,
    DeleteTicketNoteUseCase,
  ],
})
export class TicketNotesModule {}
