import { v7 as uuidv7 } from 'uuid';
import type { EventData } from '@cs/proto/common';
import type { ContactSnapshot, InboundMessage, InboundMessageResolved } from '@cs/proto/events';

/** A contacts.inbound-message.resolved event's data. */
export type ResolvedInbound = EventData<typeof InboundMessageResolved>;

/** A person's contact as contacts publishes it. */
export function contactSnapshot(companyId: number, id: number, name: string, number: string): ContactSnapshot {
  return {
    id,
    companyId,
    name,
    number,
    email: '',
    profilePicUrl: null,
    isGroup: false,
    lid: null,
    extraInfo: [],
    createdAt: '2026-10-02T09:15:00.000Z',
    updatedAt: '2026-10-02T09:15:00.000Z',
  };
}

/** The 1:1 chat of `contact` on a connection, as the connector names it in each of its events. */
export function chatOf(contact: Pick<ContactSnapshot, 'name' | 'number'>, connectionId: number) {
  const jid = `${contact.number}@s.whatsapp.net`;
  return {
    connectionId,
    chatJid: jid,
    isGroup: false,
    groupName: null,
    contact: { jid, number: contact.number, lid: null, pushName: contact.name },
  };
}

/** The customer's text `WA1` ("quero comprar") on `contact`'s 1:1 chat, as the connector received it. */
export function receivedText(
  contact: Pick<ContactSnapshot, 'name' | 'number'>,
  connectionId: number,
  overrides: Partial<InboundMessage> = {},
): InboundMessage {
  return {
    ...chatOf(contact, connectionId),
    messageId: 'WA1',
    fromMe: false,
    timestamp: '2026-01-02T03:04:05.000Z',
    kind: 'text',
    body: 'quero comprar',
    media: null,
    location: null,
    vcards: [],
    quotedMessageId: null,
    isOffline: false,
    ...overrides,
  };
}

/** A WhatsApp event of `contact`'s chat as contacts republishes it once it resolved the contact. */
export function resolvedInbound(
  contact: ContactSnapshot,
  source: ResolvedInbound['source'],
  groupContact: ContactSnapshot | null = null,
): ResolvedInbound {
  return { sourceEventId: uuidv7(), source, contact, groupContact };
}
