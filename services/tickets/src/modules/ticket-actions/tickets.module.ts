import { Module } from '@nestjs/common';
import { OutboundModule } from '../messages/outbound.module.js';
import { ProjectionsModule } from '../projections/projections.module.js';
import { QueuesDataModule } from '../queues/queues-data.module.js';
import { TicketLifecycleModule } from '../messages/ticket-lifecycle.module.js';
import { TicketsDataModule } from '../tickets/tickets-data.module.js';
import { TicketsController } from './tickets.controller.js';
import { CreateTicketUseCase } from './use-cases/create-ticket.use-case.js';
import { DeleteTicketUseCase } from './use-cases/delete-ticket.use-case.js';
import { AcceptTicketUseCase } from './use-cases/accept-ticket.use-case.js';
import { CloseTicketUseCase } from './use-cases/close-ticket.use-case.js';
import { ReopenTicketUseCase } from './use-cases/reopen-ticket.use-case.js';
import { ReturnTicketUseCase } from './use-cases/return-ticket.use-case.js';
import { TicketTransitionPorts } from './use-cases/ticket-transition.js';
import { TransferTicketUseCase } from './use-cases/transfer-ticket.use-case.js';

@Module({
  imports: [OutboundModule, ProjectionsModule, QueuesDataModule, TicketLifecycleModule, TicketsDataModule],
  controllers: [TicketsController],
  providers: [
    CreateTicketUseCase,
    DeleteTicketUseCase,
    TicketTransitionPorts,
    AcceptTicketUseCase,
    ReturnTicketUseCase,
    CloseTicketUseCase,
    ReopenTicketUseCase,
    TransferTicketUseCase,
  ],
})
export class TicketsModule {}
