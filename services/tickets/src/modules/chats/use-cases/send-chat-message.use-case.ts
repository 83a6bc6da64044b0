import { Injectable } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import { ChatMessageCreated, type ChatMessageSnapshot } from '@cs/proto/events';
import type { ChatMessageRequest } from '@cs/proto/http';
import { TransactionHost } from '@cs/platform/database';
import { EventPublisher } from '@cs/platform/events';
import type { Identity } from '@cs/platform/tenancy';
import { ChatsRepository } from '../chats.repository.js';
import { memberChat } from '../chats.rules.js';

/** `POST /chats/{id}/messages`: a member's message; the other members' unread counts grow by one. */
@Injectable()
export class SendChatMessageUseCase {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly chats: ChatsRepository,
    private readonly events: EventPublisher,
  ) {}

  async execute(
    companyId: CompanyId,
    identity: Identity,
    id: number,
    body: ChatMessageRequest,
  ): Promise<ChatMessageSnapshot> {
    return this.transactions.run(async () => {
      const chat = await memberChat(this.chats, companyId, identity, id);
      const message = await this.chats.addMessage(companyId, chat.id, identity.userId, body.message);
      const snapshot = await this.chats.snapshot(companyId, chat.id);
      await this.events.emit(ChatMessageCreated, { companyId, key: chat.id, data: { chat: snapshot, message } });
      return message;
    });
  }
}
