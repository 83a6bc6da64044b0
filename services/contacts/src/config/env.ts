import { z } from 'zod';
import { ServiceEnvSchema } from '@cs/platform/config';

export const ContactsEnvSchema = ServiceEnvSchema.extend({
  CONTACTS_PORT: z.coerce.number().int().min(0).max(65_535).default(4103),
  /** pg-boss's schema for the import jobs (a test may give a process its own queue). */
  CONTACTS_JOBS_SCHEMA: z
    .string()
    .regex(/^[a-z][a-z0-9_]*$/)
    .default('contacts_jobs'),
  /** How long `POST /contacts` waits for the connector's answer to its WhatsApp number check (0: never waits). */
  CONTACTS_NUMBER_CHECK_WAIT_MS: z.coerce.number().int().min(0).max(30_000).default(5_000),
  /** Spreadsheets up to this size are imported during the request; larger ones run as a background job. */
  CONTACTS_IMPORT_INLINE_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .default(64 * 1024),
});
export type ContactsConfig = z.infer<typeof ContactsEnvSchema>;
