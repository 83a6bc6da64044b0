import { Injectable } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import { ChatDeleted, type ChatSnapshot, ChatUpdated } from '@cs/proto/events';
import type { ChatUpdateRequest } from '@cs/proto/http';
import { TransactionHost } from '@cs/platform/database';
import { EventPublisher } from '@cs/platform/events';
import type { Identity } from '@cs/platform/tenancy';
import { ChatsRepository } from '../chats.repository.js';
import { assertOwner, memberChat, resolveMembers } from '../chats.rules.js';

/**
 * `PUT /chats/{id}` (owner only): a new title and/or member list. Removed members are told the chat is gone for
 * them (`tickets.chat.deleted` with their ids); the remaining ones get the updated chat.
 */
@Injectable()
export class UpdateChatUseCase {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly chats: ChatsRepository,
    private readonly events: EventPublisher,
  ) {}

  async execute(companyId: CompanyId, identity: Identity, id: number, body: ChatUpdateRequest): Promise<ChatSnapshot> {
    return this.transactions.run(async () => {
      const chat = await memberChat(this.chats, companyId, identity, id);
      assertOwner(identity, chat);
      if (body.title !== undefined) await this.chats.setTitle(companyId, chat.id, body.title);
      if (body.users !== undefined) {
        const before = await this.chats.memberIds(companyId, chat.id);
        const members = await resolveMembers(this.chats, companyId, chat.ownerId, body.users);
        await this.chats.setMembers(companyId, chat.id, members);
        const removed = before.filter((userId) => !members.includes(userId));
        if (removed.length > 0) {
          await this.events.emit(ChatDeleted, {
            companyId,
            key: chat.id,
            data: { id: chat.id, uuid: chat.uuid, userIds: removed },
          });
        }
      }
      const snapshot = await this.chats.snapshot(companyId, chat.id);
      await this.events.emit(ChatUpdated, { companyId, key: chat.id, data: snapshot });
      return snapshot;
    });
  }
}
