import { z } from 'zod';
import { PageNumberSchema } from '@cs/proto/common';
import { NUMBER_MAX_LENGTH, NUMBER_MIN_LENGTH } from './phone-number.js';

/** The spec's contact form messages (core-operations.md §5). */
export const CONTACT_MESSAGES = {
  required: 'Required',
  tooShort: 'Too Short!',
  tooLong: 'Too Long!',
  invalidEmail: 'Invalid email',
  invalidNumber: 'Invalid number',
} as const;

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
  .min(NUMBER_MIN_LENGTH, CONTACT_MESSAGES.tooShort)
  .max(NUMBER_MAX_LENGTH, CONTACT_MESSAGES.tooLong);

/** Optional e-mail: empty or absent means none. */
export const ContactEmailSchema = z
  .string()
  .trim()
  .max(255, CONTACT_MESSAGES.invalidEmail)
  .refine((value) => value === '' || z.email().safeParse(value).success, CONTACT_MESSAGES.invalidEmail)
  .nullish()
  .transform((value) => (value ?? '').toLowerCase());

export const ExtraInfoInputSchema = z.object({
  id: z.coerce.number().int().positive().optional(),
  name: z.string({ error: CONTACT_MESSAGES.required }).trim().min(1, CONTACT_MESSAGES.required).max(255),
  value: z
    .union([z.string(), z.number()])
    .nullish()
    .transform((value) => (value === null || value === undefined ? '' : String(value))),
});

export const CreateContactSchema = z.object({
  name: ContactNameSchema,
  number: ContactNumberSchema,
  email: ContactEmailSchema,
  extraInfo: z.array(ExtraInfoInputSchema).max(100).optional(),
});
export type CreateContactInput = z.infer<typeof CreateContactSchema>;

export const UpdateContactSchema = CreateContactSchema;
export type UpdateContactInput = z.infer<typeof UpdateContactSchema>;

export const ListContactsQuerySchema = z.object({
  searchParam: z
    .string()
    .optional()
    .transform((value) => (value ?? '').trim().toLowerCase()),
  pageNumber: PageNumberSchema.optional().transform((value) => value ?? 1),
});
export type ListContactsQuery = z.infer<typeof ListContactsQuerySchema>;
