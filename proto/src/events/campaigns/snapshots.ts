import { z } from 'zod';
import { IdSchema } from '../../common/ids.js';

export const CAMPAIGN_STATUSES = ['INATIVA', 'PROGRAMADA', 'EM_ANDAMENTO', 'CANCELADA', 'FINALIZADA'] as const;
export const CampaignStatusSchema = z.enum(CAMPAIGN_STATUSES);
export type CampaignStatus = z.infer<typeof CampaignStatusSchema>;

const nullableText = z.string().nullable();
const named = z.object({ id: IdSchema, name: z.string() }).nullable();

/**
 * A campaign as the list, the dialog and the report show it (counts come from its shipping rows). From schema
 * version 2 it carries everything `GET /campaigns/{id}` answers (messages, the contact list's and connection's
 * names, timestamps): the `company-{id}-campaign` record is the REST record.
 */
export const CampaignSnapshotSchema = z.object({
  id: IdSchema,
  companyId: IdSchema,
  name: z.string(),
  status: CampaignStatusSchema,
  confirmation: z.boolean(),
  scheduledAt: z.iso.datetime({ offset: true }).nullable(),
  completedAt: z.iso.datetime({ offset: true }).nullable(),
  whatsappId: IdSchema.nullable(),
  contactListId: IdSchema.nullable(),
  tagListId: IdSchema.nullable(),
  fileListId: IdSchema.nullable(),
  mediaPath: z.string().nullable(),
  mediaName: z.string().nullable(),
  counts: z.object({
    valid: z.number().int().min(0),
    delivered: z.number().int().min(0),
    failed: z.number().int().min(0),
    confirmationRequested: z.number().int().min(0),
    confirmed: z.number().int().min(0),
  }),
  message1: nullableText.optional(),
  message2: nullableText.optional(),
  message3: nullableText.optional(),
  message4: nullableText.optional(),
  message5: nullableText.optional(),
  confirmationMessage1: nullableText.optional(),
  confirmationMessage2: nullableText.optional(),
  confirmationMessage3: nullableText.optional(),
  confirmationMessage4: nullableText.optional(),
  confirmationMessage5: nullableText.optional(),
  contactList: named.optional(),
  whatsapp: named.optional(),
  createdAt: z.string().optional(),
  updatedAt: z.string().optional(),
});
export type CampaignSnapshot = z.infer<typeof CampaignSnapshotSchema>;

export const FileListSnapshotSchema = z.object({
  id: IdSchema,
  companyId: IdSchema,
  name: z.string(),
  message: z.string(),
  options: z.array(
    z.object({ id: IdSchema, name: z.string(), path: z.string().nullable(), mediaType: z.string().nullable() }),
  ),
});
export type FileListSnapshot = z.infer<typeof FileListSnapshotSchema>;
