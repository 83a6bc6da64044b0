import { Injectable } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import { ChatCreated, type ChatSnapshot } from '@cs/proto/events';
import type { ChatRequest } from '@cs/proto/http';
import { TransactionHost } from '@cs/platform/database';
import { EventPublisher } from '@cs/platform/events';
import type { Identity } from '@cs/platform/tenancy';
import { ChatsRepository } from '../chats.repository.js';
import { resolveMembers } from '../chats.rules.js';

/** `POST /chats`: the caller owns the new chat and is always one of its members. */
@Injectable()
export class CreateChatUseCase {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly chats: ChatsRepository,
    private readonly events: EventPublisher,
  ) {}

  async execute(companyId: CompanyId, identity: Identity, body: ChatRequest): Promise<ChatSnapshot> {
    return this.transactions.run(async () => {
      const members = await resolveMembers(this.chats, companyId, identity.userId, body.users);
      const chat = await this.chats.insert(companyId, identity.userId, body.title);
      await this.chats.setMembers(companyId, chat.id, members);
      const snapshot = await this.chats.snapshot(companyId, chat.id);
      await this.events.emit(ChatCreated, { companyId, key: chat.id, data: snapshot });
      return snapshot;
    });
  }
}
