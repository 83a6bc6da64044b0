import { z } from 'zod';
import { ServiceEnvSchema } from '@cs/platform/config';

export const TicketsEnvSchema = ServiceEnvSchema.extend({
  TICKETS_PORT: z.coerce.number().int().min(0).max(65_535).default(4102),
  /** Folder where uploaded media (messages, queues, options, quick messages, schedules) is stored. */
  TICKETS_MEDIA_DIR: z.string().min(1).default('.data/tickets-media'),
  /** Public base URL under which `/media/tickets/...` is reachable (the gateway's URL). */
  TICKETS_MEDIA_BASE_URL: z.url().default('http://127.0.0.1:8080'),
  /** Largest accepted upload, in bytes. */
  TICKETS_MEDIA_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(16 * 1024 * 1024),
  /** Length of one "minute" of the connection timers (expiresTicket, timeSendQueue, timeUseBotQueues), in ms. */
  TICKETS_TIMER_MINUTE_MS: z.coerce.number().int().positive().default(60_000),
});
export type TicketsConfig = z.infer<typeof TicketsEnvSchema>;
