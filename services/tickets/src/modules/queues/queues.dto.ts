import { z } from 'zod';
import { ScheduleEntrySchema } from '@cs/proto/events';

/** Opening hours a new queue starts with (the spec's defaults). */
export const DEFAULT_QUEUE_SCHEDULES = [
  { weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '08:00', endTime: '18:00' },
  { weekday: 'Terça-feira', weekdayEn: 'tuesday', startTime: '08:00', endTime: '18:00' },
  { weekday: 'Quarta-feira', weekdayEn: 'wednesday', startTime: '08:00', endTime: '18:00' },
  { weekday: 'Quinta-feira', weekdayEn: 'thursday', startTime: '08:00', endTime: '18:00' },
  { weekday: 'Sexta-feira', weekdayEn: 'friday', startTime: '08:00', endTime: '18:00' },
  { weekday: 'Sábado', weekdayEn: 'saturday', startTime: '08:00', endTime: '12:00' },
  { weekday: 'Domingo', weekdayEn: 'sunday', startTime: '00:00', endTime: '00:00' },
] as const;

const nullableId = z
  .union([z.coerce.number().int().positive(), z.null(), z.literal('')])
  .transform((v) => (v === '' ? null : v));

/** `POST /queue`, `PUT /queue/{id}` (partial). */
export const QueueBodySchema = z.object({
  name: z.string({ error: 'Obrigatório' }).trim().min(2, { error: 'Muito curto!' }).max(50, { error: 'Muito longo!' }),
  color: z.string({ error: 'Obrigatório' }).trim().min(1, { error: 'Obrigatório' }).max(20),
  greetingMessage: z.string().optional(),
  outOfHoursMessage: z.string().optional(),
  orderQueue: z.coerce.number().int().min(0).optional().catch(0),
  schedules: z.array(ScheduleEntrySchema).optional(),
  integrationId: nullableId.optional(),
  promptId: nullableId.optional(),
  autoAssign: z.boolean().optional(),
});
export type QueueBody = z.infer<typeof QueueBodySchema>;

/** `POST /queue-options`, `PUT /queue-options/{id}` (partial); `parentId` -1 or absent: the top level. */
export const QueueOptionBodySchema = z.object({
  queueId: z.coerce.number().int().positive(),
  parentId: z
    .union([z.coerce.number().int().positive(), z.null(), z.literal(-1), z.literal('-1')])
    .optional()
    .transform((v) => (typeof v === 'number' && v > 0 ? v : null)),
  title: z.string({ error: 'Obrigatório' }).trim().min(1, { error: 'Obrigatório' }).max(100),
  message: z.string().optional().default(''),
  option: z.union([z.string(), z.number()]).transform(String).pipe(z.string().trim().min(1).max(20)),
});
export type QueueOptionBody = z.infer<typeof QueueOptionBodySchema>;

export const QueueOptionsQuerySchema = z.object({
  queueId: z.coerce.number().int().positive(),
  parentId: z.coerce.number().int().optional().catch(undefined),
});
export type QueueOptionsQuery = z.infer<typeof QueueOptionsQuerySchema>;
