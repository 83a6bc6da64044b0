import { Module } from '@nestjs/common';
import { ChatsController } from './chats.controller.js';
import { ChatsRepository } from './chats.repository.js';
import { CreateChatUseCase } from './use-cases/create-chat.use-case.js';
import { DeleteChatUseCase } from './use-cases/delete-chat.use-case.js';
import { ReadChatUseCase } from './use-cases/read-chat.use-case.js';
import { SendChatMessageUseCase } from './use-cases/send-chat-message.use-case.js';
import { UpdateChatUseCase } from './use-cases/update-chat.use-case.js';

/** Internal chats between the company's staff users, with unread counts per member. */
@Module({
  controllers: [ChatsController],
  providers: [
    ChatsRepository,
    CreateChatUseCase,
    UpdateChatUseCase,
    DeleteChatUseCase,
    ReadChatUseCase,
    SendChatMessageUseCase,
  ],
})
export class ChatsModule {}
