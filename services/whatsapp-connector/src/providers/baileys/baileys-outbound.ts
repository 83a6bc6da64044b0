import { createHash } from 'node:crypto';
import type { AnyMessageContent, proto, WAMessage, WAMessageKey } from 'baileys';
import type { ContactUpdate, NumberCheckResult, SendRequest, SessionContext } from '../provider.port.js';
import type { BaileysDataStore } from './baileys-data.store.js';
import { normalizeJid, numberOf } from './baileys.mapper.js';
import type { WaSocketLike } from './baileys.port.js';

/** What outbound needs of the session's stored messages and contacts. */
export type OutboundStore = Pick<BaileysDataStore, 'reserveSend' | 'recordSent' | 'find' | 'listContacts'>;

/**
 * A session's commands to WhatsApp: sends (text, location, vCard, media, quoting), deletes for everyone, read
 * marks, number checks, profile pictures and the phone's address book. Each asks the lifecycle for the open socket
 * first (`ready`, which throws `SessionNotReadyError` while the session is not CONNECTED).
 */
export class BaileysOutbound {
  constructor(
    private readonly context: Pick<SessionContext, 'connection' | 'media'>,
    private readonly data: OutboundStore,
    private readonly ready: () => WaSocketLike,
  ) {}

  /** The WhatsApp id of a send: derived from the command, so a resend after a crash carries the same id. */
  messageIdFor(idempotencyKey: string): string {
    const digest = createHash('sha256').update(`${this.context.connection.id}:${idempotencyKey}`).digest('hex');
    return `3EB0${digest.slice(0, 18).toUpperCase()}`;
  }

  async send(request: SendRequest): Promise<{ messageId: string; timestamp: Date }> {
    const socket = this.ready();
    const messageId = this.messageIdFor(request.idempotencyKey);
    const previous = await this.data.reserveSend(messageId, request.chatJid);
    if (previous?.sentAt) return { messageId, timestamp: previous.sentAt };
    const content = await this.contentOf(request);
    const quoted = request.quotedMessageId
      ? await this.quotedMessage(request.chatJid, request.quotedMessageId)
      : undefined;
    const sent = await socket.sendMessage(request.chatJid, content, { messageId, ...(quoted ? { quoted } : {}) });
    const seconds = Number(sent?.messageTimestamp ?? 0);
    const timestamp = seconds > 0 ? new Date(seconds * 1000) : new Date();
    if (sent) await this.data.recordSent(messageId, sent, timestamp);
    return { messageId, timestamp };
  }

  private async contentOf(request: SendRequest): Promise<AnyMessageContent> {
    const content = request.content;
    switch (content.kind) {
      case 'text':
        return { text: content.body };
      case 'location':
        return {
          location: {
            degreesLatitude: content.latitude,
            degreesLongitude: content.longitude,
            ...(content.name ? { name: content.name } : {}),
            ...(content.address ? { address: content.address } : {}),
          },
        };
      case 'vcard':
        return { contacts: { displayName: content.displayName, contacts: [{ vcard: content.vcard }] } };
      case 'media': {
        const file = await this.context.media.get(content.url);
        const mimetype = content.mimeType || file.mimeType;
        const caption = content.caption ? { caption: content.caption } : {};
        switch (content.mediaType) {
          case 'image':
            return { image: file.data, mimetype, ...caption };
          case 'video':
            return { video: file.data, mimetype, ...caption };
          case 'audio':
            return { audio: file.data, mimetype, ptt: content.ptt };
          case 'sticker':
            return { sticker: file.data, mimetype };
          case 'document':
            return { document: file.data, mimetype, fileName: content.fileName || file.fileName, ...caption };
        }
      }
    }
  }

  /** The stored original when we have it (sent or received), else a bare key (WhatsApp still links the reply). */
  private async quotedMessage(chatJid: string, messageId: string): Promise<WAMessage> {
    const stored = await this.data.find(messageId);
    if (stored?.message?.message) return stored.message;
    return {
      key: {
        remoteJid: chatJid,
        id: messageId,
        fromMe: stored?.fromMe ?? false,
        ...(stored?.participant ? { participant: stored.participant } : {}),
      },
      message: { conversation: '' } satisfies proto.IMessage,
    };
  }

  async deleteForEveryone(chatJid: string, messageId: string): Promise<void> {
    const socket = this.ready();
    await socket.sendMessage(chatJid, { delete: { remoteJid: chatJid, fromMe: true, id: messageId } });
  }

  /** WhatsApp's edit: the new text with the key of our message (WhatsApp itself refuses it after 15 minutes). */
  async editText(chatJid: string, messageId: string, body: string): Promise<void> {
    const socket = this.ready();
    await socket.sendMessage(chatJid, { text: body, edit: { remoteJid: chatJid, fromMe: true, id: messageId } });
  }

  async markRead(chatJid: string, messageIds: readonly string[]): Promise<void> {
    const socket = this.ready();
    const keys: WAMessageKey[] = [];
    for (const id of messageIds) {
      const stored = await this.data.find(id);
      keys.push({
        remoteJid: chatJid,
        id,
        fromMe: false,
        ...(stored?.participant ? { participant: stored.participant } : {}),
      });
    }
    if (keys.length > 0) await socket.readMessages(keys);
  }

  async checkNumbers(numbers: readonly string[]): Promise<NumberCheckResult[]> {
    const socket = this.ready();
    const found = (await socket.onWhatsApp(...numbers)) ?? [];
    return numbers.map((number) => {
      const match = found.find((entry) => entry.exists && sameNumber(numberOf(normalizeJid(entry.jid)), number));
      return { number, exists: Boolean(match), jid: match ? normalizeJid(match.jid) : null };
    });
  }

  async profilePicture(jid: string): Promise<string | null> {
    const socket = this.ready();
    try {
      return (await socket.profilePictureUrl(jid, 'image')) ?? null;
    } catch (error) {
      const status = (error as { output?: { statusCode?: number }; data?: unknown }).output?.statusCode;
      if (status === 404 || status === 401 || /item-not-found|not-authorized/.test(String(error))) return null;
      throw error;
    }
  }

  async listContacts(): Promise<ContactUpdate[]> {
    this.ready();
    return this.data.listContacts();
  }
}

/** Brazil's ninth digit: WhatsApp may answer 55 DD 8 digits for 55 DD 9 8 digits (and the other way round). */
export function sameNumber(a: string | null, b: string): boolean {
  if (!a) return false;
  if (a === b) return true;
  const strip = (value: string): string =>
    value.startsWith('55') && value.length === 13 && value[4] === '9' ? value.slice(0, 4) + value.slice(5) : value;
  return strip(a) === strip(b);
}
