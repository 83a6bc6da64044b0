import { Injectable } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import { ChatDeleted } from '@cs/proto/events';
import { TransactionHost } from '@cs/platform/database';
import { EventPublisher } from '@cs/platform/events';
import type { Identity } from '@cs/platform/tenancy';
import { ChatsRepository } from '../chats.repository.js';
import { assertOwner, memberChat } from '../chats.rules.js';

/** `DELETE /chats/{id}` (owner only): the chat, its members and messages go; every member is told. */
@Injectable()
export class DeleteChatUseCase {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly chats: ChatsRepository,
    private readonly events: EventPublisher,
  ) {}

  async execute(companyId: CompanyId, identity: Identity, id: number): Promise<void> {
    await this.transactions.run(async () => {
      const chat = await memberChat(this.chats, companyId, identity, id);
      assertOwner(identity, chat);
      const userIds = await this.chats.memberIds(companyId, chat.id);
      await this.chats.delete(companyId, chat.id);
      await this.events.emit(ChatDeleted, { companyId, key: chat.id, data: { id: chat.id, uuid: chat.uuid, userIds } });
    });
  }
}
