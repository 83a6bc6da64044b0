import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import { DeleteMessage, type MessageSnapshot, MessageUpdated } from '@cs/proto/events';
import { TransactionHost } from '@cs/platform/database';
import { DomainError } from '@cs/platform/errors';
import { EventPublisher } from '@cs/platform/events';
import type { Identity } from '@cs/platform/tenancy';
import { TicketsQueries } from '../../tickets/tickets.queries.js';
import { TicketsRepository } from '../../tickets/tickets.repository.js';
import { MessagesRepository, toMessageSnapshot } from '../messages.repository.js';

/** `DELETE /messages/{id}`: one of our own messages is revoked for everyone and shown as deleted. */
@Injectable()
export class DeleteMessageUseCase {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly messages: MessagesRepository,
    private readonly tickets: TicketsRepository,
    private readonly queries: TicketsQueries,
    private readonly events: EventPublisher,
  ) {}

  async execute(companyId: CompanyId, identity: Identity, messageId: string): Promise<MessageSnapshot> {
    return this.transactions.run(async () => {
      const message = await this.messages.find(companyId, messageId);
      if (!message) throw new DomainError('ERR_NOT_FOUND');
      const ticket = await this.tickets.find(companyId, message.ticketId);
      if (!ticket || !(await this.queries.canSee(companyId, identity, ticket))) throw new DomainError('ERR_NOT_FOUND');
      if (!message.fromMe) throw new DomainError('ERR_NO_PERMISSION');
      const updated = await this.messages.patch(companyId, message.id, { isDeleted: true });
      if (!updated) throw new DomainError('ERR_NOT_FOUND');
      if (message.waId) {
        await this.events.emit(DeleteMessage, {
          companyId,
          key: ticket.whatsappId,
          data: {
            commandId: randomUUID(),
            connectionId: ticket.whatsappId,
            chatJid: ticket.chatJid,
            messageId: message.waId,
          },
        });
      }
      const snapshot = await this.tickets.snapshot(companyId, ticket.id);
      if (snapshot) {
        await this.events.emit(MessageUpdated, {
          companyId,
          key: ticket.id,
          data: { message: toMessageSnapshot(updated), ticket: snapshot },
        });
      }
      return toMessageSnapshot(updated);
    });
  }
}
