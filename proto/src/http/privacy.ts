import { z } from 'zod';
import { IdSchema, PG_INT_MAX } from '../common/ids.js';
import { ErasureRequestSchema } from '../events/privacy/topics.js';
import { IdParamSchema } from './common.js';

/**
 * LGPD requests about a person (a contact): erasure across every service that holds their data, followed per
 * service until each confirmed, and the export of everything held about them as one zip archive.
 */

export {
  type ErasureRequest,
  ErasureRequestSchema,
  type ErasureServiceStatus,
  ErasureServiceStatusSchema,
} from '../events/privacy/topics.js';

export const ErasureRequestPageSchema = z.object({
  records: z.array(ErasureRequestSchema),
  count: z.number().int().nonnegative(),
  hasMore: z.boolean(),
});
export type ErasureRequestPage = z.infer<typeof ErasureRequestPageSchema>;

export const ErasureRequestListQuerySchema = z.object({
  contactId: z.coerce
    .number<string | number>({ error: 'contactId inválido' })
    .int('contactId inválido')
    .positive('contactId inválido')
    .max(PG_INT_MAX, 'contactId inválido')
    .optional(),
  pageNumber: z.coerce
    .number<string | number>({ error: 'pageNumber inválido' })
    .int('pageNumber inválido')
    .min(1, 'pageNumber inválido')
    .max(100_000, 'pageNumber inválido')
    .default(1),
});
export type ErasureRequestListQuery = z.infer<typeof ErasureRequestListQuerySchema>;

export const ErasureRequestParamsSchema = z.object({ id: z.uuid({ error: 'id inválido' }) });
export const ContactDataParamsSchema = z.object({ id: IdParamSchema });

export const ContactExportParamsSchema = z.object({ id: z.uuid({ error: 'id inválido' }) });

export const ContactExportBodySchema = z.strictObject({
  contactId: z
    .number({ error: 'contactId inválido' })
    .int('contactId inválido')
    .positive('contactId inválido')
    .max(PG_INT_MAX, 'contactId inválido'),
});
export type ContactExportBody = z.infer<typeof ContactExportBodySchema>;

/**
 * An export request as tickets keeps it: `pending` until every service holding the person's data outside tickets
 * (campaigns' shippings) sent its rows, then `ready` for `GET /privacy/contact-exports/{id}`.
 */
export const ContactExportSchema = z.object({
  id: z.uuid(),
  contactId: IdSchema,
  status: z.enum(['pending', 'ready']),
  createdAt: z.iso.datetime(),
  readyAt: z.iso.datetime().nullable(),
});
export type ContactExport = z.infer<typeof ContactExportSchema>;

/** The name an erased contact keeps (its number, e-mail, picture and extra info are gone). */
export const ERASED_CONTACT_NAME = 'Contato removido';
