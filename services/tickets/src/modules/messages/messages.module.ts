import { Module } from '@nestjs/common';
import { MessagesConsumer } from './messages.consumer.js';
import { MessagesController } from './messages.controller.js';
import { MessagesQueries } from './messages.queries.js';
import { ApplySendResultUseCase } from './use-cases/apply-send-result.use-case.js';
import { DeleteMessageUseCase } from './use-cases/delete-message.use-case.js';
import { ReadTicketMessagesUseCase } from './use-cases/read-ticket-messages.use-case.js';
import { ReceiveInboundUseCase } from './use-cases/receive-inbound.use-case.js';
import { SendMessageUseCase } from './use-cases/send-message.use-case.js';

@Module({
  controllers: [MessagesController, MessagesConsumer],
  providers: [
    MessagesQueries,
    ReadTicketMessagesUseCase,
    ReceiveInboundUseCase,
    ApplySendResultUseCase,
    SendMessageUseCase,
    DeleteMessageUseCase,
  ],
})
export class MessagesModule {}
