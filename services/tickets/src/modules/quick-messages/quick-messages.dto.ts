import { z } from 'zod';
import { PageNumberSchema } from '@cs/proto/common';

const flag = z
  .union([z.boolean(), z.string(), z.number(), z.null()])
  .optional()
  .transform((value) =>
    value === undefined ? undefined : value === true || value === 'true' || value === 1 || value === '1',
  );

/** `POST /quick-messages`, `PUT /quick-messages/{id}` (partial): the shortcode is required (the spec). */
export const QuickMessageBodySchema = z.object({
  shortcode: z
    .string({ error: 'Obrigatório' })
    .trim()
    .min(1, { error: 'Obrigatório' })
    .max(100, { error: 'Muito longo!' })
    .transform((value) => value.replace(/^\/+/, '')),
  message: z.string().max(65_536).optional(),
  geral: flag,
});
export type QuickMessageBody = z.infer<typeof QuickMessageBodySchema>;

export const ListQuickMessagesQuerySchema = z.object({
  searchParam: z.string().trim().max(100).optional().catch(undefined),
  pageNumber: PageNumberSchema.optional().transform((value) => value ?? 1),
});
export type ListQuickMessagesQuery = z.infer<typeof ListQuickMessagesQuerySchema>;
