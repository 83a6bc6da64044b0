import { z } from 'zod';
import { IdSchema } from '../../common/ids.js';

export const CONNECTION_STATUSES = ['CONNECTED', 'DISCONNECTED', 'OPENING', 'PAIRING', 'TIMEOUT', 'qrcode'] as const;
export const ConnectionStatusSchema = z.enum(CONNECTION_STATUSES);
export type ConnectionStatus = z.infer<typeof ConnectionStatusSchema>;

export const PROVIDERS = ['beta', 'baileys', 'cloud-api', 'simulator'] as const;
export const ProviderSchema = z.enum(PROVIDERS);

/** A WhatsApp connection as other services and the spec's clients see it (never its token or auth state). */
export const ConnectionSnapshotSchema = z.object({
  id: IdSchema,
  companyId: IdSchema,
  name: z.string(),
  status: ConnectionStatusSchema,
  qrcode: z.string(),
  retries: z.number().int().min(0),
  isDefault: z.boolean(),
  provider: ProviderSchema,
  number: z.string().nullable(),
  greetingMessage: z.string(),
  complationMessage: z.string(),
  outOfHoursMessage: z.string(),
  ratingMessage: z.string(),
  timeSendQueue: z.number().int().min(0),
  sendIdQueue: IdSchema.nullable(),
  expiresInactiveMessage: z.string(),
  expiresTicket: z.number().int().min(0),
  timeUseBotQueues: z.number().int().min(0),
  maxUseBotQueues: z.number().int().min(0),
  promptId: IdSchema.nullable(),
  integrationId: IdSchema.nullable(),
  queueIds: z.array(IdSchema),
  /** The 8-character code while linking by phone number (instead of a QR), null otherwise. */
  pairingCode: z.string().nullable().optional(),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type ConnectionSnapshot = z.infer<typeof ConnectionSnapshotSchema>;

/**
 * The settings of a new connection (the connector's column defaults; the spec's `maxUseBotQueues` 3): no messages,
 * no timers, no queues, no prompt or integration. A consumer that has not yet received a connection's snapshot
 * treats it as one with these settings.
 */
export const newConnectionSettings = () =>
  ({
    isDefault: false,
    greetingMessage: '',
    complationMessage: '',
    outOfHoursMessage: '',
    ratingMessage: '',
    timeSendQueue: 0,
    sendIdQueue: null,
    expiresInactiveMessage: '',
    expiresTicket: 0,
    timeUseBotQueues: 0,
    maxUseBotQueues: 3,
    promptId: null,
    integrationId: null,
    queueIds: [] as ConnectionSnapshot['queueIds'],
  }) satisfies Partial<ConnectionSnapshot>;

/**
 * One side of a conversation as WhatsApp names it. `number` holds the phone digits when known (a PN jid),
 * `lid` the LID when WhatsApp hides the number; both are kept so contacts can map one to the other.
 */
export const PartySchema = z.object({
  jid: z.string().min(1),
  number: z.string().regex(/^\d+$/).nullable(),
  lid: z.string().nullable(),
  pushName: z.string().nullable(),
});
export type Party = z.infer<typeof PartySchema>;

export const MESSAGE_KINDS = ['text', 'image', 'video', 'audio', 'document', 'sticker', 'location', 'vcard'] as const;
export const MessageKindSchema = z.enum(MESSAGE_KINDS);

export const MediaSchema = z.object({
  /** Where the stored file is served from (our media store), never WhatsApp's encrypted URL. */
  url: z.string().min(1),
  mimeType: z.string().min(1),
  fileName: z.string().min(1),
  size: z.number().int().min(0),
  /** A voice note (push-to-talk) rather than an audio file. */
  ptt: z.boolean().optional(),
});

export const REFUSED_MEDIA_REASONS = ['unsupported-type', 'too-large', 'download-failed'] as const;

/**
 * A file the message carried that the connector did not keep (its type is not one we store, it is over
 * `MEDIA_MAX_BYTES`, or it could not be downloaded): what the customer sent, for the chat to name it.
 */
export const RefusedMediaSchema = z.object({
  fileName: z.string().nullable(),
  mimeType: z.string().nullable(),
  reason: z.enum(REFUSED_MEDIA_REASONS),
});
export type RefusedMedia = z.infer<typeof RefusedMediaSchema>;

export const LocationSchema = z.object({
  latitude: z.number(),
  longitude: z.number(),
  name: z.string().nullable(),
  address: z.string().nullable(),
  /** A stored JPEG preview, when WhatsApp sent one. */
  thumbnailUrl: z.string().nullable(),
});

export const VcardSchema = z.object({ displayName: z.string(), vcard: z.string() });

const conversation = {
  connectionId: IdSchema,
  /** The chat: the contact's jid in a 1:1 chat, the group's jid in a group. */
  chatJid: z.string().min(1),
  isGroup: z.boolean(),
  /** The group's subject, when `isGroup`. */
  groupName: z.string().nullable(),
  /** The other party of a 1:1 chat, or the participant who wrote in a group. */
  contact: PartySchema,
};

export const InboundMessageSchema = z.object({
  ...conversation,
  messageId: z.string().min(1),
  fromMe: z.boolean(),
  timestamp: z.iso.datetime({ offset: true }),
  kind: MessageKindSchema,
  /** The text, or the media caption (empty when there is none). */
  body: z.string(),
  media: MediaSchema.nullable(),
  location: LocationSchema.nullable(),
  vcards: z.array(VcardSchema),
  quotedMessageId: z.string().nullable(),
  /** Arrived while the session was offline (Baileys `append`), processed like a live message. */
  isOffline: z.boolean(),
  /** From schema version 2: the file the connector did not keep (`media` is then null); null or absent: none. */
  refusedMedia: RefusedMediaSchema.nullable().optional(),
});
export type InboundMessage = z.infer<typeof InboundMessageSchema>;

export const MessageEditedSchema = z.object({
  ...conversation,
  messageId: z.string().min(1),
  body: z.string(),
  editedAt: z.iso.datetime({ offset: true }),
});

export const MessageRevokedSchema = z.object({ ...conversation, messageId: z.string().min(1), fromMe: z.boolean() });

export const ReactionSchema = z.object({
  ...conversation,
  messageId: z.string().min(1),
  targetMessageId: z.string().min(1),
  fromMe: z.boolean(),
  /** Empty when the reaction was removed. */
  emoji: z.string(),
  timestamp: z.iso.datetime({ offset: true }),
});

export const CallSchema = z.object({
  ...conversation,
  callId: z.string().min(1),
  isVideo: z.boolean(),
  status: z.enum(['missed', 'rejected']),
  timestamp: z.iso.datetime({ offset: true }),
});

export const ACK_VALUES = [0, 1, 2, 3, 4, 5] as const;
/** 0 error, 1 pending/sent, 2 server, 3 delivered, 4 read, 5 played. */
export const AckSchema = z.number().int().min(0).max(5);

/** A button of a template's `BUTTONS` component, as Meta lists it. */
export const TemplateButtonSchema = z.looseObject({
  type: z.string(),
  text: z.string().optional(),
  url: z.string().optional(),
  phone_number: z.string().optional(),
});

/**
 * A component of a template as Meta's `message_templates` lists it: `HEADER` (`format` TEXT, IMAGE, VIDEO,
 * DOCUMENT or LOCATION; `text` for TEXT), `BODY` (`text` with `{{1}}`, `{{2}}`... variables), `FOOTER`, `BUTTONS`.
 */
export const TemplateComponentSchema = z.looseObject({
  type: z.string(),
  format: z.string().optional(),
  text: z.string().optional(),
  buttons: z.array(TemplateButtonSchema).optional(),
});
export type TemplateComponent = z.infer<typeof TemplateComponentSchema>;

/** One value of a template variable, as Meta's send takes it (`{ type: 'text', text }`). */
export const TemplateTextParameterSchema = z.object({ type: z.literal('text'), text: z.string().min(1).max(1_024) });

/**
 * The media of a template's IMAGE, VIDEO or DOCUMENT header, as Meta's send takes it: a `link` Meta fetches itself,
 * or the `id` of a file uploaded to Meta. In a send command the `link` may be one of the platform's own media URLs:
 * the Cloud API provider then uploads that file and sends its `id`.
 */
const TemplateMediaObjectSchema = z.union([
  z.object({ link: z.url({ protocol: /^https?$/ }).max(2_048), filename: z.string().min(1).max(240).optional() }),
  z.object({ id: z.string().min(1).max(64), filename: z.string().min(1).max(240).optional() }),
]);
export const TemplateMediaParameterSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('image'), image: TemplateMediaObjectSchema }),
  z.object({ type: z.literal('video'), video: TemplateMediaObjectSchema }),
  z.object({ type: z.literal('document'), document: TemplateMediaObjectSchema }),
]);
export type TemplateMediaParameter = z.infer<typeof TemplateMediaParameterSchema>;

/**
 * A component of a template send in Meta's shape: the header's values (text, or its media), the body's, and (from
 * schema version 3) the suffix of a URL button whose address ends in `{{1}}` (`index`: the button's position among
 * the template's buttons, as a string).
 */
export const TemplateSendComponentSchema = z.union([
  z.object({
    type: z.literal('header'),
    parameters: z.array(z.union([TemplateTextParameterSchema, TemplateMediaParameterSchema])).max(1),
  }),
  z.object({ type: z.literal('body'), parameters: z.array(TemplateTextParameterSchema).max(64) }),
  z.object({
    type: z.literal('button'),
    sub_type: z.literal('url'),
    index: z.string().regex(/^\d$/),
    parameters: z.array(TemplateTextParameterSchema).length(1),
  }),
]);
export type TemplateSendComponent = z.infer<typeof TemplateSendComponentSchema>;

/**
 * A Cloud API template message in Meta's own shape (the `template` object of a `type: template` send): the
 * approved template's name, its language code, and the values of its header, body and URL buttons.
 */
export const TemplateSendSchema = z.object({
  name: z.string().min(1).max(512),
  language: z.object({ code: z.string().min(2).max(16) }),
  components: z.array(TemplateSendComponentSchema).max(12),
});
export type TemplateSend = z.infer<typeof TemplateSendSchema>;

export const OutboundContentSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('text'),
    body: z.string().min(1),
    /**
     * Cloud API only (from schema version 2): send this approved template instead of free text; `body` is then the
     * template's text with its variables filled in (what the chat shows). Other providers send `body`.
     */
    template: TemplateSendSchema.optional(),
  }),
  z.object({
    kind: z.literal('media'),
    mediaType: z.enum(['image', 'video', 'audio', 'document', 'sticker']),
    url: z.string().min(1),
    mimeType: z.string().min(1),
    fileName: z.string().min(1),
    caption: z.string(),
    ptt: z.boolean(),
  }),
  z.object({
    kind: z.literal('location'),
    latitude: z.number(),
    longitude: z.number(),
    name: z.string().nullable(),
    address: z.string().nullable(),
  }),
  z.object({ kind: z.literal('vcard'), displayName: z.string(), vcard: z.string().min(1) }),
]);
export type OutboundContent = z.infer<typeof OutboundContentSchema>;
