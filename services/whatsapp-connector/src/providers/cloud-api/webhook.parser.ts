import type { InboundMessage, Party } from '@cs/proto/events';
import type { CloudWebhookMessage, CloudWebhookStatus, CloudWebhookValue } from '@cs/proto/http';
import type { AckUpdate, ContactUpdate, InboundEvent } from '../provider.port.js';
import { cardToVcard } from './vcard.js';

/**
 * Pure parsing of a Cloud API webhook body (`object: whatsapp_business_account`) into what the sink receives.
 * Media are only referenced here (`MediaRef`); the processor downloads them and fills `data.media`.
 */

/** A received file still on Meta's servers. */
export interface MediaRef {
  readonly id: string;
  readonly mimeType: string;
  readonly fileName: string | null;
  /** A voice note (`audio.voice: true`). */
  readonly ptt: boolean;
}

export type WebhookItem =
  | { readonly kind: 'contact'; readonly update: ContactUpdate }
  | {
      readonly kind: 'message';
      readonly event: InboundEvent;
      /** Set for image, video, audio, document and sticker messages (the event's `media` is still null). */
      readonly media: MediaRef | null;
    }
  | {
      readonly kind: 'ack';
      readonly update: AckUpdate;
      /** Why Meta could not deliver (`failed` statuses): for the logs, e.g. 131047 outside the 24 h window. */
      readonly failure: { readonly code: number | null; readonly title: string | null } | null;
    }
  | { readonly kind: 'template-status'; readonly update: TemplateStatusUpdate }
  | { readonly kind: 'ignored'; readonly reason: string; readonly messageId: string | null };

/** A `message_template_status_update` change: a template of the business account was approved, rejected, paused... */
export interface TemplateStatusUpdate {
  /** The WhatsApp Business Account (the entry's id). */
  readonly businessAccountId: string | null;
  readonly metaId: string | null;
  readonly name: string;
  readonly language: string;
  /** Meta's `event`: APPROVED, REJECTED, PAUSED, DISABLED, PENDING_DELETION, ARCHIVED, ... */
  readonly status: string;
  readonly category: string | null;
  readonly reason: string | null;
}

/** Meta's webhook shapes, as `@cs/proto/http` describes the route's body (every field may be missing). */
type WebhookMessage = CloudWebhookMessage;
type WebhookStatus = CloudWebhookStatus;
type WebhookValue = CloudWebhookValue;

const ACKS: Record<string, AckUpdate['ack']> = { failed: 0, sent: 2, delivered: 3, read: 4, played: 5 };

const MEDIA_TYPES = ['image', 'video', 'audio', 'document', 'sticker'] as const;
type MediaType = (typeof MEDIA_TYPES)[number];

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const arrayOf = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);

/** A WhatsApp user as a party: the Cloud API names users by phone digits (`wa_id`). */
export function partyOf(waId: string, pushName: string | null): Party {
  return { jid: `${waId}@s.whatsapp.net`, number: waId, lid: null, pushName };
}

const isoFromSeconds = (seconds: string | undefined): string => {
  const value = Number(seconds);
  return new Date(Number.isFinite(value) && value > 0 ? value * 1000 : Date.now()).toISOString();
};

/**
 * Every item of a webhook body, in order: profile names first, then messages, then statuses, entry by entry and
 * change by change. Changes for another phone number than `phoneNumberId` (an app shared by several numbers) and
 * fields other than `messages` are reported as ignored.
 */
export function parseWebhook(body: unknown, connection: { id: number; phoneNumberId: string }): WebhookItem[] {
  const items: WebhookItem[] = [];
  if (!isObject(body) || body['object'] !== 'whatsapp_business_account') {
    return [{ kind: 'ignored', reason: 'not a whatsapp_business_account webhook', messageId: null }];
  }
  for (const entry of arrayOf<Record<string, unknown>>(body['entry'])) {
    for (const change of arrayOf<Record<string, unknown>>(isObject(entry) ? entry['changes'] : undefined)) {
      if (!isObject(change)) continue;
      if (change['field'] === 'message_template_status_update') {
        items.push(templateStatusOf(isObject(entry) ? entry['id'] : undefined, change['value']));
        continue;
      }
      if (change['field'] !== 'messages') {
        items.push({ kind: 'ignored', reason: `field ${String(change['field'])}`, messageId: null });
        continue;
      }
      const value = (isObject(change['value']) ? change['value'] : {}) as WebhookValue;
      const numberId = value.metadata?.phone_number_id;
      if (numberId !== undefined && numberId !== connection.phoneNumberId) {
        items.push({ kind: 'ignored', reason: 'change for another phone number id', messageId: null });
        continue;
      }
      items.push(...parseValue(value, connection.id));
    }
  }
  return items;
}

function parseValue(value: WebhookValue, connectionId: number): WebhookItem[] {
  const items: WebhookItem[] = [];
  for (const error of arrayOf<NonNullable<WebhookValue['errors']>[number]>(value.errors)) {
    items.push({ kind: 'ignored', reason: `error ${String(error.code)}: ${String(error.title)}`, messageId: null });
  }
  const names = new Map<string, string>();
  for (const contact of arrayOf<NonNullable<WebhookValue['contacts']>[number]>(value.contacts)) {
    if (!contact.wa_id || !/^\d+$/.test(contact.wa_id)) continue;
    const name = contact.profile?.name?.trim() || null;
    if (name) names.set(contact.wa_id, name);
    items.push({
      kind: 'contact',
      update: { contact: partyOf(contact.wa_id, name), isGroup: false, name, profilePicUrl: null },
    });
  }
  for (const message of arrayOf<WebhookMessage>(value.messages)) {
    items.push(parseMessage(message, connectionId, names));
  }
  for (const status of arrayOf<WebhookStatus>(value.statuses)) {
    const ack = status.status === undefined ? undefined : ACKS[status.status];
    if (!status.id || !isBoundedId(status.id) || !status.recipient_id || ack === undefined) {
      items.push({
        kind: 'ignored',
        reason: `status ${String(status.status)}`,
        messageId: status.id && isBoundedId(status.id) ? status.id : null,
      });
      continue;
    }
    const error = ack === 0 ? arrayOf<NonNullable<WebhookStatus['errors']>[number]>(status.errors)[0] : undefined;
    items.push({
      kind: 'ack',
      update: { chatJid: `${status.recipient_id}@s.whatsapp.net`, messageId: status.id, ack },
      failure: ack === 0 ? { code: error?.code ?? null, title: error?.title ?? null } : null,
    });
  }
  return items;
}

/** Message ids are stored as varchar(128) downstream; Meta's wamids are far shorter. */
export const MAX_MESSAGE_ID_LENGTH = 128;
const isBoundedId = (id: unknown): boolean =>
  typeof id === 'string' && id.length > 0 && id.length <= MAX_MESSAGE_ID_LENGTH;

/** One `messages[]` element as an inbound event (or the reason it is ignored). */
export function parseMessage(
  message: WebhookMessage,
  connectionId: number,
  names: ReadonlyMap<string, string> = new Map(),
): WebhookItem {
  const messageId = message.id ?? null;
  if (!messageId) return { kind: 'ignored', reason: 'message without id', messageId };
  // an id no store can hold would fail every consumer for good (a poison event): bounded at the edge
  if (!isBoundedId(messageId)) return { kind: 'ignored', reason: 'message id too long', messageId: null };
  const referenced = [message.context?.id, message.reaction?.message_id].filter((id) => id !== undefined);
  if (!referenced.every(isBoundedId)) return { kind: 'ignored', reason: 'referenced id too long', messageId };
  if (!message.from || !/^\d+$/.test(message.from)) {
    // from mid-2026 users with a username may come without a phone number (BSUID only): not supported yet
    return { kind: 'ignored', reason: 'message without a phone number', messageId };
  }
  const contact = partyOf(message.from, names.get(message.from) ?? null);
  const conversation = { connectionId, chatJid: contact.jid, isGroup: false, groupName: null, contact };
  const timestamp = isoFromSeconds(message.timestamp);
  const type = message.type ?? 'unknown';

  if (type === 'reaction') {
    const target = message.reaction?.message_id;
    if (!target) return { kind: 'ignored', reason: 'reaction without a target', messageId };
    return {
      kind: 'message',
      media: null,
      event: {
        type: 'whatsapp.message.reacted',
        // an absent emoji is a removed reaction
        data: {
          ...conversation,
          messageId,
          targetMessageId: target,
          fromMe: false,
          emoji: message.reaction?.emoji ?? '',
          timestamp,
        },
      },
    };
  }

  const base: Omit<InboundMessage, 'kind'> = {
    ...conversation,
    messageId,
    fromMe: false,
    timestamp,
    body: '',
    media: null,
    location: null,
    vcards: [],
    quotedMessageId: message.context?.id ?? null,
    isOffline: false,
  };
  const received = (
    data: Partial<InboundMessage> & Pick<InboundMessage, 'kind'>,
    media: MediaRef | null = null,
  ): WebhookItem => ({
    kind: 'message',
    media,
    event: { type: 'whatsapp.message.received', data: { ...base, ...data } },
  });

  switch (type) {
    case 'text':
      return received({ kind: 'text', body: message.text?.body ?? '' });
    case 'interactive': {
      const reply = message.interactive?.button_reply ?? message.interactive?.list_reply;
      const title = reply?.title ?? message.interactive?.nfm_reply?.body;
      if (!title) return { kind: 'ignored', reason: `interactive ${String(message.interactive?.type)}`, messageId };
      return received({ kind: 'text', body: title });
    }
    case 'button':
      if (!message.button?.text) return { kind: 'ignored', reason: 'button without text', messageId };
      return received({ kind: 'text', body: message.button.text });
    case 'location': {
      const location = message.location;
      if (typeof location?.latitude !== 'number' || typeof location.longitude !== 'number') {
        return { kind: 'ignored', reason: 'location without coordinates', messageId };
      }
      return received({
        kind: 'location',
        location: {
          latitude: location.latitude,
          longitude: location.longitude,
          name: location.name ?? null,
          address: location.address ?? null,
          thumbnailUrl: null,
        },
      });
    }
    case 'contacts': {
      const cards = arrayOf<NonNullable<WebhookMessage['contacts']>[number]>(message.contacts).filter(
        (card) => isObject(card) && isObject(card.name),
      );
      if (!cards.length) return { kind: 'ignored', reason: 'contacts without cards', messageId };
      return received({ kind: 'vcard', vcards: cards.map(cardToVcard) });
    }
    default:
      break;
  }
  if ((MEDIA_TYPES as readonly string[]).includes(type)) {
    const mediaType = type as MediaType;
    const media = message[mediaType];
    if (!media?.id) return { kind: 'ignored', reason: `${type} without a media id`, messageId };
    const ptt = mediaType === 'audio' && message.audio?.voice === true;
    return received(
      { kind: mediaType, body: media.caption ?? '' },
      {
        id: media.id,
        mimeType: media.mime_type ?? 'application/octet-stream',
        fileName: mediaType === 'document' ? (message.document?.filename ?? null) : null,
        ptt,
      },
    );
  }
  // order, system, unsupported, request_welcome, ...: nothing a ticket can show
  return { kind: 'ignored', reason: `message type ${type}`, messageId };
}

/** A template status change, or an ignored item when the change names no template or status. */
function templateStatusOf(entryId: unknown, raw: unknown): WebhookItem {
  const value = (isObject(raw) ? raw : {}) as WebhookValue;
  const name = value.message_template_name;
  const language = value.message_template_language;
  const status = value.event;
  if (!name || !language || !status) {
    return { kind: 'ignored', reason: 'template status update without template or status', messageId: null };
  }
  const metaId = value.message_template_id;
  return {
    kind: 'template-status',
    update: {
      businessAccountId: typeof entryId === 'string' ? entryId : null,
      metaId: metaId === undefined ? null : String(metaId),
      name,
      language,
      status,
      category: value.message_template_category ?? null,
      reason: value.reason ?? null,
    },
  };
}
