import { z } from 'zod';
import { PG_INT_MAX } from '../common/ids.js';
import { PageNumberSchema } from '../common/pagination.js';
import {
  ContactListItemSnapshotSchema,
  ContactListSnapshotSchema,
  ContactSnapshotSchema,
} from '../events/contacts/snapshots.js';
import { IdParamSchema, pageOf, UploadedFileSchema } from './common.js';

/**
 * The contacts service's public routes (contacts, imports, contact lists and their items): request schemas the
 * service validates with, and the answers it gives.
 */

/** The spec's contact form messages (core-operations.md §5). */
export const CONTACT_MESSAGES = {
  required: 'Required',
  tooShort: 'Too Short!',
  tooLong: 'Too Long!',
  invalidEmail: 'Invalid email',
  invalidNumber: 'Invalid number',
} as const;

/** The spec's length rule for a number as typed (8 to 50 characters, before normalization to digits). */
export const CONTACT_NUMBER_MIN_LENGTH = 8;
export const CONTACT_NUMBER_MAX_LENGTH = 50;

export const ContactNameSchema = z
  .string({ error: CONTACT_MESSAGES.required })
  .trim()
  .min(1, CONTACT_MESSAGES.required)
  .min(2, CONTACT_MESSAGES.tooShort)
  .max(50, CONTACT_MESSAGES.tooLong);

export const ContactNumberSchema = z
  .string({ error: CONTACT_MESSAGES.required })
  .trim()
  .min(1, CONTACT_MESSAGES.required)
  .min(CONTACT_NUMBER_MIN_LENGTH, CONTACT_MESSAGES.tooShort)
  .max(CONTACT_NUMBER_MAX_LENGTH, CONTACT_MESSAGES.tooLong);

/** Optional e-mail: empty or absent means none. */
export const ContactEmailSchema = z
  .string()
  .trim()
  .max(255, CONTACT_MESSAGES.invalidEmail)
  .refine((value) => value === '' || z.email().safeParse(value).success, CONTACT_MESSAGES.invalidEmail)
  .nullish()
  .transform((value) => (value ?? '').toLowerCase());

export const ExtraInfoInputSchema = z.object({
  id: z.coerce.number().int().positive().max(PG_INT_MAX).optional(),
  name: z.string({ error: CONTACT_MESSAGES.required }).trim().min(1, CONTACT_MESSAGES.required).max(255),
  value: z
    .union([z.string(), z.number()])
    .nullish()
    .transform((value) => (value === null || value === undefined ? '' : String(value))),
});

/** `POST /contacts`, `PUT /contacts/{id}` (the whole contact). */
export const CreateContactSchema = z.object({
  name: ContactNameSchema,
  number: ContactNumberSchema,
  email: ContactEmailSchema,
  extraInfo: z.array(ExtraInfoInputSchema).max(100).optional(),
});
export type CreateContactInput = z.infer<typeof CreateContactSchema>;

export const UpdateContactSchema = CreateContactSchema;
export type UpdateContactInput = z.infer<typeof UpdateContactSchema>;

const searchParam = z
  .string()
  .optional()
  .transform((value) => (value ?? '').trim().toLowerCase());
const pageNumber = PageNumberSchema.optional().transform((value) => value ?? 1);

export const ListContactsQuerySchema = z.object({ searchParam, pageNumber });
export type ListContactsQuery = z.infer<typeof ListContactsQuerySchema>;

/** `GET /contacts/list?name=`: every contact, optionally those whose name contains `name`. */
export const SimpleContactListQuerySchema = z.object({ name: z.string().optional() });

/** A contact as the spec's clients read it: the snapshot plus upstream's `urlPicture` and `whatsappId`. */
export const ContactSchema = ContactSnapshotSchema.extend({
  urlPicture: z.string().nullable(),
  whatsappId: z.number().int().nullable(),
});
export type ContactResponse = z.infer<typeof ContactSchema>;
export const ContactPageSchema = pageOf('contacts', ContactSchema);
export type ContactPage = z.infer<typeof ContactPageSchema>;
export const ContactParamsSchema = z.object({ id: IdParamSchema });

/**
 * `GET /contact?number=&name=`: the caller's company's contact with that number, as a vCard. `number` is digits
 * (the stored number; a Brazilian mobile also matches with or without its ninth digit). `name` is upstream's
 * client's; it names the card only when the contact has no name.
 */
export const ContactVcardQuerySchema = z.object({
  number: z
    .string({ error: CONTACT_MESSAGES.required })
    .trim()
    .regex(/^\d{8,32}$/, CONTACT_MESSAGES.invalidNumber),
  name: z.string().trim().max(255).optional(),
});
export type ContactVcardQuery = z.infer<typeof ContactVcardQuerySchema>;

/** A contact as a vCard 3.0 (`text/vcard`): `FN` and `TEL;type=CELL;waid=<number>:+<number>`. */
export const ContactVcardSchema = z.string().meta({
  description: 'vCard 3.0: BEGIN:VCARD, VERSION:3.0, N, FN, TEL;type=CELL;waid=<number>:+<number>, END:VCARD (CRLF)',
});

// --- imports --------------------------------------------------------------------------------------------------

/** `POST /contacts/upload`, `POST /contact-lists/{id}/upload`: one spreadsheet (.csv, .xls, .xlsx) as `file`. */
export const SpreadsheetUploadSchema = z.object({ file: UploadedFileSchema });
/**
 * `POST /contacts/import`: a spreadsheet (`file`, multipart) imports it; without one (JSON), the phone's contacts
 * through a connection (`whatsappId`, else the default connection).
 */
export const ContactImportBodySchema = z.object({
  file: UploadedFileSchema.optional(),
  whatsappId: z.coerce.number().int().positive().max(PG_INT_MAX).nullish(),
});
/** The JSON form of `POST /contacts/import` (an invalid body imports from the default connection). */
export const PhoneImportBodySchema = ContactImportBodySchema.pick({ whatsappId: true }).catch({});

export const ImportParamsSchema = z.object({ id: z.uuid() });

/** What the import routes answer (and `GET /contacts/imports/{id}` shows): the running or final report. */
export const ImportReportSchema = z.object({
  id: z.string(),
  jobId: z.string(),
  status: z.enum(['queued', 'running', 'done', 'failed']),
  target: z.enum(['contacts', 'contact-list']),
  source: z.enum(['spreadsheet', 'phone']),
  contactListId: z.number().int().nullable(),
  fileName: z.string().nullable(),
  total: z.number().int(),
  processed: z.number().int(),
  imported: z.number().int(),
  merged: z.number().int(),
  invalid: z.number().int(),
  /** The invalid rows with their spreadsheet row numbers (the first 1,000). */
  invalidRows: z.array(z.object({ row: z.number().int(), reason: z.string() })),
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ImportReport = z.infer<typeof ImportReportSchema>;

// --- contact lists --------------------------------------------------------------------------------------------

export const ContactListBodySchema = z.object({
  name: z
    .string({ error: CONTACT_MESSAGES.required })
    .trim()
    .min(1, CONTACT_MESSAGES.required)
    .min(2, CONTACT_MESSAGES.tooShort)
    .max(50, CONTACT_MESSAGES.tooLong),
});
export type ContactListBody = z.infer<typeof ContactListBodySchema>;

export const ListContactListsQuerySchema = z.object({ searchParam, pageNumber });
export type ListContactListsQuery = z.infer<typeof ListContactListsQuerySchema>;

const listId = z.coerce
  .number({ error: CONTACT_MESSAGES.required })
  .int()
  .positive(CONTACT_MESSAGES.required)
  .max(PG_INT_MAX);

export const ListItemsQuerySchema = z.object({ searchParam, pageNumber, contactListId: listId.optional() });
export type ListItemsQuery = z.infer<typeof ListItemsQuerySchema>;

export const ContactListItemBodySchema = z.object({
  name: ContactNameSchema,
  number: ContactNumberSchema,
  email: ContactEmailSchema,
  contactListId: listId,
});
export type ContactListItemBody = z.infer<typeof ContactListItemBodySchema>;

export const ContactListSchema = ContactListSnapshotSchema.extend({ createdAt: z.string(), updatedAt: z.string() });
export type ContactListResponse = z.infer<typeof ContactListSchema>;
export const ContactListPageSchema = pageOf('records', ContactListSchema);
export const ContactListItemSchema = ContactListItemSnapshotSchema.extend({
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ContactListItemResponse = z.infer<typeof ContactListItemSchema>;
export const ContactListItemPageSchema = pageOf('contacts', ContactListItemSchema);
