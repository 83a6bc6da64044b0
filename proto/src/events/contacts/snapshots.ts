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
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type ContactSnapshot = z.infer<typeof ContactSnapshotSchema>;

export const ContactListSnapshotSchema = z.object({
  id: IdSchema,
  companyId: IdSchema,
  name: z.string(),
  contactsCount: z.number().int().min(0),
});

export const ContactListItemSnapshotSchema = z.object({
  id: IdSchema,
  companyId: IdSchema,
  contactListId: IdSchema,
  name: z.string(),
  number: z.string(),
  email: z.string(),
  isWhatsappValid: z.boolean().nullable(),
});
