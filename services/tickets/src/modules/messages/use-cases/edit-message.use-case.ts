import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import { EditMessage, type MessageSnapshot, MessageUpdated } from '@cs/proto/events';
import { type EditMessageInput, MESSAGE_EDIT_WINDOW_MS } from '@cs/proto/http';
import { TransactionHost } from '@cs/platform/database';
import { DomainError } from '@cs/platform/errors';
import { EventPublisher } from '@cs/platform/events';
import type { Identity } from '@cs/platform/tenancy';
import { placementOf, TicketEvents } from '../../tickets/ticket-events.js';
import { TicketsQueries } from '../../tickets/tickets.queries.js';
import { TicketsRepository } from '../../tickets/tickets.repository.js';
import { MessagesRepository, toMessageSnapshot } from '../messages.repository.js';

/**
 * `POST /messages/edit/{id}`: the text of one of our own text messages is changed, on WhatsApp too (it allows
 * that for 15 minutes after sending). Media, locations, vCards, deleted messages and messages WhatsApp has not
 * accepted yet cannot be edited. Stored at once as edited; a failed command puts the previous text back.
 */
@Injectable()
export class EditMessageUseCase {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly messages: MessagesRepository,
    private readonly tickets: TicketsRepository,
    private readonly queries: TicketsQueries,
    private readonly events: EventPublisher,
    private readonly ticketEvents: TicketEvents,
  ) {}

  async execute(
    companyId: CompanyId,
    identity: Identity,
    messageId: string,
    input: EditMessageInput,
    now = new Date(),
  ): Promise<MessageSnapshot> {
    return this.transactions.run(async () => {
      const message = await this.messages.find(companyId, messageId);
      if (!message) throw new DomainError('ERR_NOT_FOUND');
      const ticket = await this.tickets.find(companyId, message.ticketId);
      if (!ticket || !(await this.queries.canSee(companyId, identity, ticket))) throw new DomainError('ERR_NOT_FOUND');
      if (!message.fromMe) throw new DomainError('ERR_NO_PERMISSION');
      if (message.isDeleted || message.mediaType !== 'chat') throw new DomainError('ERR_MESSAGE_NOT_EDITABLE');
      if (!message.waId) {
        throw new DomainError('ERR_MESSAGE_NOT_EDITABLE', { message: 'A mensagem ainda não foi enviada ao WhatsApp.' });
      }
      if (now.getTime() - Date.parse(message.createdAt) > MESSAGE_EDIT_WINDOW_MS) {
        throw new DomainError('ERR_MESSAGE_EDIT_EXPIRED');
      }
      const body = input.body.trim();
      if (body === message.body) return toMessageSnapshot(message);
      const updated = await this.messages.patch(companyId, message.id, { body, isEdited: true });
      if (!updated) throw new DomainError('ERR_NOT_FOUND');
      if (ticket.lastMessage === message.body) {
        // the list shows the last message: it follows the edit (as for the contact's edits), without reordering
        await this.tickets.patch(companyId, ticket.id, { lastMessage: body, touch: false });
        await this.ticketEvents.updated(companyId, ticket.id, placementOf(ticket));
      }
      await this.events.emit(EditMessage, {
        companyId,
        key: ticket.whatsappId,
        data: {
          commandId: randomUUID(),
          clientMessageId: message.id,
          connectionId: ticket.whatsappId,
          chatJid: ticket.chatJid,
          messageId: message.waId,
          body,
          previous: { body: message.body, isEdited: message.isEdited },
        },
      });
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
