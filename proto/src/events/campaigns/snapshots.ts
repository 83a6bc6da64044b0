import { z } from 'zod';
import { IdSchema } from '../../common/ids.js';
import { TemplateComponentSchema } from '../whatsapp/snapshots.js';

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
const campaignTemplateValue = z.string().trim().min(1, 'Required').max(1_024);

/**
 * The values of a Cloud API template send: the text header's and the body's `{{1}}`... in order, and (campaigns'
 * schema version 4, schedules' version 3) `headerMedia`, the http(s) address of an IMAGE, VIDEO or DOCUMENT header's
 * file, and `buttons`, the suffixes of the URL buttons whose address ends in `{{1}}`, in the buttons' order.
 */
export const TemplateValuesSchema = z.object({
  header: z.array(campaignTemplateValue).max(1).default([]),
  body: z.array(campaignTemplateValue).max(64).default([]),
  headerMedia: z
    .url({ protocol: /^https?$/ })
    .max(2_048)
    .nullable()
    .default(null),
  buttons: z.array(campaignTemplateValue).max(10).default([]),
});

/**
 * A Cloud API campaign's template: the approved template as `GET /whatsapp/{id}/templates` lists it (name, language,
 * components) and the values of its header's and body's `{{1}}`... in order, which may use the campaign variables
 * (`{{nome}}`...) rendered for each contact. The messages are then not needed.
 */
export const CampaignTemplateSchema = z.object({
  name: z.string().min(1).max(512),
  language: z.string().min(2).max(16),
  components: z.array(TemplateComponentSchema).min(1).max(10),
  values: TemplateValuesSchema,
});
export type CampaignTemplate = z.infer<typeof CampaignTemplateSchema>;

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
  /** From schema version 3: the Cloud API template the campaign sends (null or absent: it sends its messages). */
  template: CampaignTemplateSchema.nullable().optional(),
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
