import { Module } from '@nestjs/common';
import { MediaModule } from '../media/media.module.js';
import { OutboundModule } from './outbound.module.js';
import { ProjectionsModule } from '../projections/projections.module.js';
import { TicketLifecycleModule } from './ticket-lifecycle.module.js';
import { TicketsDataModule } from '../tickets/tickets-data.module.js';
import { MessagesConsumer } from './messages.consumer.js';
import { MessageCountsController } from './message-counts.controller.js';
import { MessagesController } from './messages.controller.js';
import { MessagesQueries } from './messages.queries.js';
import { ApplySendResultUseCase } from './use-cases/apply-send-result.use-case.js';
import { DeleteMessageUseCase } from './use-cases/delete-message.use-case.js';
import { EditMessageUseCase } from './use-cases/edit-message.use-case.js';
import { ReadTicketMessagesUseCase } from './use-cases/read-ticket-messages.use-case.js';
import { ReceiveInboundBatchUseCase } from './use-cases/receive-inbound-batch.use-case.js';
import { ReceiveInboundUseCase } from './use-cases/receive-inbound.use-case.js';
import { SendMessageUseCase } from './use-cases/send-message.use-case.js';

@Module({
  imports: [MediaModule, OutboundModule, ProjectionsModule, TicketLifecycleModule, TicketsDataModule],
  controllers: [MessagesController, MessageCountsController, MessagesConsumer],
  providers: [
    MessagesQueries,
    ReadTicketMessagesUseCase,
    ReceiveInboundUseCase,
    ReceiveInboundBatchUseCase,
    ApplySendResultUseCase,
    SendMessageUseCase,
    DeleteMessageUseCase,
    EditMessageUseCase,
  ],
})
export class MessagesModule {}
