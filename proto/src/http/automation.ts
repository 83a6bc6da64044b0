import { z } from 'zod';
import { PG_INT_MAX } from '../common/ids.js';
import {
  DialogflowLanguageSchema,
  PromptSnapshotSchema,
  PromptVoiceSchema,
  QueueIntegrationSnapshotSchema,
  QueueIntegrationTypeSchema,
} from '../events/tickets/automation.js';

const optionalText = (max: number) =>
  z
    .string()
    .max(max, 'Muito longo!')
    .nullish()
    .transform((value) => value ?? undefined);

/**
 * The last failure of a prompt or integration answering a customer (when, and a short message without secrets),
 * shown to the admin; null once it answered successfully again.
 */
export const AutomationLastErrorSchema = z
  .object({ at: z.iso.datetime({ offset: true }), message: z.string() })
  .nullable();
export type AutomationLastError = z.infer<typeof AutomationLastErrorSchema>;

// --- AI prompts (`/prompt`) ------------------------------------------------------------------------------------

/**
 * `POST /prompt`, `PUT /prompt/{id}`. The spec's client requires only the queue ('Informe o setor'); the server
 * also needs a name, the prompt text and (on create) the OpenAI API key. Omitted numbers take the spec's
 * defaults on create and keep their value on update. `apiKey`/`voiceKey` sent back as the masked value (or
 * left out) keep the stored key.
 */
export const PromptRequestSchema = z.object({
  name: z.string({ error: 'Obrigatório' }).trim().min(1, 'Obrigatório').max(100, 'Muito longo!'),
  prompt: z.string({ error: 'Obrigatório' }).trim().min(1, 'Obrigatório').max(20_000, 'Muito longo!'),
  voice: PromptVoiceSchema.nullish().transform((value) => value ?? undefined),
  voiceKey: optionalText(512),
  /** An Azure region: it becomes part of the speech host name, so only letters and digits. */
  voiceRegion: z
    .string()
    .trim()
    .toLowerCase()
    .max(40, 'Muito longo!')
    .regex(/^[a-z0-9]*$/, 'Região inválida')
    .nullish()
    .transform((value) => value ?? undefined),
  maxTokens: z.coerce
    .number()
    .int()
    .min(1)
    .max(4096)
    .nullish()
    .transform((value) => value ?? undefined),
  temperature: z.coerce
    .number()
    .min(0)
    .max(2)
    .nullish()
    .transform((value) => value ?? undefined),
  apiKey: optionalText(512),
  queueId: z.coerce
    .number({ error: 'Informe o setor' })
    .int('Informe o setor')
    .positive('Informe o setor')
    .max(PG_INT_MAX),
  maxMessages: z.coerce
    .number()
    .int()
    .min(1)
    .max(50)
    .nullish()
    .transform((value) => value ?? undefined),
});
export type PromptRequest = z.infer<typeof PromptRequestSchema>;

export const PromptResponseSchema = PromptSnapshotSchema.extend({
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
  lastError: AutomationLastErrorSchema,
  /** A stored key (OpenAI's or Azure's) cannot be decrypted with the service's secrets key: re-enter it. */
  keyUnreadable: z.boolean(),
});
export type PromptResponse = z.infer<typeof PromptResponseSchema>;

export const PromptListResponseSchema = z.object({
  prompts: z.array(PromptResponseSchema),
  count: z.number().int(),
  hasMore: z.boolean(),
});

/** `DELETE /prompt/{id}` answers a message the client shows as info. */
export const PromptDeletedResponseSchema = z.object({ message: z.string() });

// --- queue integrations (`/queueIntegration`) -----------------------------------------------------------------

/**
 * `POST /queueIntegration`, `PUT /queueIntegration/{id}`: name 2 to 50 ('Too Short!'/'Too Long!', 'Required');
 * per type the server also requires: typebot → `urlN8N` (the Typebot base URL) and `typebotSlug`; n8n and
 * webhook → `urlN8N`; dialogflow → `projectName` and `jsonContent` (a service-account key).
 */
export const QueueIntegrationRequestSchema = z.object({
  type: QueueIntegrationTypeSchema,
  name: z.string({ error: 'Required' }).trim().min(1, 'Required').min(2, 'Too Short!').max(50, 'Too Long!'),
  projectName: optionalText(100),
  jsonContent: optionalText(20_000),
  language: DialogflowLanguageSchema.nullish().transform((value) => value ?? undefined),
  urlN8N: optionalText(2048),
  typebotSlug: optionalText(200),
  typebotExpires: z.coerce
    .number()
    .int()
    .min(0)
    .max(525_600)
    .nullish()
    .transform((value) => value ?? undefined),
  typebotDelayMessage: z.coerce
    .number()
    .int()
    .min(0)
    .max(60_000)
    .nullish()
    .transform((value) => value ?? undefined),
  typebotKeywordFinish: optionalText(100),
  typebotKeywordRestart: optionalText(100),
  typebotUnknownMessage: optionalText(4096),
  typebotRestartMessage: optionalText(4096),
});
export type QueueIntegrationRequest = z.infer<typeof QueueIntegrationRequestSchema>;
/** `PUT /queueIntegration/{id}`: the fields to change. */
export const QueueIntegrationUpdateRequestSchema = QueueIntegrationRequestSchema.partial();

export const QueueIntegrationResponseSchema = QueueIntegrationSnapshotSchema.extend({
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
  lastError: AutomationLastErrorSchema,
  /** The stored service account cannot be decrypted with the service's secrets key: re-enter it. */
  keyUnreadable: z.boolean(),
});
export type QueueIntegrationResponse = z.infer<typeof QueueIntegrationResponseSchema>;

export const QueueIntegrationListResponseSchema = z.object({
  queueIntegrations: z.array(QueueIntegrationResponseSchema),
  count: z.number().int(),
  hasMore: z.boolean(),
});

/** `POST /queueIntegration/testSession`: one detectIntent call with these Dialogflow credentials. */
export const QueueIntegrationTestSessionRequestSchema = z.object({
  projectName: z.string({ error: 'Required' }).trim().min(1, 'Required').max(100),
  jsonContent: z.string({ error: 'Required' }).min(1, 'Required').max(20_000),
  language: DialogflowLanguageSchema.nullish().transform((value) => value ?? 'pt-BR'),
  /** The integration being edited: its stored private key is used when `jsonContent` carries the mask. */
  integrationId: z.coerce.number().int().positive().max(PG_INT_MAX).nullish(),
});
export type QueueIntegrationTestSessionRequest = z.infer<typeof QueueIntegrationTestSessionRequestSchema>;

export const QueueIntegrationTestSessionResponseSchema = z.object({
  ok: z.literal(true),
  fulfillmentText: z.string(),
  intent: z.string(),
});

// --- the external send API (`POST /api/messages/send`) ---------------------------------------------------------

const externalTemplateValue = z.string().trim().min(1, 'Obrigatório').max(1_024);

/**
 * A Cloud API template for the external API (JSON bodies only): the approved template's name and language, and the
 * values of its header's and body's `{{1}}`... in order (message variables such as `{{name}}` allowed).
 */
export const ExternalTemplateSchema = z.object({
  name: z.string().min(1).max(512),
  language: z.string().min(2).max(16),
  header: z.array(externalTemplateValue).max(1).default([]),
  body: z.array(externalTemplateValue).max(64).default([]),
  /** An IMAGE, VIDEO or DOCUMENT header's file: the header's kind and the file's http(s) address. */
  headerMedia: z
    .object({
      type: z.enum(['image', 'video', 'document']),
      link: z.url({ protocol: /^https?$/ }).max(2_048),
    })
    .nullable()
    .default(null),
  /**
   * The suffix of each URL button whose address ends in `{{1}}`: `index` is the button's position among the
   * template's buttons (from 0), `text` the suffix (message variables allowed).
   */
  buttons: z
    .array(z.object({ index: z.number().int().min(0).max(9), text: externalTemplateValue }))
    .max(10)
    .default([]),
});

/** JSON body (or the multipart fields next to `medias`) of the external API. */
export const ExternalSendRequestSchema = z.object({
  number: z
    .string({ error: 'Obrigatório' })
    .transform((value) => value.replace(/\D/g, ''))
    .pipe(z.string().min(8, 'Número inválido').max(20, 'Número inválido')),
  body: z
    .string()
    .max(65_536)
    .nullish()
    .transform((value) => value ?? ''),
  closeTicket: z
    .union([z.boolean(), z.string()])
    .nullish()
    .transform((value) => value === true || value === 'true' || value === '1'),
  /**
   * Send this Cloud API template instead of free text (the way to reach a contact outside the 24-hour window);
   * `body`, when given, is what the chat shows for it (default: the template's name). No `medias` with it.
   */
  template: ExternalTemplateSchema.optional(),
});
export type ExternalSendRequest = z.infer<typeof ExternalSendRequestSchema>;

export const ExternalSendResponseSchema = z.object({ mensagem: z.literal('Mensagem enviada') });
