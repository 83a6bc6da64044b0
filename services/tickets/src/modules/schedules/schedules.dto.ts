import { z } from 'zod';
import { PageNumberSchema } from '@cs/proto/common';

/** `POST /schedules`, `PUT /schedules/{id}` (partial): the spec's validation and messages. */
export const ScheduleBodySchema = z.object({
  body: z.string({ error: 'Obrigatório' }).trim().min(5, { error: 'Mensagem muito curta' }).max(65_536),
  contactId: z.coerce.number({ error: 'Obrigatório' }).int().positive({ error: 'Obrigatório' }),
  /** An instant, or a wall-clock time without offset in the company's time zone (see `parseDateTime`). */
  sendAt: z.preprocess(
    (value) => (value === null || value === '' ? undefined : value),
    z.union([z.string(), z.date()], { error: 'Obrigatório' }),
  ),
});
export type ScheduleBody = z.infer<typeof ScheduleBodySchema>;

export const ListSchedulesQuerySchema = z.object({
  searchParam: z.string().trim().max(200).optional().catch(undefined),
  pageNumber: PageNumberSchema.optional().transform((value) => value ?? 1),
  contactId: z.coerce.number().int().positive().optional().catch(undefined),
  userId: z.coerce.number().int().positive().optional().catch(undefined),
});
export type ListSchedulesQuery = z.infer<typeof ListSchedulesQuerySchema>;

/** The attachments a schedule accepts (the spec: png, jpg, jpeg). */
export const SCHEDULE_MEDIA_EXTENSIONS = /\.(png|jpe?g)$/i;
