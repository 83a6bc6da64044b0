import { z } from 'zod';
import { IdSchema } from '../../common/ids.js';

export const CAMPAIGN_STATUSES = ['INATIVA', 'PROGRAMADA', 'EM_ANDAMENTO', 'CANCELADA', 'FINALIZADA'] as const;
export const CampaignStatusSchema = z.enum(CAMPAIGN_STATUSES);
export type CampaignStatus = z.infer<typeof CampaignStatusSchema>;

/** A campaign as the list, the dialog and the report show it (counts come from its shipping rows). */
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
