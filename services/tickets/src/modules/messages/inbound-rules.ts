import type { InboundMessage } from '@cs/proto/events';
import type { InboundResponder } from '../tickets/conversation-hooks.js';
import type { TicketRow } from '../tickets/tickets.repository.js';
import type { NewMessage } from './messages.repository.js';

/**
 * The rules of an inbound message, one place for both ways of receiving it: alone (`ReceiveInboundUseCase`) and
 * set-based in a batch (`ReceiveInboundBatchUseCase`, which takes only the messages these rules send to `store`).
 */

export interface Incoming {
  readonly connectionId: number;
  readonly chatJid: string;
  readonly isGroup: boolean;
  readonly waId: string;
  readonly fromMe: boolean;
  readonly timestamp: string;
  readonly body: string;
  readonly mediaType: string;
  readonly mediaUrl: string | null;
  readonly quotedWaId: string | null;
  /** The file the connector did not keep, when it refused one. */
  readonly refusedMedia?: InboundMessage['refusedMedia'];
  /** Reactions and call entries are stored but do not count as unread or run the chatbot. */
  readonly conversational: boolean;
}

/** A location as the spec's message view expects it: `image|link|description` (pipe-separated). */
export function locationBody(location: NonNullable<InboundMessage['location']>): string {
  const link = `https://maps.google.com/maps?q=${location.latitude}%2C${location.longitude}&z=17&hl=pt-BR`;
  const description = [location.name, location.address].filter(Boolean).join('\n');
  return [location.thumbnailUrl ?? '', link, description].join('|');
}

const mediaTypeOf = (message: InboundMessage): string => {
  switch (message.kind) {
    case 'text':
      return 'chat';
    case 'location':
      return 'locationMessage';
    case 'vcard':
      return 'vcard';
    case 'document':
      return 'application';
    default:
      return message.kind;
  }
};

const bodyOf = (message: InboundMessage): string => {
  if (message.kind === 'location' && message.location) return locationBody(message.location);
  if (message.kind === 'vcard') return message.vcards.map((card) => card.vcard).join('\n') || message.body;
  if (message.media && !message.body) return message.media.fileName;
  return message.body;
};

/** A received WhatsApp message as the inbound path stores it. */
export const incomingOf = (message: InboundMessage): Incoming => ({
  connectionId: message.connectionId,
  chatJid: message.chatJid,
  isGroup: message.isGroup,
  waId: message.messageId,
  fromMe: message.fromMe,
  timestamp: message.timestamp,
  body: bodyOf(message),
  mediaType: mediaTypeOf(message),
  mediaUrl: message.media?.url ?? null,
  quotedWaId: message.quotedMessageId,
  refusedMedia: message.refusedMedia ?? null,
  conversational: true,
});

/** Whether a bot (the chatbot, a prompt or a queue integration) may answer the customer on a ticket. */
export type Responders = Pick<InboundResponder, 'answers'>;

/** The customer wrote (a message, not our own from the phone, nor a reaction or a missed call). */
export const customerSpoke = (incoming: Pick<Incoming, 'fromMe' | 'conversational'>): boolean =>
  !incoming.fromMe && incoming.conversational;

/**
 * What receiving `incoming` on `ticket` takes:
 * - `reopen`: the customer wrote to a closed ticket (a rating answer, or the ticket reopens as pending in no queue),
 *   decided again once it is open;
 * - `bots`: the customer wrote to a ticket a bot answers;
 * - `timer`: the customer wrote to a pending ticket still in no queue: stored, and its auto-transfer timer armed;
 * - `store`: nothing answers (an agent's ticket, a group's waiting ticket, our own message from the phone): stored,
 *   with the message's and the ticket's events.
 */
export function inboundRoute(
  ticket: TicketRow,
  incoming: Pick<Incoming, 'fromMe' | 'conversational'>,
  responders: Responders,
): 'reopen' | 'bots' | 'timer' | 'store' {
  if (!customerSpoke(incoming)) return 'store';
  if (ticket.status === 'closed') return 'reopen';
  if (responders.answers(ticket)) return 'bots';
  return armsAutoTransfer(ticket) ? 'timer' : 'store';
}

/** `timeSendQueue`/`sendIdQueue` apply to a pending ticket still in no queue (never a group's). */
export const armsAutoTransfer = (ticket: Pick<TicketRow, 'status' | 'queueId' | 'isGroup'>): boolean =>
  ticket.status === 'pending' && ticket.queueId === null && !ticket.isGroup;

/**
 * The ticket's preview after the message: its text, who wrote last, and the unread count (our own message reads
 * the ticket; a reaction is not counted).
 */
export function previewAfter(
  ticket: Pick<TicketRow, 'unreadMessages'>,
  incoming: Pick<Incoming, 'fromMe' | 'body' | 'mediaType'>,
): { lastMessage: string; fromMe: boolean; unreadMessages: number } {
  const counts = !incoming.fromMe && incoming.mediaType !== 'reactionMessage';
  return {
    lastMessage: incoming.body,
    fromMe: incoming.fromMe,
    unreadMessages: incoming.fromMe ? 0 : ticket.unreadMessages + (counts ? 1 : 0),
  };
}

/** The message row of `incoming` on `ticket` (its WhatsApp id is its id: stored once across redeliveries). */
export function inboundMessage(
  ticket: Pick<TicketRow, 'id' | 'queueId'>,
  contactId: number,
  incoming: Incoming,
  quotedMsgId: string | null,
): NewMessage {
  return {
    id: incoming.waId,
    ticketId: ticket.id,
    contactId: incoming.fromMe ? null : contactId,
    whatsappId: incoming.connectionId,
    waId: incoming.waId,
    body: incoming.body,
    fromMe: incoming.fromMe,
    isBot: false,
    ack: incoming.fromMe ? 2 : 0,
    read: incoming.fromMe,
    mediaType: incoming.mediaType,
    mediaUrl: incoming.mediaUrl,
    refusedMedia: incoming.refusedMedia ?? null,
    quotedMsgId,
    queueId: ticket.queueId,
    userId: null,
    createdAt: new Date(incoming.timestamp),
  };
}
