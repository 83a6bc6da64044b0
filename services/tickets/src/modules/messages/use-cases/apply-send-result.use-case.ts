import { Injectable } from '@nestjs/common';
import { assertUnreachable, type CompanyId } from '@cs/proto/common';
import { MessageUpdated, type TypedEvent, type WhatsappMessageAckTopic } from '@cs/proto/events';
import { TransactionHost } from '@cs/platform/database';
import { EventPublisher } from '@cs/platform/events';
import { ConversationHooks } from '../../tickets/conversation-hooks.js';
import { placementOf, TicketEvents } from '../../tickets/ticket-events.js';
import { TicketsRepository } from '../../tickets/tickets.repository.js';
import { type MessageRow, MessagesRepository, toMessageSnapshot } from '../messages.repository.js';

/**
 * Applies the connector's results to stored messages: `sent` gives our pending message its WhatsApp id (ack 1),
 * `send-failed` marks it failed (ack 0, with the reason, announced on `ConversationHooks.sendFailed`:
 * a scheduled message becomes ERRO), and acks only move
 * forward (2 server, 3 delivered, 4 read, 5 played). A failed edit puts the previous text back (the contact still
 * sees it).
 */
@Injectable()
export class ApplySendResultUseCase {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly messages: MessagesRepository,
    private readonly tickets: TicketsRepository,
    private readonly hooks: ConversationHooks,
    private readonly events: EventPublisher,
    private readonly ticketEvents: TicketEvents,
  ) {}

  async execute(companyId: CompanyId, event: TypedEvent<typeof WhatsappMessageAckTopic>): Promise<void> {
    await this.transactions.run(async () => {
      switch (event.type) {
        case 'whatsapp.message.sent': {
          const { data } = event;
          const message = await this.messages.find(companyId, data.clientMessageId);
          if (!message) return;
          const updated = await this.messages.patch(companyId, message.id, {
            waId: data.messageId,
            ack: Math.max(message.ack, 1),
            error: null,
          });
          if (updated) await this.emit(companyId, updated);
          return;
        }
        case 'whatsapp.message.send-failed': {
          const { data } = event;
          const message = await this.messages.find(companyId, data.clientMessageId);
          if (!message) return;
          const updated = await this.messages.patch(companyId, message.id, {
            ack: 0,
            error: data.reason || data.error,
          });
          if (updated) await this.emit(companyId, updated);
          await this.hooks.sendFailed.emit(companyId, { messageId: message.id, reason: data.reason || data.error });
          return;
        }
        case 'whatsapp.message.ack': {
          const { data } = event;
          const message = await this.messages.findByWaId(companyId, data.connectionId, data.messageId);
          if (!message || data.ack <= message.ack) return;
          const updated = await this.messages.patch(companyId, message.id, { ack: data.ack });
          if (updated) await this.emit(companyId, updated);
          return;
        }
        case 'whatsapp.message.edit-failed': {
          // the contact still sees the previous text: put it back, unless a later edit has replaced this one
          const { data } = event;
          const message = await this.messages.find(companyId, data.clientMessageId);
          if (!message || message.body !== data.body) return;
          const updated = await this.messages.patch(companyId, message.id, {
            body: data.previous.body,
            isEdited: data.previous.isEdited,
            error: data.reason || data.error,
          });
          const ticket = await this.tickets.find(companyId, message.ticketId);
          if (ticket && ticket.lastMessage === data.body) {
            await this.tickets.patch(companyId, ticket.id, { lastMessage: data.previous.body, touch: false });
            await this.ticketEvents.updated(companyId, ticket.id, placementOf(ticket));
          }
          if (updated) await this.emit(companyId, updated);
          return;
        }
        default:
          assertUnreachable(event);
      }
    });
  }

  private async emit(companyId: CompanyId, message: MessageRow): Promise<void> {
    const ticket = await this.tickets.snapshot(companyId, message.ticketId);
    if (!ticket) return;
    await this.events.emit(MessageUpdated, {
      companyId,
      key: message.ticketId,
      data: { message: toMessageSnapshot(message), ticket },
    });
  }
}
