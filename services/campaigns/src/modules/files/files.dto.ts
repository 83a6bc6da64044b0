import { z } from 'zod';
import { PageNumberSchema } from '@cs/proto/common';

export const FILE_MESSAGES = { required: 'Required', tooShort: 'nome muito curto', tooLong: 'Too Long!' } as const;

const optionSchema = z.object({
  id: z.coerce.number().int().positive().optional(),
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
  options: z.array(optionSchema).max(50, FILE_MESSAGES.tooLong).default([]),
});
export type FileListBody = z.infer<typeof FileListBodySchema>;

export const ListFilesQuerySchema = z.object({
  searchParam: z
    .string()
    .optional()
    .transform((value) => (value ?? '').trim().toLowerCase()),
  pageNumber: PageNumberSchema.optional().transform((value) => value ?? 1),
});
export type ListFilesQuery = z.infer<typeof ListFilesQuerySchema>;

const oneOrMany = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]));

/** The form fields of `POST /files/uploadList/{id}` next to its `files` (the i-th file goes to the i-th id). */
export const UploadListFieldsSchema = z.object({ id: oneOrMany, name: oneOrMany, mediaType: oneOrMany });
