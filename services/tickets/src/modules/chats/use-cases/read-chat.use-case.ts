import { Injectable } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import { type ChatSnapshot, ChatUpdated } from '@cs/proto/events';
import { TransactionHost } from '@cs/platform/database';
import { EventPublisher } from '@cs/platform/events';
import type { Identity } from '@cs/platform/tenancy';
import { ChatsRepository } from '../chats.repository.js';
import { memberChat } from '../chats.rules.js';

/**
 * `POST /chats/{id}/read`: the caller's unread count back to 0 (the spec's client sends its `userId`; the
 * caller's identity decides). The members hear of it only when something changed.
 */
@Injectable()
export class ReadChatUseCase {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly chats: ChatsRepository,
    private readonly events: EventPublisher,
  ) {}

  async execute(companyId: CompanyId, identity: Identity, id: number): Promise<ChatSnapshot> {
    return this.transactions.run(async () => {
      const chat = await memberChat(this.chats, companyId, identity, id);
      const changed = await this.chats.markRead(companyId, chat.id, identity.userId);
      const snapshot = await this.chats.snapshot(companyId, chat.id);
      if (changed) await this.events.emit(ChatUpdated, { companyId, key: chat.id, data: snapshot });
      return snapshot;
    });
  }
}
