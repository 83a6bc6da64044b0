import { z } from 'zod';
import { defineEvent } from '../../common/envelope.js';
import { IdSchema } from '../../common/ids.js';
import { defineTopic } from '../topic.js';

/** Voices of an AI prompt: `texto` answers in text, the others are Azure neural voices (spec §9). */
export const PROMPT_VOICES = [
  'texto',
  'pt-BR-FranciscaNeural',
  'pt-BR-AntonioNeural',
  'pt-BR-BrendaNeural',
  'pt-BR-DonatoNeural',
  'pt-BR-ElzaNeural',
  'pt-BR-FabioNeural',
  'pt-BR-GiovannaNeural',
  'pt-BR-HumbertoNeural',
  'pt-BR-JulioNeural',
  'pt-BR-LeilaNeural',
  'pt-BR-LeticiaNeural',
  'pt-BR-ManuelaNeural',
  'pt-BR-NicolauNeural',
  'pt-BR-ValerioNeural',
  'pt-BR-YaraNeural',
  'pt-BR-ThalitaNeural',
] as const;
export const PromptVoiceSchema = z.enum(PROMPT_VOICES);

/** Defaults of a prompt (spec §3 and §9). */
export const PROMPT_DEFAULTS = { voice: 'texto', maxTokens: 100, temperature: 1, maxMessages: 10 } as const;

/**
 * An AI prompt as clients and events see it. Its secrets (the OpenAI API key, the Azure speech key) are never
 * carried whole: `apiKey`/`voiceKey` show only their last four characters behind a mask.
 */
export const PromptSnapshotSchema = z.object({
  id: IdSchema,
  companyId: IdSchema,
  name: z.string(),
  prompt: z.string(),
  voice: z.string(),
  voiceKey: z.string(),
  voiceRegion: z.string(),
  maxTokens: z.number().int(),
  temperature: z.number(),
  apiKey: z.string(),
  queueId: IdSchema,
  maxMessages: z.number().int(),
  queue: z.object({ id: IdSchema, name: z.string(), color: z.string() }).nullable(),
});
export type PromptSnapshot = z.infer<typeof PromptSnapshotSchema>;

export const QUEUE_INTEGRATION_TYPES = ['dialogflow', 'n8n', 'webhook', 'typebot'] as const;
export const QueueIntegrationTypeSchema = z.enum(QUEUE_INTEGRATION_TYPES);
export type QueueIntegrationType = z.infer<typeof QueueIntegrationTypeSchema>;
export const DIALOGFLOW_LANGUAGES = ['pt-BR', 'en', 'es'] as const;
export const DialogflowLanguageSchema = z.enum(DIALOGFLOW_LANGUAGES);

/** Defaults of a queue integration (spec §3 and §9). */
export const QUEUE_INTEGRATION_DEFAULTS = {
  language: 'pt-BR',
  typebotExpires: 1,
  typebotDelayMessage: 1000,
} as const;

/**
 * A queue integration as clients and events see it. `jsonContent` (Dialogflow's service-account credentials)
 * comes with its `private_key` masked.
 */
export const QueueIntegrationSnapshotSchema = z.object({
  id: IdSchema,
  companyId: IdSchema,
  type: QueueIntegrationTypeSchema,
  name: z.string(),
  projectName: z.string(),
  jsonContent: z.string(),
  language: z.string(),
  urlN8N: z.string(),
  typebotSlug: z.string(),
  typebotExpires: z.number().int(),
  typebotDelayMessage: z.number().int(),
  typebotKeywordFinish: z.string(),
  typebotKeywordRestart: z.string(),
  typebotUnknownMessage: z.string(),
  typebotRestartMessage: z.string(),
});
export type QueueIntegrationSnapshot = z.infer<typeof QueueIntegrationSnapshotSchema>;

export const PromptCreated = defineEvent('tickets.prompt.created', PromptSnapshotSchema, {
  description: 'An AI prompt was created.',
});
export const PromptUpdated = defineEvent('tickets.prompt.updated', PromptSnapshotSchema, {
  description: 'An AI prompt changed.',
});
export const PromptDeleted = defineEvent('tickets.prompt.deleted', z.object({ id: IdSchema }), {
  description: 'An AI prompt was deleted.',
});

export const TicketsPromptTopic = defineTopic({
  name: 'tickets.prompt.v1',
  realtime: true,
  owner: 'tickets',
  aggregate: 'prompt',
  key: 'promptId',
  description: 'AI prompts (the `prompt` channel of the company).',
  events: [PromptCreated, PromptUpdated, PromptDeleted],
});

export const QueueIntegrationCreated = defineEvent(
  'tickets.queue-integration.created',
  QueueIntegrationSnapshotSchema,
  {
    description: 'A queue integration (Typebot, n8n, webhook, Dialogflow) was created.',
  },
);
export const QueueIntegrationUpdated = defineEvent(
  'tickets.queue-integration.updated',
  QueueIntegrationSnapshotSchema,
  {
    description: 'A queue integration changed.',
  },
);
export const QueueIntegrationDeleted = defineEvent('tickets.queue-integration.deleted', z.object({ id: IdSchema }), {
  description: 'A queue integration was deleted.',
});

export const TicketsQueueIntegrationTopic = defineTopic({
  name: 'tickets.queue-integration.v1',
  realtime: true,
  owner: 'tickets',
  aggregate: 'queue-integration',
  key: 'integrationId',
  description: 'Queue integrations (company-{id}-queueIntegration).',
  events: [QueueIntegrationCreated, QueueIntegrationUpdated, QueueIntegrationDeleted],
});

export const ticketsAutomationTopics = [TicketsPromptTopic, TicketsQueueIntegrationTopic] as const;
