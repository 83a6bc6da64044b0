import { Module } from '@nestjs/common';
import { TicketsController } from './tickets.controller.js';
import { CreateTicketUseCase } from './use-cases/create-ticket.use-case.js';
import { DeleteTicketUseCase } from './use-cases/delete-ticket.use-case.js';
import { UpdateTicketUseCase } from './use-cases/update-ticket.use-case.js';

@Module({
  controllers: [TicketsController],
  providers: [CreateTicketUseCase, UpdateTicketUseCase, DeleteTicketUseCase],
})
export class TicketsModule {}
