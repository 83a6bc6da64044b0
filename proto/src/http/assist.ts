import { z } from 'zod';
import { IdParamSchema } from './common.js';

// --- AI assistance for agents (`/ai-assist`, plan `useOpenAi`) -------------------------------------------------

/**
 * `PUT /ai-assist/settings` (admins): the company's OpenAI-compatible endpoint. `baseUrl` is the API root the
 * client appends `/chat/completions` to (`https://api.openai.com/v1`, a self-hosted `https://llm.example.com/v1`):
 * http or https, no credentials, not a private or loopback address. `apiKey` is required the first time; left
 * out or sent back masked it keeps the stored key.
 */
export const AssistSettingsRequestSchema = z.object({
  baseUrl: z
    .string({ error: 'Obrigatório' })
    .trim()
    .min(1, 'Obrigatório')
    .max(500, 'Muito longo!')
    .regex(/^https?:\/\//i, 'Informe um endereço http:// ou https://')
    .transform((value) => value.replace(/\/+$/, '')),
  apiKey: z
    .string()
    .trim()
    .max(512, 'Muito longo!')
    .nullish()
    .transform((value) => value || undefined),
  model: z.string({ error: 'Obrigatório' }).trim().min(1, 'Obrigatório').max(200, 'Muito longo!'),
});
export type AssistSettingsRequest = z.input<typeof AssistSettingsRequestSchema>;
export type AssistSettingsInput = z.output<typeof AssistSettingsRequestSchema>;

/** `GET`/`PUT /ai-assist/settings`: the endpoint with its key masked; `configured` false (and empty fields) when none. */
export const AssistSettingsResponseSchema = z.object({
  configured: z.boolean(),
  baseUrl: z.string(),
  apiKey: z.string().meta({ description: 'Masked: "********" and the last four characters' }),
  model: z.string(),
});
export type AssistSettingsResponse = z.infer<typeof AssistSettingsResponseSchema>;

/** `{ ticketId }`: the ticket a summary or a suggestion is written for. */
export const AssistTicketParamsSchema = z.object({ ticketId: IdParamSchema });

/**
 * The streamed answer of `POST /ai-assist/tickets/{ticketId}/summary` and `/suggestion`
 * (`text/event-stream`): `delta` events carry the text as the model writes it, then one `done` with the whole text,
 * or one `error` (`{ error, message }`) when the endpoint fails after the answer began. A failure before it began is
 * an ordinary JSON error answer.
 */
export const AssistStreamEventSchema = z.discriminatedUnion('event', [
  z.object({ event: z.literal('delta'), data: z.object({ text: z.string() }) }),
  z.object({ event: z.literal('done'), data: z.object({ text: z.string() }) }),
  z.object({ event: z.literal('error'), data: z.object({ error: z.string(), message: z.string() }) }),
]);
export type AssistStreamEvent = z.infer<typeof AssistStreamEventSchema>;
export type AssistKind = 'summary' | 'suggestion';
