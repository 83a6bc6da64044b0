import { z } from 'zod';
import { IdSchema } from '../../common/ids.js';

export const ExtraInfoSchema = z.object({ id: IdSchema.optional(), name: z.string(), value: z.string() });

/** A contact as other services keep it in their projections. `number` is the canonical digits form. */
export const ContactSnapshotSchema = z.object({
  id: IdSchema,
  companyId: IdSchema,
  name: z.string(),
  number: z.string(),
  email: z.string(),
  profilePicUrl: z.string().nullable(),
  isGroup: z.boolean(),
  /** The WhatsApp LID of the contact, when known. */
  lid: z.string().nullable(),
  extraInfo: z.array(ExtraInfoSchema),
  /**
   * Whether the number is on WhatsApp, as the connector's number check answered (schemaVersion 2):
   * `checking` until it answers, `unknown` when never asked (imports, groups without a check).
   */
  whatsappStatus: z.enum(['unknown', 'checking', 'valid', 'invalid']).optional(),
  /** WhatsApp's own jid for the number (its spelling of Brazil's ninth digit), when known (schemaVersion 2). */
  whatsappJid: z.string().nullable().optional(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type ContactSnapshot = z.infer<typeof ContactSnapshotSchema>;

/** From schema version 2 a list and an item carry their timestamps too: the realtime record is the REST record. */
export const ContactListSnapshotSchema = z.object({
  id: IdSchema,
  companyId: IdSchema,
  name: z.string(),
  contactsCount: z.number().int().min(0),
  createdAt: z.string().optional(),
  updatedAt: z.string().optional(),
});
export type ContactListSnapshot = z.infer<typeof ContactListSnapshotSchema>;

export const ContactListItemSnapshotSchema = z.object({
  id: IdSchema,
  companyId: IdSchema,
  contactListId: IdSchema,
  name: z.string(),
  number: z.string(),
  email: z.string(),
  isWhatsappValid: z.boolean().nullable(),
  createdAt: z.string().optional(),
  updatedAt: z.string().optional(),
});
export type ContactListItemSnapshot = z.infer<typeof ContactListItemSnapshotSchema>;
