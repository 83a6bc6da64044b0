import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import { MessageCreated, type OutboundContent, SendMessage, type TemplateSend } from '@cs/proto/events';
import { DomainError } from '@cs/platform/errors';
import { EventPublisher } from '@cs/platform/events';
import { ProjectionsRepository } from '../projections/projections.repository.js';
import { ConversationHooks } from '../tickets/conversation-hooks.js';
import { type TicketRow, TicketsRepository } from '../tickets/tickets.repository.js';
import { type MessageRow, MessagesRepository, quoteOf, toMessageSnapshot } from './messages.repository.js';

export interface OutboundMedia {
  readonly url: string;
  readonly mimeType: string;
  readonly fileName: string;
}

export interface OutboundInput {
  readonly body: string;
  readonly media?: OutboundMedia | null;
  /** Sent by the chatbot or another automation (stored and flagged, never hidden). */
  readonly isBot: boolean;
  readonly userId: number | null;
  readonly quotedMsgId?: string | null;
  /** An audio sent as a voice note (the AI's spoken answers). */
  readonly ptt?: boolean;
  /** A Cloud API template sent instead of free text (`body` is then its rendered text). */
  readonly template?: TemplateSend;
}

/** Meta's customer service window: hours after the contact's last message in which free text may be sent. */
export const SERVICE_WINDOW_HOURS = 24;

const mediaTypeOf = (mimeType: string): 'image' | 'video' | 'audio' | 'document' => {
  if (mimeType.startsWith('image/')) return 'image';
  if (mimeType.startsWith('video/')) return 'video';
  if (mimeType.startsWith('audio/')) return 'audio';
  return 'document';
};

/**
 * Sends a message on a ticket: stores it at once as pending (ack 0), asks the connector to send it
 * (`whatsapp.message.send` with our id as `clientMessageId`), moves the ticket's last message, and emits
 * `tickets.message.created`. Acks (`whatsapp.message.sent`, `...ack`) update the stored row later.
 */
@Injectable()
export class OutboundService {
  constructor(
    private readonly messages: MessagesRepository,
    private readonly tickets: TicketsRepository,
    private readonly events: EventPublisher,
    private readonly hooks: ConversationHooks,
    private readonly projections: ProjectionsRepository,
  ) {}

  /**
   * Meta's 24-hour customer service window: on a Cloud API connection, free text (and media) may go out only
   * within 24 hours of the contact's last message on the ticket; outside it only an approved template may
   * (`ERR_OUTSIDE_SERVICE_WINDOW`, refused here before any command reaches the connector). Other providers have no
   * such window.
   */
  async assertServiceWindow(companyId: CompanyId, ticket: TicketRow): Promise<void> {
    if (await this.withinServiceWindow(companyId, ticket.whatsappId, ticket.id)) return;
    throw new DomainError('ERR_OUTSIDE_SERVICE_WINDOW', {
      details: { reason: 'outsideCustomerServiceWindow', hours: SERVICE_WINDOW_HOURS },
    });
  }

  /** Whether free text may go to the contact of `ticketId` (null: no ticket yet) through the connection. */
  async withinServiceWindow(companyId: CompanyId, whatsappId: number, ticketId: number | null): Promise<boolean> {
    const connection = await this.projections.connection(companyId, whatsappId);
    if (connection?.provider !== 'cloud-api') return true;
    return ticketId !== null && (await this.messages.contactWroteWithin(companyId, ticketId, SERVICE_WINDOW_HOURS));
  }

  async send(companyId: CompanyId, ticket: TicketRow, input: OutboundInput): Promise<MessageRow> {
    const id = randomUUID();
    const media = input.media ?? null;
    const kind = media ? mediaTypeOf(media.mimeType) : null;
    const body = media ? input.body || media.fileName : input.body;
    const quoted = input.quotedMsgId ? await this.messages.find(companyId, input.quotedMsgId) : null;
    const quotedWaId = quoted?.waId ?? null;
    const message = await this.messages.insert(companyId, {
      id,
      ticketId: ticket.id,
      contactId: ticket.contactId,
      whatsappId: ticket.whatsappId,
      waId: null,
      body,
      fromMe: true,
      isBot: input.isBot,
      ack: 0,
      read: true,
      mediaType: kind === 'document' ? 'application' : (kind ?? 'chat'),
      mediaUrl: media?.url ?? null,
      quotedMsgId: input.quotedMsgId ?? null,
      queueId: ticket.queueId,
      userId: input.userId,
    });
    if (!message) throw new Error('could not store an outgoing message');
    const content: OutboundContent = media
      ? {
          kind: 'media',
          mediaType: kind ?? 'document',
          url: media.url,
          mimeType: media.mimeType,
          fileName: media.fileName,
          caption: input.body,
          ptt: input.ptt ?? false,
        }
      : { kind: 'text', body, ...(input.template ? { template: input.template } : {}) };
    const { ticket: updated, snapshot } = await this.tickets.patchWithSnapshot(companyId, ticket.id, {
      // a waiting ticket's preview keeps what the contact wrote, not the chatbot's menu or greeting (a ticket that
      // has nothing yet, as one the external API opens, shows the message)
      ...(input.isBot && ticket.status === 'pending' && ticket.lastMessage ? {} : { lastMessage: body }),
      fromMe: true,
      unreadMessages: 0,
    });
    await this.hooks.weSpoke.emit(companyId, updated);
    // the command, then the message with its ticket, in one outbox write
    await this.events.emitAll([
      {
        definition: SendMessage,
        input: {
          companyId,
          key: ticket.whatsappId,
          data: {
            commandId: randomUUID(),
            clientMessageId: id,
            connectionId: ticket.whatsappId,
            chatJid: ticket.chatJid,
            content,
            quotedMessageId: quotedWaId,
          },
        },
      },
      {
        definition: MessageCreated,
        input: {
          companyId,
          key: ticket.id,
          data: { message: toMessageSnapshot(message), ticket: snapshot, quotedMsg: quoted ? quoteOf(quoted) : null },
        },
      },
    ]);
    return message;
  }
}
