import { z } from 'zod';
import { PageNumberSchema } from '@cs/proto/common';
import {
  CONTACT_MESSAGES,
  ContactEmailSchema,
  ContactNameSchema,
  ContactNumberSchema,
} from '../contacts/contacts.dto.js';

export const ContactListBodySchema = z.object({
  name: z
    .string({ error: CONTACT_MESSAGES.required })
    .trim()
    .min(1, CONTACT_MESSAGES.required)
    .min(2, CONTACT_MESSAGES.tooShort)
    .max(50, CONTACT_MESSAGES.tooLong),
});
export type ContactListBody = z.infer<typeof ContactListBodySchema>;

const searchParam = z
  .string()
  .optional()
  .transform((value) => (value ?? '').trim().toLowerCase());
const pageNumber = PageNumberSchema.optional().transform((value) => value ?? 1);

export const ListContactListsQuerySchema = z.object({ searchParam, pageNumber });
export type ListContactListsQuery = z.infer<typeof ListContactListsQuerySchema>;

const listId = z.coerce.number({ error: CONTACT_MESSAGES.required }).int().positive(CONTACT_MESSAGES.required);

export const ListItemsQuerySchema = z.object({ searchParam, pageNumber, contactListId: listId.optional() });
export type ListItemsQuery = z.infer<typeof ListItemsQuerySchema>;

export const ContactListItemBodySchema = z.object({
  name: ContactNameSchema,
  number: ContactNumberSchema,
  email: ContactEmailSchema,
  contactListId: listId,
});
export type ContactListItemBody = z.infer<typeof ContactListItemBodySchema>;
