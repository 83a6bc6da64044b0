import { z } from 'zod';
import { PG_INT_MAX } from '../common/ids.js';
import {
  ConnectionSnapshotSchema,
  TemplateComponentSchema,
  MESSAGE_KINDS,
  OutboundContentSchema,
  PROVIDERS,
} from '../events/whatsapp/snapshots.js';

/**
 * The WhatsApp connector's public routes: connections (`/whatsapp`), their sessions (`/whatsappsession`), Meta's
 * Cloud API webhook (`/webhooks/whatsapp/{id}`) and the simulator's dev API (`/simulator/connections/{id}/...`):
 * request schemas the connector validates with, and the answers it gives.
 */

/** The spec's connection form messages (core-operations.md §5). */
export const CONNECTION_MESSAGES = { required: 'Required', tooShort: 'Too Short!', tooLong: 'Too Long!' } as const;

const counter = z.coerce
  .number<number | string>({ error: CONNECTION_MESSAGES.required })
  .int('Must be an integer')
  .min(0, 'Must be 0 or more')
  .max(2_147_483_647);
const text = z.string().max(10_000).optional();
const optionalId = z.coerce.number<number | string>().int().positive().max(PG_INT_MAX).nullable().optional();

/** The connection fields of the spec (§3, §5): name 2 to 50; the four counters integers ≥ 0. */
const connectionFields = {
  name: z
    .string({ error: CONNECTION_MESSAGES.required })
    .trim()
    .min(1, CONNECTION_MESSAGES.required)
    .min(2, CONNECTION_MESSAGES.tooShort)
    .max(50, CONNECTION_MESSAGES.tooLong),
  isDefault: z.boolean().optional(),
  provider: z.enum(PROVIDERS).optional(),
  queueIds: z.array(z.coerce.number<number | string>().int().positive().max(PG_INT_MAX)).max(200).optional(),
  promptId: optionalId,
  integrationId: optionalId,
  greetingMessage: text,
  complationMessage: text,
  outOfHoursMessage: text,
  ratingMessage: text,
  expiresInactiveMessage: text,
  /**
   * The external API's token (`POST /api/messages/send`). Typed by the admin it must be strong (at least 32
   * characters, no spaces, random-looking), else 400 `ERR_VALIDATION` on `token`; empty or omitted on create, the
   * server generates one; on update, empty or omitted keeps the current one and `null` removes it. Answered once.
   */
  token: z.string().max(255).nullable().optional(),
  timeSendQueue: counter.optional(),
  sendIdQueue: optionalId,
  expiresTicket: counter.optional(),
  timeUseBotQueues: counter.optional(),
  maxUseBotQueues: counter.optional(),
  /** Cloud API only: the phone number id, and the secrets (stored, never answered). */
  cloudPhoneNumberId: z.string().max(64).optional(),
  cloudAccessToken: z.string().max(4_096).optional(),
  cloudAppSecret: z.string().max(512).optional(),
  cloudVerifyToken: z.string().max(512).optional(),
  /** Cloud API only: the WhatsApp Business Account id that owns the number (its message templates are read there). */
  cloudBusinessAccountId: z
    .string()
    .regex(/^\d{1,32}$/, 'Must be the numeric WhatsApp Business Account id')
    .nullable()
    .optional(),
};

/** `POST /whatsapp`. */
export const CreateConnectionSchema = z.object(connectionFields);
export type CreateConnectionBody = z.infer<typeof CreateConnectionSchema>;

/** `PUT /whatsapp/{id}`: any of the fields. */
export const UpdateConnectionSchema = z.object(connectionFields).partial();
export type UpdateConnectionBody = z.infer<typeof UpdateConnectionSchema>;

/**
 * `GET /whatsapp/?session=0`: upstream's clients send `session`; the list is the same with or without it (any
 * value is accepted and ignored).
 */
export const ListConnectionsQuerySchema = z.object({
  session: z.string().optional().catch(undefined).meta({ description: "Ignored (upstream's clients send 0)" }),
});

/** A queue of a connection as `/whatsapp` answers it (from tickets' queues; '' while not yet known). */
export const ConnectionQueueSchema = z.object({ id: z.number().int(), name: z.string(), color: z.string() });

/**
 * A connection as `/whatsapp` answers it: the snapshot plus its queues, whether it has an external-API token
 * (`hasToken`; `tokenWeak`: typed before tokens had to be strong, refused by the API until rotated) and, for
 * `cloud-api`, the phone number id and Meta's callback URL (`${PUBLIC_URL}/webhooks/whatsapp/{id}`). The token
 * itself is only in the answer of the call that set it (create, update with a typed token, rotate): the server
 * keeps its digest only.
 */
export const ConnectionSchema = ConnectionSnapshotSchema.extend({
  queues: z.array(ConnectionQueueSchema),
  token: z.string().optional(),
  hasToken: z.boolean(),
  tokenWeak: z.boolean(),
  cloudPhoneNumberId: z.string().nullable().optional(),
  cloudBusinessAccountId: z.string().nullable().optional(),
  webhookUrl: z.string().optional(),
});
export type ConnectionResponse = z.infer<typeof ConnectionSchema>;

/** A connection as `GET /whatsapp` and `GET /whatsapp/{id}` answer it: never with its token. */
export const ConnectionViewSchema = ConnectionSchema.omit({ token: true });
export type ConnectionView = z.infer<typeof ConnectionViewSchema>;

/** `POST /whatsapp/{id}/token`: the connection with its new external-API token, shown this once. */
export const RotatedConnectionSchema = ConnectionSchema.extend({ token: z.string() });
export type RotatedConnection = z.infer<typeof RotatedConnectionSchema>;

/** `POST /whatsappsession/{id}`: an empty body (QR), or a phone number to link by pairing code. */
export const StartSessionSchema = z
  .object({
    usePairingCode: z.boolean().optional(),
    number: z
      .string()
      .transform((value) => value.replace(/\D/g, ''))
      .pipe(z.string().regex(/^\d{10,15}$/, 'Invalid number'))
      .optional(),
  })
  .refine((body) => !body.usePairingCode || body.number !== undefined, {
    message: CONNECTION_MESSAGES.required,
    path: ['number'],
  });
export type StartSessionBody = z.infer<typeof StartSessionSchema>;

// --- Cloud API message templates ------------------------------------------------------------------------------

export { TemplateButtonSchema, TemplateComponentSchema, type TemplateComponent } from '../events/whatsapp/snapshots.js';

/**
 * A message template of a Cloud API connection (synced from Meta; its status follows Meta's
 * `message_template_status_update` webhook). Only `APPROVED` templates can be sent. `variables`: how many values the
 * header and the body take (`{{1}}`...`{{n}}`).
 */
export const MessageTemplateSchema = z.object({
  id: z.number().int(),
  connectionId: z.number().int(),
  metaId: z.string(),
  name: z.string(),
  language: z.string(),
  status: z.string(),
  category: z.string(),
  components: z.array(TemplateComponentSchema),
  variables: z.object({ header: z.number().int().min(0), body: z.number().int().min(0) }),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type MessageTemplate = z.infer<typeof MessageTemplateSchema>;

/** `GET /whatsapp/{id}/templates` and `POST /whatsapp/{id}/templates/sync`. */
export const MessageTemplateListSchema = z.object({ templates: z.array(MessageTemplateSchema) });
export type MessageTemplateList = z.infer<typeof MessageTemplateListSchema>;

// --- Cloud API webhook (Meta) ---------------------------------------------------------------------------------

/** A query value Meta sends; anything else (absent, repeated) reads as absent, and the verification is refused. */
const hubParam = z.string().optional().catch(undefined);

/** `GET /webhooks/whatsapp/{id}`: Meta's subscription check; the answer is `hub.challenge` as plain text. */
export const CloudWebhookVerifyQuerySchema = z.object({
  'hub.mode': hubParam.meta({ description: "'subscribe'" }),
  'hub.verify_token': hubParam.meta({ description: "The connection's verify token" }),
  'hub.challenge': hubParam.meta({ description: 'Answered back when the token matches' }),
});
export type CloudWebhookVerifyQuery = z.infer<typeof CloudWebhookVerifyQuerySchema>;

const CloudWebhookMediaSchema = z.looseObject({
  id: z.string().optional(),
  mime_type: z.string().optional(),
  sha256: z.string().optional(),
  caption: z.string().optional(),
});

/** A contact card of a `contacts` message (and of an outbound one): Meta's structured card. */
export const CloudContactCardSchema = z.looseObject({
  name: z.looseObject({
    formatted_name: z.string(),
    first_name: z.string().optional(),
    last_name: z.string().optional(),
    middle_name: z.string().optional(),
    prefix: z.string().optional(),
    suffix: z.string().optional(),
  }),
  phones: z
    .array(z.looseObject({ phone: z.string().optional(), wa_id: z.string().optional(), type: z.string().optional() }))
    .optional(),
  emails: z.array(z.looseObject({ email: z.string().optional(), type: z.string().optional() })).optional(),
  org: z
    .looseObject({ company: z.string().optional(), department: z.string().optional(), title: z.string().optional() })
    .optional(),
  urls: z.array(z.looseObject({ url: z.string().optional(), type: z.string().optional() })).optional(),
  birthday: z.string().optional(),
});
export type CloudContactCard = z.infer<typeof CloudContactCardSchema>;

/** One `messages[]` element of a webhook (Meta's shape; a field the connector does not read is kept, unread). */
export const CloudWebhookMessageSchema = z.looseObject({
  from: z.string().optional(),
  id: z.string().optional(),
  timestamp: z.string().optional(),
  type: z.string().optional(),
  context: z.looseObject({ from: z.string().optional(), id: z.string().optional() }).optional(),
  text: z.looseObject({ body: z.string().optional() }).optional(),
  image: CloudWebhookMediaSchema.optional(),
  video: CloudWebhookMediaSchema.optional(),
  audio: CloudWebhookMediaSchema.extend({ voice: z.boolean().optional() }).optional(),
  document: CloudWebhookMediaSchema.extend({ filename: z.string().optional() }).optional(),
  sticker: CloudWebhookMediaSchema.extend({ animated: z.boolean().optional() }).optional(),
  location: z
    .looseObject({
      latitude: z.number().optional(),
      longitude: z.number().optional(),
      name: z.string().optional(),
      address: z.string().optional(),
    })
    .optional(),
  contacts: z.array(CloudContactCardSchema).optional(),
  interactive: z
    .looseObject({
      type: z.string().optional(),
      button_reply: z.looseObject({ id: z.string().optional(), title: z.string().optional() }).optional(),
      list_reply: z
        .looseObject({ id: z.string().optional(), title: z.string().optional(), description: z.string().optional() })
        .optional(),
      nfm_reply: z
        .looseObject({
          body: z.string().optional(),
          name: z.string().optional(),
          response_json: z.string().optional(),
        })
        .optional(),
    })
    .optional(),
  button: z.looseObject({ text: z.string().optional(), payload: z.string().optional() }).optional(),
  reaction: z.looseObject({ message_id: z.string().optional(), emoji: z.string().optional() }).optional(),
});
export type CloudWebhookMessage = z.infer<typeof CloudWebhookMessageSchema>;
export type CloudWebhookMedia = z.infer<typeof CloudWebhookMediaSchema>;

const CloudWebhookErrorSchema = z.looseObject({ code: z.number().optional(), title: z.string().optional() });

/** One `statuses[]` element: what became of a message the connection sent (sent, delivered, read, failed). */
export const CloudWebhookStatusSchema = z.looseObject({
  id: z.string().optional(),
  status: z.string().optional(),
  timestamp: z.string().optional(),
  recipient_id: z.string().optional(),
  errors: z.array(CloudWebhookErrorSchema).optional(),
});
export type CloudWebhookStatus = z.infer<typeof CloudWebhookStatusSchema>;

/** The `value` of a `messages` change. */
export const CloudWebhookValueSchema = z.looseObject({
  messaging_product: z.string().optional(),
  metadata: z
    .looseObject({ display_phone_number: z.string().optional(), phone_number_id: z.string().optional() })
    .optional(),
  contacts: z
    .array(
      z.looseObject({
        wa_id: z.string().optional(),
        profile: z.looseObject({ name: z.string().optional() }).optional(),
      }),
    )
    .optional(),
  messages: z.array(CloudWebhookMessageSchema).optional(),
  statuses: z.array(CloudWebhookStatusSchema).optional(),
  /** A `message_template_status_update` change: the new status (`APPROVED`, `REJECTED`, `PAUSED`, ...). */
  event: z.string().optional(),
  message_template_id: z.union([z.number(), z.string()]).optional(),
  message_template_name: z.string().optional(),
  message_template_language: z.string().optional(),
  message_template_category: z.string().optional(),
  reason: z.string().nullable().optional(),
  /** Problems Meta reports about the delivery itself (e.g. 131000), outside any message. */
  errors: z.array(CloudWebhookErrorSchema).optional(),
});
export type CloudWebhookValue = z.infer<typeof CloudWebhookValueSchema>;

/**
 * `POST /webhooks/whatsapp/{id}`: Meta's delivery (`object: whatsapp_business_account`), signed with the app
 * secret in `X-Hub-Signature-256` over the raw bytes. The connector checks the signature on the raw body first
 * (401 `ERR_INVALID_CREDENTIALS`), then reads the body item by item: a change, message or status it cannot read
 * is acknowledged and skipped (a non-2xx answer would make Meta redeliver it forever), never refused.
 */
export const CloudWebhookBodySchema = z.looseObject({
  object: z.string(),
  entry: z.array(
    z.looseObject({
      id: z.string().optional(),
      changes: z.array(z.looseObject({ field: z.string(), value: CloudWebhookValueSchema })),
    }),
  ),
});
export type CloudWebhookBody = z.infer<typeof CloudWebhookBodySchema>;

/** What the webhook answers once every item is durable. */
export const CloudWebhookReceivedSchema = z.object({ received: z.literal(true) });

/** The verification's answer: `hub.challenge`, as plain text. */
export const CloudWebhookChallengeSchema = z.string().meta({ description: 'The hub.challenge sent' });

// --- simulator (dev API) --------------------------------------------------------------------------------------

const simulatedNumber = z
  .string()
  .transform((value) => value.replace(/\D/g, ''))
  .pipe(z.string().regex(/^\d{8,20}$/, 'Invalid number'));
/** The simulated contact: a number (any formatting, 8 to 20 digits) and an optional push name. */
const SimulatedFromSchema = z.object({ number: simulatedNumber, name: z.string().max(100).optional() });
/** Ids are bounded at the edge: downstream stores hold 128 characters, and a longer id would be a poison event. */
const simulatedMessageId = z.string().min(1).max(128);

/** `POST /simulator/connections/{id}/messages`: a contact writes to the connection. */
export const SimulatedMessageSchema = z.object({
  from: SimulatedFromSchema,
  kind: z.enum(MESSAGE_KINDS),
  body: z.string().max(65_536).optional(),
  media: z
    .object({ base64: z.string().min(1), mimeType: z.string().min(1).max(255), fileName: z.string().min(1).max(255) })
    .optional(),
  location: z
    .object({
      latitude: z.number(),
      longitude: z.number(),
      name: z.string().max(1_000).optional(),
      address: z.string().max(1_000).optional(),
    })
    .optional(),
  vcard: z.object({ displayName: z.string().max(256), vcard: z.string().min(1).max(65_536) }).optional(),
  quotedMessageId: simulatedMessageId.optional(),
  group: z
    .object({
      jid: z
        .string()
        .max(100)
        .regex(/@g\.us$/),
      name: z.string().max(100),
    })
    .optional(),
});
export type SimulatedMessage = z.infer<typeof SimulatedMessageSchema>;

/**
 * `POST /simulator/connections/{id}/messages/batch`: several messages at once, in order (contacts of a busy number
 * writing at the same moment; WhatsApp hands a session its messages in batches too). At most 200.
 */
export const SimulatedMessagesSchema = z.object({ messages: z.array(SimulatedMessageSchema).min(1).max(200) });
export type SimulatedMessages = z.infer<typeof SimulatedMessagesSchema>;

/**
 * `POST /simulator/messages/batch`: what the simulated phone network hands the company's connections at one moment,
 * each message with the connection it goes to (in order per connection; at most 1,000). All of them or none: a
 * connection that is not one of the company's simulated ones refuses the whole batch.
 */
export const SimulatedNetworkMessagesSchema = z.object({
  messages: z
    .array(SimulatedMessageSchema.extend({ connectionId: z.number().int().positive().max(2_147_483_647) }))
    .min(1)
    .max(1_000),
});
export type SimulatedNetworkMessages = z.infer<typeof SimulatedNetworkMessagesSchema>;

/** `POST /simulator/connections/{id}/receipts`: the contact's phone received, read or played messages (acks 3/4/5). */
export const SimulatedReceiptSchema = z.object({
  from: SimulatedFromSchema,
  messageIds: z.array(simulatedMessageId).min(1).max(500),
  status: z.enum(['delivered', 'read', 'played']),
});
export type SimulatedReceipt = z.infer<typeof SimulatedReceiptSchema>;

/** `POST /simulator/connections/{id}/edits`. */
export const SimulatedEditSchema = z.object({
  from: SimulatedFromSchema,
  messageId: simulatedMessageId,
  body: z.string().max(65_536),
});
export type SimulatedEdit = z.infer<typeof SimulatedEditSchema>;
/** `POST /simulator/connections/{id}/revokes`. */
export const SimulatedRevokeSchema = z.object({ from: SimulatedFromSchema, messageId: simulatedMessageId });
export type SimulatedRevoke = z.infer<typeof SimulatedRevokeSchema>;
/** `POST /simulator/connections/{id}/reactions`. */
export const SimulatedReactionSchema = z.object({
  from: SimulatedFromSchema,
  messageId: simulatedMessageId,
  emoji: z.string().max(16),
});
export type SimulatedReaction = z.infer<typeof SimulatedReactionSchema>;
/** `POST /simulator/connections/{id}/calls`: a missed call. */
export const SimulatedCallSchema = z.object({ from: SimulatedFromSchema, isVideo: z.boolean().optional() });
export type SimulatedCall = z.infer<typeof SimulatedCallSchema>;

/** What a simulated contact did, as the simulator's inbox holds it. */
export type SimulatorInboxPayload =
  SimulatedMessage | SimulatedReceipt | SimulatedEdit | SimulatedRevoke | SimulatedReaction | SimulatedCall;

/** The simulator's answer to a contact's action (202): the id of the simulated message or event. */
export const SimulatorAcceptedSchema = z.object({ messageId: z.string() });
export type SimulatorAccepted = z.infer<typeof SimulatorAcceptedSchema>;

/** The simulator's answer to a batch of messages (202): their ids, in order. */
export const SimulatorAcceptedManySchema = z.object({ messageIds: z.array(z.string()) });
export type SimulatorAcceptedMany = z.infer<typeof SimulatorAcceptedManySchema>;

/** `GET /simulator/connections/{id}/sent?chat=`: a number, or a full jid; without it, every chat. */
export const SimulatorSentQuerySchema = z.object({ chat: z.string().optional() });
export type SimulatorSentQuery = z.infer<typeof SimulatorSentQuerySchema>;

/** What the agent sent through a simulated connection, in send order. */
export const SimulatorSentMessageSchema = z.object({
  messageId: z.string(),
  chatJid: z.string(),
  content: OutboundContentSchema,
  quotedMessageId: z.string().nullable(),
  sentAt: z.string(),
  deleted: z.boolean(),
});
export type SimulatorSentMessage = z.infer<typeof SimulatorSentMessageSchema>;

/** One line of the simulator's connection log: which process (and lease epoch) ran the session, and when. */
export const SimulatorLogEntrySchema = z.object({
  id: z.number().int(),
  owner: z.string(),
  epoch: z.number().int(),
  event: z.string(),
  detail: z.string(),
  at: z.string(),
});
export type SimulatorLogEntry = z.infer<typeof SimulatorLogEntrySchema>;
