import { z } from 'zod';
import { PageNumberSchema } from '@cs/proto/common';
import { LOCAL_DATE_TIME } from './zoned-time.js';

export const CAMPAIGN_MESSAGES = {
  required: 'Required',
  tooShort: 'Too Short!',
  tooLong: 'Too Long!',
  scheduledAt: 'Use o formato AAAA-MM-DD HH:mm:ss',
  audience: 'Escolha uma lista de contatos ou uma tag',
  message: 'Escreva ao menos uma mensagem',
  confirmationMessage: 'Escreva ao menos uma mensagem de confirmação',
} as const;

/** Empty strings arrive as null (the spec's client sends them so); both mean "none". */
const emptyToNull = (value: unknown): unknown => (value === '' || value === undefined ? null : value);
const optionalId = z.preprocess(
  (value) => (value === 'Nenhuma' ? null : emptyToNull(value)),
  z.coerce.number({ error: CAMPAIGN_MESSAGES.required }).int().positive(CAMPAIGN_MESSAGES.required).nullable(),
);
const text = z.preprocess(emptyToNull, z.string().max(10_000, CAMPAIGN_MESSAGES.tooLong).nullable());

export const CampaignBodySchema = z
  .object({
    name: z
      .string({ error: CAMPAIGN_MESSAGES.required })
      .trim()
      .min(1, CAMPAIGN_MESSAGES.required)
      .min(2, CAMPAIGN_MESSAGES.tooShort)
      .max(255, CAMPAIGN_MESSAGES.tooLong),
    confirmation: z.preprocess(
      (value) =>
        value === 'true' || value === 'enabled' ? true : value === 'false' || value === 'disabled' ? false : value,
      z.boolean().default(false),
    ),
    message1: text.default(null),
    message2: text.default(null),
    message3: text.default(null),
    message4: text.default(null),
    message5: text.default(null),
    confirmationMessage1: text.default(null),
    confirmationMessage2: text.default(null),
    confirmationMessage3: text.default(null),
    confirmationMessage4: text.default(null),
    confirmationMessage5: text.default(null),
    contactListId: optionalId.default(null),
    tagListId: optionalId.default(null),
    whatsappId: z.preprocess(
      emptyToNull,
      z.coerce.number({ error: CAMPAIGN_MESSAGES.required }).int().positive(CAMPAIGN_MESSAGES.required),
    ),
    fileListId: optionalId.default(null),
    scheduledAt: z.preprocess(
      emptyToNull,
      z.string().regex(LOCAL_DATE_TIME, CAMPAIGN_MESSAGES.scheduledAt).nullable().default(null),
    ),
  })
  .superRefine((body, ctx) => {
    if (body.contactListId === null && body.tagListId === null) {
      ctx.addIssue({ code: 'custom', path: ['contactListId'], message: CAMPAIGN_MESSAGES.audience });
    }
    const messages = [body.message1, body.message2, body.message3, body.message4, body.message5];
    if (!messages.some((message) => message?.trim())) {
      ctx.addIssue({ code: 'custom', path: ['message1'], message: CAMPAIGN_MESSAGES.message });
    }
    const confirmations = [
      body.confirmationMessage1,
      body.confirmationMessage2,
      body.confirmationMessage3,
      body.confirmationMessage4,
      body.confirmationMessage5,
    ];
    if (body.confirmation && !confirmations.some((message) => message?.trim())) {
      ctx.addIssue({ code: 'custom', path: ['confirmationMessage1'], message: CAMPAIGN_MESSAGES.confirmationMessage });
    }
  });
export type CampaignBody = z.infer<typeof CampaignBodySchema>;

export const ListCampaignsQuerySchema = z.object({
  searchParam: z
    .string()
    .optional()
    .transform((value) => (value ?? '').trim().toLowerCase()),
  pageNumber: PageNumberSchema.optional().transform((value) => value ?? 1),
});
export type ListCampaignsQuery = z.infer<typeof ListCampaignsQuerySchema>;
