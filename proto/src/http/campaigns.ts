import { z } from 'zod';
import { PG_INT_MAX } from '../common/ids.js';
import { PageNumberSchema } from '../common/pagination.js';
import { partialUpdateSchema } from '../common/partial-update.js';
import {
  CampaignSnapshotSchema,
  CampaignTemplateSchema,
  FileListSnapshotSchema,
} from '../events/campaigns/snapshots.js';
import { pageOf, UploadedFileSchema } from './common.js';
import { templateValueMismatches } from './message-templates.js';

/**
 * The campaigns service's public routes (campaigns, campaign settings, file lists): request schemas the service
 * validates with, and the answers it gives.
 */

const searchParam = z
  .string()
  .optional()
  .transform((value) => (value ?? '').trim().toLowerCase());
const pageNumber = PageNumberSchema.optional().transform((value) => value ?? 1);

// --- campaigns ------------------------------------------------------------------------------------------------

/**
 * The campaign form's messages (administration-and-extended.md §5 shows only the name's; empty strings mean
 * null).
 */
export const CAMPAIGN_MESSAGES = {
  required: 'Required',
  tooShort: 'Too Short!',
  tooLong: 'Too Long!',
  scheduledAt: 'Use o formato AAAA-MM-DD HH:mm:ss',
  audience: 'Escolha uma lista de contatos ou uma tag',
  message: 'Escreva ao menos uma mensagem',
  confirmationMessage: 'Escreva ao menos uma mensagem de confirmação',
} as const;

/** A wall-clock `YYYY-MM-DD HH:mm[:ss]` (a `T` also accepted), read in the company's time zone. */
export const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;

/** Empty strings arrive as null (the spec's client sends them so); both mean "none". */
const emptyToNull = (value: unknown): unknown => (value === '' || value === undefined ? null : value);
/** An optional id: empty, absent, null or the select's `'Nenhuma'` mean none. */
const optionalId = z.preprocess(
  (value) => (value === 'Nenhuma' ? null : emptyToNull(value)),
  z.coerce
    .number({ error: CAMPAIGN_MESSAGES.required })
    .int()
    .positive(CAMPAIGN_MESSAGES.required)
    .max(PG_INT_MAX)
    .nullable(),
);
const text = z.preprocess(emptyToNull, z.string().max(10_000, CAMPAIGN_MESSAGES.tooLong).nullable());

/**
 * `POST /campaigns`, `PUT /campaigns/{id}` (the whole campaign): a connection, a contact list or a tag, at least
 * one message (and one confirmation message with `confirmation`), `scheduledAt` as `YYYY-MM-DD HH:mm:ss` in the
 * company's time zone (none: inactive).
 */
export { CampaignTemplateSchema, type CampaignTemplate } from '../events/campaigns/snapshots.js';

export const CampaignBodySchema = z
  .object({
    name: z
      .string({ error: CAMPAIGN_MESSAGES.required })
      .trim()
      .min(1, CAMPAIGN_MESSAGES.required)
      .min(2, CAMPAIGN_MESSAGES.tooShort)
      .max(255, CAMPAIGN_MESSAGES.tooLong),
    /** Also `'true'`/`'enabled'` and `'false'`/`'disabled'` (the spec's select). */
    confirmation: z.preprocess(
      (value) =>
        value === 'true' || value === 'enabled' ? true : value === 'false' || value === 'disabled' ? false : value,
      z.boolean().default(false),
    ),
    message1: text.default(null),
    message2: text.default(null),
    message3: text.default(null),
    message4: text.default(null),
    message5: text.default(null),
    confirmationMessage1: text.default(null),
    confirmationMessage2: text.default(null),
    confirmationMessage3: text.default(null),
    confirmationMessage4: text.default(null),
    confirmationMessage5: text.default(null),
    contactListId: optionalId.default(null),
    tagListId: optionalId.default(null),
    whatsappId: z.preprocess(
      emptyToNull,
      z.coerce.number({ error: CAMPAIGN_MESSAGES.required }).int().positive(CAMPAIGN_MESSAGES.required).max(PG_INT_MAX),
    ),
    fileListId: optionalId.default(null),
    /** Cloud API connections: send this template (instead of the messages). */
    template: CampaignTemplateSchema.nullable().default(null),
    scheduledAt: z.preprocess(
      emptyToNull,
      z.string().regex(LOCAL_DATE_TIME, CAMPAIGN_MESSAGES.scheduledAt).nullable().default(null),
    ),
  })
  .superRefine((body, ctx) => {
    if (body.contactListId === null && body.tagListId === null) {
      ctx.addIssue({ code: 'custom', path: ['contactListId'], message: CAMPAIGN_MESSAGES.audience });
    }
    const messages = [body.message1, body.message2, body.message3, body.message4, body.message5];
    if (!body.template && !messages.some((message) => message?.trim())) {
      ctx.addIssue({ code: 'custom', path: ['message1'], message: CAMPAIGN_MESSAGES.message });
    }
    for (const { part, expected } of body.template
      ? templateValueMismatches(body.template.components, body.template.values)
      : []) {
      ctx.addIssue({
        code: 'custom',
        path: ['template', 'values', part],
        message: `O modelo pede ${expected} valor(es).`,
      });
    }
    const confirmations = [
      body.confirmationMessage1,
      body.confirmationMessage2,
      body.confirmationMessage3,
      body.confirmationMessage4,
      body.confirmationMessage5,
    ];
    if (body.confirmation && !confirmations.some((message) => message?.trim())) {
      ctx.addIssue({ code: 'custom', path: ['confirmationMessage1'], message: CAMPAIGN_MESSAGES.confirmationMessage });
    }
  });
export type CampaignBody = z.infer<typeof CampaignBodySchema>;
/** The body as a client sends it (ids as numbers or strings, empty strings or null for none). */
export type CampaignBodyInput = z.input<typeof CampaignBodySchema>;

export const ListCampaignsQuerySchema = z.object({ searchParam, pageNumber });
export type ListCampaignsQuery = z.infer<typeof ListCampaignsQuerySchema>;

export const CampaignCountsSchema = CampaignSnapshotSchema.shape.counts;
export type CampaignCounts = z.infer<typeof CampaignCountsSchema>;

const nullableText = z.string().nullable();
const named = z.object({ id: z.number().int(), name: z.string() }).nullable();

/** A campaign as the list, the dialog and the report read it: the snapshot with its messages and names. */
export const CampaignSchema = CampaignSnapshotSchema.extend({
  message1: nullableText,
  message2: nullableText,
  message3: nullableText,
  message4: nullableText,
  message5: nullableText,
  confirmationMessage1: nullableText,
  confirmationMessage2: nullableText,
  confirmationMessage3: nullableText,
  confirmationMessage4: nullableText,
  confirmationMessage5: nullableText,
  /** The contact list's and the connection's names (null when none, or no longer known). */
  contactList: named,
  whatsapp: named,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CampaignResponse = z.infer<typeof CampaignSchema>;
export const CampaignPageSchema = pageOf('records', CampaignSchema);

/** `GET /campaigns/{id}/failures`: the contacts whose message failed, with the connector's code and reason. */
export const CampaignFailuresSchema = z.object({
  failures: z.array(
    z.object({
      name: z.string(),
      number: z.string(),
      error: z.string().nullable(),
      /** e.g. Meta's refusal of the template (`the template was refused: (#132000) ...`). */
      reason: z.string().nullable(),
      failedAt: z.iso.datetime({ offset: true }),
    }),
  ),
});
export type CampaignFailures = z.infer<typeof CampaignFailuresSchema>;
export type CampaignPage = z.infer<typeof CampaignPageSchema>;

// --- campaign settings ----------------------------------------------------------------------------------------

/**
 * The spec's options (seconds, administration-and-extended.md §9): the random interval, and "longer interval
 * after" / "greater interval".
 */
export const MESSAGE_INTERVAL_OPTIONS = [0, 5, 10, 15, 20] as const;
export const LONGER_INTERVAL_OPTIONS = [0, 1, 5, 10, 15, 20, 30, 40, 60, 80, 100, 120] as const;

export const CampaignVariableSchema = z.object({
  key: z
    .string()
    .trim()
    .min(1, 'Informe o atalho da variável')
    .max(50, 'Too Long!')
    .regex(/^[^{}\s]+$/, 'O atalho não pode ter espaços nem chaves'),
  value: z.string().max(5000, 'Too Long!'),
});
export type CampaignVariable = z.infer<typeof CampaignVariableSchema>;

/** A company's campaign settings (what was never saved: the spec's defaults). */
export const CampaignSettingsSchema = z.object({
  messageInterval: z.number().int(),
  longerIntervalAfter: z.number().int(),
  greaterInterval: z.number().int(),
  variables: z.array(CampaignVariableSchema),
});
export type CampaignSettings = z.infer<typeof CampaignSettingsSchema>;

export const DEFAULT_CAMPAIGN_SETTINGS: Readonly<CampaignSettings> = {
  messageInterval: 20,
  longerIntervalAfter: 20,
  greaterInterval: 60,
  variables: [],
};

const option = (options: readonly number[], label: string) =>
  z.coerce
    .number<string | number>({ error: `${label}: valor inválido` })
    .int()
    .min(0, `${label}: escolha uma das opções`)
    .max(PG_INT_MAX, `${label}: escolha uma das opções`)
    .refine((value) => options.includes(value), `${label}: escolha uma das opções`);

/** `POST /campaign-settings`: `{settings}` with any of the four settings (the rest keep their values). */
export const SaveCampaignSettingsSchema = z.object({
  settings: z
    .object({
      messageInterval: option(MESSAGE_INTERVAL_OPTIONS, 'Intervalo randômico de disparo').optional(),
      longerIntervalAfter: option(LONGER_INTERVAL_OPTIONS, 'Intervalo maior após').optional(),
      greaterInterval: option(LONGER_INTERVAL_OPTIONS, 'Intervalo de disparo maior').optional(),
      variables: z
        .array(CampaignVariableSchema)
        .refine(
          (variables) => new Set(variables.map((variable) => variable.key)).size === variables.length,
          'Já existe uma variável com este atalho',
        )
        .optional(),
    })
    .strict(),
});
export type SaveCampaignSettings = z.infer<typeof SaveCampaignSettingsSchema>;
export type SaveCampaignSettingsInput = z.input<typeof SaveCampaignSettingsSchema>;

/** One `{key, value}` setting with its value read (`parseCampaignSettingEntry` of a wire entry). */
export const CampaignSettingEntrySchema = z.discriminatedUnion('key', [
  z.object({ key: z.literal('messageInterval'), value: CampaignSettingsSchema.shape.messageInterval }),
  z.object({ key: z.literal('longerIntervalAfter'), value: CampaignSettingsSchema.shape.longerIntervalAfter }),
  z.object({ key: z.literal('greaterInterval'), value: CampaignSettingsSchema.shape.greaterInterval }),
  z.object({ key: z.literal('variables'), value: CampaignSettingsSchema.shape.variables }),
]);
export type CampaignSettingEntry = z.infer<typeof CampaignSettingEntrySchema>;
/**
 * One `{key, value}` of `GET /campaign-settings` (and of the answer to `POST`): the value as JSON text (`"20"`,
 * `"[{\"key\":\"cupom\",\"value\":\"BF10\"}]"`), as the established back end stores it and its clients parse it.
 */
export const CampaignSettingWireEntrySchema = z.object({
  key: z.enum(['messageInterval', 'longerIntervalAfter', 'greaterInterval', 'variables']),
  value: z.string(),
});
export type CampaignSettingWireEntry = z.infer<typeof CampaignSettingWireEntrySchema>;
/** Every setting, in the order `messageInterval`, `longerIntervalAfter`, `greaterInterval`, `variables`. */
export const CampaignSettingEntriesSchema = z.array(CampaignSettingWireEntrySchema);

/** A wire entry with its JSON text read (a value that is not JSON of its key's type fails). */
export const parseCampaignSettingEntry = (entry: CampaignSettingWireEntry): CampaignSettingEntry =>
  CampaignSettingEntrySchema.parse({ key: entry.key, value: JSON.parse(entry.value) as unknown });

// --- file lists -----------------------------------------------------------------------------------------------

export const FILE_MESSAGES = { required: 'Required', tooShort: 'nome muito curto', tooLong: 'Too Long!' } as const;

const fileOptionBody = z.object({
  /** An existing option's id (kept and renamed); without one, a new option. */
  id: z.coerce.number<string | number>().int().positive().max(PG_INT_MAX).optional(),
  name: z
    .string({ error: FILE_MESSAGES.required })
    .trim()
    .min(1, FILE_MESSAGES.required)
    .max(255, FILE_MESSAGES.tooLong),
});

/** `POST /files` and `PUT /files/{id}`: name (at least 3, 'nome muito curto'), message required, options. */
export const FileListBodySchema = z.object({
  name: z
    .string({ error: FILE_MESSAGES.required })
    .trim()
    .min(1, FILE_MESSAGES.required)
    .min(3, FILE_MESSAGES.tooShort)
    .max(255, FILE_MESSAGES.tooLong),
  message: z.string({ error: FILE_MESSAGES.required }).trim().min(1, FILE_MESSAGES.required),
  options: z.array(fileOptionBody).max(50, FILE_MESSAGES.tooLong).default([]),
});
export type FileListBody = z.infer<typeof FileListBodySchema>;
export type FileListBodyInput = z.input<typeof FileListBodySchema>;

/** `PUT /files/{id}`: a partial update; an absent field (`options` included) keeps its stored value. */
export const FileListUpdateSchema = partialUpdateSchema(FileListBodySchema);
export type FileListUpdate = z.infer<typeof FileListUpdateSchema>;

export const ListFilesQuerySchema = z.object({ searchParam, pageNumber });
export type ListFilesQuery = z.infer<typeof ListFilesQuerySchema>;

const oneOrMany = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]));

/**
 * The form fields of `POST /files/uploadList/{id}` next to its `files`: the i-th file goes to the option with the
 * i-th `id` (else the i-th `name`, else the i-th option); `mediaType` is the declared type, ignored (the stored
 * type is sniffed from the bytes).
 */
export const UploadListFieldsSchema = z.object({ id: oneOrMany, name: oneOrMany, mediaType: oneOrMany });
export type UploadListFields = z.infer<typeof UploadListFieldsSchema>;
/** The whole multipart body of `POST /files/uploadList/{id}` (`fileId` and `typeArch`: the spec's client's, unused). */
export const UploadListBodySchema = UploadListFieldsSchema.extend({
  files: z.array(UploadedFileSchema),
  fileId: z.string().optional(),
  typeArch: z.string().optional(),
});

export const FileOptionSchema = FileListSnapshotSchema.shape.options.element.extend({
  /** Where the option's file is served (`/files/media/...`), null before an upload. */
  url: z.string().nullable(),
});
export type FileOption = z.infer<typeof FileOptionSchema>;

/** A file list with its options, each option with its uploaded file. */
export const FileListSchema = FileListSnapshotSchema.extend({
  userId: z.number().int().nullable(),
  options: z.array(FileOptionSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type FileListResponse = z.infer<typeof FileListSchema>;
export const FileListPageSchema = pageOf('files', FileListSchema);
export type FileListPage = z.infer<typeof FileListPageSchema>;
