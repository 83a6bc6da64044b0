import { z } from 'zod';
import { PageNumberSchema } from '@cs/proto/common';

/** The kanban flag as clients send it (0/1, a boolean or a string); absent stays absent. */
const kanbanFlag = z
  .union([z.number(), z.boolean(), z.string(), z.null()])
  .optional()
  .transform((value): 0 | 1 | undefined =>
    value === undefined ? undefined : value === true || value === 1 || value === '1' || value === 'true' ? 1 : 0,
  );

/** `POST /tags`, `PUT /tags/{id}`: name at least 3 characters (the spec's messages). */
export const TagBodySchema = z.object({
  name: z
    .string({ error: 'Obrigatório' })
    .trim()
    .min(3, { error: 'Mensagem muito curta' })
    .max(100, { error: 'Mensagem muito longa' }),
  color: z.string().trim().min(1).max(20).optional().catch(undefined),
  kanban: kanbanFlag,
});
export type TagBody = z.infer<typeof TagBodySchema>;

export const ListTagsQuerySchema = z.object({
  searchParam: z.string().trim().max(100).optional().catch(undefined),
  pageNumber: PageNumberSchema.optional().transform((value) => value ?? 1),
  kanban: kanbanFlag.catch(undefined),
});
export type ListTagsQuery = z.infer<typeof ListTagsQuerySchema>;

const tagRef = z.union([
  z.coerce.number().int().positive(),
  z
    .object({ id: z.coerce.number().int().positive() })
    .loose()
    .transform((tag) => tag.id),
]);

/** `POST /tags/sync {ticketId, tags}`: tags as ids or as the tag objects the tag editor holds. */
export const SyncTagsSchema = z.object({
  ticketId: z.coerce.number({ error: 'Obrigatório' }).int().positive({ error: 'Obrigatório' }),
  tags: z.array(tagRef).optional().default([]),
});
export type SyncTagsInput = z.infer<typeof SyncTagsSchema>;
