import { z } from 'zod';
import { sensitive, ServiceEnvSchema } from '@cs/platform/config';
import { mediaStorageEnv } from '@cs/platform/storage';

export const TicketsEnvSchema = ServiceEnvSchema.extend({
  TICKETS_PORT: z.coerce.number().int().min(0).max(65_535).default(4102),
  /** Where uploaded media (messages, queues, options, quick messages, schedules) is stored: a folder or a bucket. */
  ...mediaStorageEnv('.data/tickets-media'),
  /**
   * The gateway's public URL, the one setting every service builds public links from (`/media/tickets/...` here,
   * `/media/whatsapp/...` and webhooks in the connector). The web client reaches media through its own API base
   * whatever host this names, so only other clients depend on it being right.
   */
  PUBLIC_URL: z.url().default('http://localhost:8080'),
  /** Largest accepted upload, in bytes. */
  TICKETS_MEDIA_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(16 * 1024 * 1024),
  /** Length of one "minute" of the connection timers (expiresTicket, timeSendQueue, timeUseBotQueues), in ms. */
  TICKETS_TIMER_MINUTE_MS: z.coerce.number().int().positive().default(60_000),
  /**
   * Key (at least 32 characters) that encrypts the stored AI and integration credentials; required in production
   * (the service refuses to start without it), kept across releases and restarts (`make dev` keeps one in .data).
   * Values sealed before it was set, with the key derived from INTERNAL_TOKEN, open while that token is the same.
   */
  TICKETS_SECRETS_KEY: sensitive(z.string().min(32)).optional(),
  /** OpenAI's API (tests point it at a local fake). */
  TICKETS_OPENAI_BASE_URL: z.url().default('https://api.openai.com/v1'),
  TICKETS_OPENAI_MODEL: z.string().min(1).default('gpt-4o-mini'),
  TICKETS_OPENAI_TRANSCRIPTION_MODEL: z.string().min(1).default('whisper-1'),
  TICKETS_OPENAI_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  /** Azure Speech TTS: `{region}` is replaced by the prompt's region (tests point it at a local fake). */
  TICKETS_AZURE_TTS_URL: z.string().min(1).default('https://{region}.tts.speech.microsoft.com/cognitiveservices/v1'),
  /** Google's OAuth token endpoint and Dialogflow's API (tests point them at local fakes). */
  TICKETS_GOOGLE_TOKEN_URL: z.url().default('https://oauth2.googleapis.com/token'),
  TICKETS_DIALOGFLOW_BASE_URL: z.url().default('https://dialogflow.googleapis.com'),
  /** External API: calls per token per minute. */
  TICKETS_EXTERNAL_API_RATE_PER_MINUTE: z.coerce.number().int().positive().default(60),
  /**
   * External API: failed token attempts (missing, unknown or weak token) a client address may make in a minute;
   * past them every call from that address is answered 429 with `Retry-After` until the minute ends.
   */
  TICKETS_EXTERNAL_API_FAILURES_PER_MINUTE: z.coerce.number().int().positive().default(10),
  /** How long the external API waits for the connector's number check (and a new contact), in ms. */
  TICKETS_EXTERNAL_API_WAIT_MS: z.coerce.number().int().positive().default(10_000),
  /** A customer message equal to one of these (comma-separated, any case) hands an AI or bot ticket to a person. */
  TICKETS_AI_HANDOFF_KEYWORDS: z.string().default('atendente,falar com atendente,humano'),
  /** How long a queue integration (Typebot, n8n, webhook) has to answer one message, in ms. */
  TICKETS_INTEGRATION_TIMEOUT_MS: z.coerce.number().int().positive().default(15_000),
  /** AI assistance for agents: the most recent messages of the ticket a summary or a suggestion is sent. */
  TICKETS_AI_ASSIST_MAX_MESSAGES: z.coerce.number().int().min(1).max(200).default(40),
  /** AI assistance: the most characters of conversation sent (newest first; each message cut to 1,000). */
  TICKETS_AI_ASSIST_MAX_CHARS: z.coerce.number().int().min(1_000).max(200_000).default(12_000),
  /** AI assistance: how long the company's endpoint has to write its whole answer, in ms. */
  TICKETS_AI_ASSIST_TIMEOUT_MS: z.coerce.number().int().positive().default(60_000),
  /**
   * When the message retention job runs (cron, America/Sao_Paulo; pg-boss fires each tick once across the pods):
   * every 15 minutes by default.
   */
  TICKETS_RETENTION_CRON: z.string().min(9).default('*/15 * * * *'),
  /** Messages the retention job erases per transaction (each batch its own short transaction). */
  TICKETS_RETENTION_BATCH: z.coerce.number().int().min(1).max(5_000).default(500),
  /** Hosts exempt from the SSRF rules of integration URLs (tests' local fakes only; empty in production). */
  OUTBOUND_HTTP_ALLOWED_HOSTS: z.string().default(''),
});
export type TicketsConfig = z.infer<typeof TicketsEnvSchema>;
