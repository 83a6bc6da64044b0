import { getContentType, normalizeMessageContent, proto, type WAMessage, type WAMessageKey } from 'baileys';
import type { Party } from '@cs/proto/events';

/**
 * Pure mapping from Baileys' shapes to the connector's (no I/O): parties and LIDs, content kinds, acks and the
 * close-code policy. Everything here is covered by `baileys.mapper.spec.ts`.
 */

export type MessageKind = 'text' | 'image' | 'video' | 'audio' | 'document' | 'sticker' | 'location' | 'vcard';
export type MediaKind = 'image' | 'video' | 'audio' | 'document' | 'sticker';

const PN_SERVERS = new Set(['s.whatsapp.net', 'c.us']);

/** `protocolMessage` types the connector reads. */
export const REVOKE = proto.Message.ProtocolMessage.Type.REVOKE;
export const MESSAGE_EDIT = proto.Message.ProtocolMessage.Type.MESSAGE_EDIT;
/** `messages.update` stub of a message deleted for everyone. */
export const STUB_REVOKE = proto.WebMessageInfo.StubType.REVOKE;
export const CALL_MISSED_VOICE = proto.WebMessageInfo.StubType.CALL_MISSED_VOICE;
export const CALL_MISSED_VIDEO = proto.WebMessageInfo.StubType.CALL_MISSED_VIDEO;

export const isMissedCallStub = (stubType: number | null | undefined): boolean =>
  stubType === CALL_MISSED_VOICE || stubType === CALL_MISSED_VIDEO;

export function serverOf(jid: string | null | undefined): string | null {
  if (!jid) return null;
  const at = jid.indexOf('@');
  return at < 0 ? null : jid.slice(at + 1);
}

/** The user part without the device suffix: `5511…:12@s.whatsapp.net` → `5511…`. */
export function userOf(jid: string): string {
  const at = jid.indexOf('@');
  const user = at < 0 ? jid : jid.slice(0, at);
  const colon = user.indexOf(':');
  return colon < 0 ? user : user.slice(0, colon);
}

/** `5511…:12@s.whatsapp.net` → `5511…@s.whatsapp.net`; groups and other jids are kept. */
export function normalizeJid(jid: string): string {
  const server = serverOf(jid);
  if (!server) return jid;
  return `${userOf(jid)}@${server === 'c.us' ? 's.whatsapp.net' : server}`;
}

export const isPnJid = (jid: string | null | undefined): jid is string => PN_SERVERS.has(serverOf(jid) ?? '');
export const isLidJid = (jid: string | null | undefined): jid is string => serverOf(jid) === 'lid';
export const isGroupJid = (jid: string | null | undefined): jid is string => serverOf(jid) === 'g.us';
/** Status updates, broadcast lists and channels never reach tickets. */
export const isIgnoredJid = (jid: string | null | undefined): boolean =>
  !jid || jid === 'status@broadcast' || serverOf(jid) === 'broadcast' || serverOf(jid) === 'newsletter';

/** The phone digits of a PN jid, else null. */
export function numberOf(jid: string | null | undefined): string | null {
  if (!isPnJid(jid)) return null;
  const user = userOf(jid);
  return /^\d+$/.test(user) ? user : null;
}

/**
 * A party from a jid and its alternate form (`remoteJidAlt` / `participantAlt`, v7 LIDs): `jid` is the address
 * WhatsApp used, `number` the PN digits when either form is a PN, `lid` the LID jid when either form is one.
 */
export function partyOf(jid: string, alt: string | null | undefined, pushName: string | null | undefined): Party {
  const forms = [jid, alt ?? null].filter((value): value is string => Boolean(value));
  const pn = forms.find((value) => isPnJid(value));
  const lid = forms.find((value) => isLidJid(value));
  return {
    jid: normalizeJid(jid),
    number: numberOf(pn),
    lid: lid ? normalizeJid(lid) : null,
    pushName: pushName?.trim() ? pushName.trim() : null,
  };
}

/** The chat and the party who wrote, for an inbound key (group: the participant; 1:1: the other side). */
export function conversationOf(
  key: WAMessageKey,
  pushName: string | null | undefined,
): { chatJid: string; isGroup: boolean; contact: Party } | null {
  const remoteJid = key.remoteJid;
  if (!remoteJid || isIgnoredJid(remoteJid)) return null;
  if (isGroupJid(remoteJid)) {
    const participant = key.participant ?? key.participantAlt;
    if (!participant) return null;
    return {
      chatJid: remoteJid,
      isGroup: true,
      contact: partyOf(
        participant,
        key.participantAlt === participant ? null : key.participantAlt,
        key.fromMe ? null : pushName,
      ),
    };
  }
  return {
    chatJid: normalizeJid(remoteJid),
    isGroup: false,
    // a message we sent from the phone carries our own push name: not the contact's
    contact: partyOf(remoteJid, key.remoteJidAlt, key.fromMe ? null : pushName),
  };
}

type Longish = number | string | { toNumber(): number } | null | undefined;

export function toNumber(value: Longish): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return value;
  if (typeof value === 'string') return Number.isFinite(Number(value)) ? Number(value) : null;
  return value.toNumber();
}

/** Seconds since the epoch (number or Long) → ISO date; `fallback` when absent. */
export function isoFromSeconds(value: Longish, fallback: Date): string {
  const seconds = toNumber(value);
  return (seconds && seconds > 0 ? new Date(seconds * 1000) : fallback).toISOString();
}

const STATUS_NAMES: Record<string, 0 | 1 | 2 | 3 | 4 | 5> = {
  ERROR: 0,
  PENDING: 1,
  SERVER_ACK: 2,
  DELIVERY_ACK: 3,
  READ: 4,
  PLAYED: 5,
};

/** `proto.WebMessageInfo.Status` (number, or its name after `toJSON`) → our 0–5 ack; null when unknown. */
export function ackOf(status: unknown): 0 | 1 | 2 | 3 | 4 | 5 | null {
  if (typeof status === 'number' && Number.isInteger(status) && status >= 0 && status <= 5) {
    return status as 0 | 1 | 2 | 3 | 4 | 5;
  }
  if (typeof status === 'string') return STATUS_NAMES[status] ?? null;
  return null;
}

/** A group participant's receipt → ack (played > read > delivered). */
export function ackOfReceipt(receipt: proto.IUserReceipt): 3 | 4 | 5 | null {
  if (toNumber(receipt.playedTimestamp)) return 5;
  if (toNumber(receipt.readTimestamp)) return 4;
  if (toNumber(receipt.receiptTimestamp)) return 3;
  return null;
}

/** Acks only move forward, except to ERROR (0). */
export function advancesAck(previous: number | undefined, next: number): boolean {
  if (previous === undefined) return true;
  if (next === 0) return previous !== 0;
  return next > previous;
}

/** The text of a (normalised) message: text, caption, or a button/list answer. */
export function textOf(content: proto.IMessage | null | undefined): string {
  if (!content) return '';
  return (
    content.conversation ??
    content.extendedTextMessage?.text ??
    content.imageMessage?.caption ??
    content.videoMessage?.caption ??
    content.documentMessage?.caption ??
    content.buttonsResponseMessage?.selectedDisplayText ??
    content.templateButtonReplyMessage?.selectedDisplayText ??
    content.listResponseMessage?.title ??
    ''
  );
}

function contextInfoOf(content: proto.IMessage): proto.IContextInfo | null | undefined {
  const type = getContentType(content);
  if (!type) return null;
  const inner = content[type] as { contextInfo?: proto.IContextInfo | null } | null | undefined;
  return inner && typeof inner === 'object' && 'contextInfo' in inner ? inner.contextInfo : null;
}

export interface MediaPart {
  readonly kind: MediaKind;
  readonly mimeType: string;
  readonly fileName: string | null;
  readonly ptt: boolean;
}

/** What an upserted message means for the connector. */
export type Classified =
  | { readonly type: 'skip'; readonly why: string }
  | { readonly type: 'revoke'; readonly targetId: string }
  | { readonly type: 'edit'; readonly targetId: string; readonly body: string }
  | { readonly type: 'reaction'; readonly targetId: string; readonly emoji: string }
  | {
      readonly type: 'message';
      readonly kind: MessageKind;
      readonly body: string;
      readonly media: MediaPart | null;
      readonly location: {
        latitude: number;
        longitude: number;
        name: string | null;
        address: string | null;
        thumbnail: Uint8Array | null;
      } | null;
      readonly vcards: { displayName: string; vcard: string }[];
      readonly quotedMessageId: string | null;
    };

const MEDIA_TYPES: Record<string, MediaKind> = {
  imageMessage: 'image',
  videoMessage: 'video',
  audioMessage: 'audio',
  documentMessage: 'document',
  stickerMessage: 'sticker',
};

const DEFAULT_MIME: Record<MediaKind, string> = {
  image: 'image/jpeg',
  video: 'video/mp4',
  audio: 'audio/ogg; codecs=opus',
  document: 'application/octet-stream',
  sticker: 'image/webp',
};

/** Classifies one upserted message (wrappers such as ephemeral, viewOnce and documentWithCaption are unwrapped). */
export function classify(message: WAMessage): Classified {
  const content = normalizeMessageContent(message.message);
  if (!content) return { type: 'skip', why: message.messageStubType ? 'stub' : 'empty' };
  const type = getContentType(content);
  if (!type) return { type: 'skip', why: 'no content' };

  if (type === 'protocolMessage') {
    const protocol = content.protocolMessage!;
    const targetId = protocol.key?.id;
    if (!targetId) return { type: 'skip', why: 'protocol without key' };
    if (protocol.type === REVOKE) return { type: 'revoke', targetId };
    if (protocol.type === MESSAGE_EDIT) {
      return { type: 'edit', targetId, body: textOf(normalizeMessageContent(protocol.editedMessage)) };
    }
    return { type: 'skip', why: `protocol ${String(protocol.type)}` };
  }
  if (type === 'reactionMessage') {
    const reaction = content.reactionMessage!;
    if (!reaction.key?.id) return { type: 'skip', why: 'reaction without key' };
    return { type: 'reaction', targetId: reaction.key.id, emoji: reaction.text ?? '' };
  }

  const quotedMessageId = contextInfoOf(content)?.stanzaId ?? null;
  const base = { media: null, location: null, vcards: [] as { displayName: string; vcard: string }[], quotedMessageId };

  if (type === 'conversation' || type === 'extendedTextMessage') {
    return { type: 'message', kind: 'text', body: textOf(content), ...base };
  }
  const mediaKind = MEDIA_TYPES[type];
  if (mediaKind) {
    const inner = content[type] as { mimetype?: string | null; fileName?: string | null; ptt?: boolean | null };
    return {
      type: 'message',
      kind: mediaKind,
      body: textOf(content),
      ...base,
      media: {
        kind: mediaKind,
        mimeType: inner.mimetype || DEFAULT_MIME[mediaKind],
        fileName: inner.fileName ?? null,
        ptt: mediaKind === 'audio' && Boolean(inner.ptt),
      },
    };
  }
  if (type === 'locationMessage' || type === 'liveLocationMessage') {
    const location = (content.locationMessage ?? content.liveLocationMessage)!;
    const named = 'name' in location ? (location.name ?? null) : null;
    const address = 'address' in location ? (location.address ?? null) : null;
    return {
      type: 'message',
      kind: 'location',
      body: '',
      ...base,
      location: {
        latitude: location.degreesLatitude ?? 0,
        longitude: location.degreesLongitude ?? 0,
        name: named || null,
        address: address || null,
        thumbnail: location.jpegThumbnail?.length ? location.jpegThumbnail : null,
      },
    };
  }
  if (type === 'contactMessage') {
    const card = content.contactMessage!;
    return {
      type: 'message',
      kind: 'vcard',
      body: card.displayName ?? '',
      ...base,
      vcards: card.vcard ? [{ displayName: card.displayName ?? '', vcard: card.vcard }] : [],
    };
  }
  if (type === 'contactsArrayMessage') {
    const cards = content.contactsArrayMessage!;
    return {
      type: 'message',
      kind: 'vcard',
      body: cards.displayName ?? '',
      ...base,
      vcards: (cards.contacts ?? [])
        .filter((card) => Boolean(card.vcard))
        .map((card) => ({ displayName: card.displayName ?? '', vcard: card.vcard! })),
    };
  }
  if (type === 'buttonsResponseMessage' || type === 'templateButtonReplyMessage' || type === 'listResponseMessage') {
    return { type: 'message', kind: 'text', body: textOf(content), ...base };
  }
  return { type: 'skip', why: `unsupported ${type}` };
}

/** File extension for a stored media file with no name of its own. */
export function extensionOf(mimeType: string): string {
  const subtype = mimeType.split(';')[0]!.split('/')[1] ?? 'bin';
  const map: Record<string, string> = { jpeg: 'jpg', ogg: 'ogg', mpeg: 'mp3', 'x-m4a': 'm4a', quicktime: 'mov' };
  return map[subtype] ?? subtype.replace(/[^a-z0-9]/gi, '').slice(0, 8) ?? 'bin';
}

/** What the session does after a close (reference §1.6, §3.4). */
export type CloseAction =
  | { readonly action: 'restart'; readonly reason: 'restartRequired' }
  | { readonly action: 'backoff'; readonly reason: string }
  | { readonly action: 'wipe-and-restart'; readonly reason: 'loggedOut' }
  | { readonly action: 'timeout'; readonly reason: 'qrExpired' }
  | { readonly action: 'stop'; readonly reason: string };

export function closeAction(statusCode: number | undefined, registered: boolean): CloseAction {
  switch (statusCode) {
    case 515:
      return { action: 'restart', reason: 'restartRequired' };
    case 440:
      return { action: 'stop', reason: 'connectionReplaced' };
    case 401:
      // never linked yet: nothing to wipe, and restarting could loop
      return registered ? { action: 'wipe-and-restart', reason: 'loggedOut' } : { action: 'stop', reason: 'loggedOut' };
    case 403:
      return { action: 'stop', reason: 'banned' };
    case 405:
      return { action: 'stop', reason: 'versionOutdated' };
    case 411:
      return { action: 'stop', reason: 'multideviceMismatch' };
    case 402:
    case 406:
      return { action: 'stop', reason: 'accountProblem' };
    case 408:
      return registered ? { action: 'backoff', reason: 'connectionLost' } : { action: 'timeout', reason: 'qrExpired' };
    case 428:
      return { action: 'backoff', reason: 'connectionClosed' };
    case 503:
      return { action: 'backoff', reason: 'unavailableService' };
    default:
      return { action: 'backoff', reason: statusCode === 500 ? 'badSession' : `closed${statusCode ?? ''}` };
  }
}

/** min(cap, base·2^(attempt−1)) · (0.5 … 1.5); `random` is injectable for tests. */
export function backoffDelay(attempt: number, baseMs: number, capMs: number, random: () => number): number {
  const raw = Math.min(capMs, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(raw * (0.5 + random()));
}
