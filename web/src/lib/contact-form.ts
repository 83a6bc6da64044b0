import { z } from 'zod';
import { CreateContactSchema } from '@cs/proto/http';
import { textField } from './form-rules';

const MESSAGES = { required: 'Required', tooShort: 'Too Short!', tooLong: 'Too Long!' };

/**
 * The spec's contact rules (§5) with its exact messages: name required, 2 to 50; number required, 8 to 50; email
 * valid or empty. A contact list's item is this; a contact also has its extra information fields.
 */
export const ContactFieldsSchema = z.object({
  name: textField(CreateContactSchema.shape.name, MESSAGES),
  number: textField(CreateContactSchema.shape.number, MESSAGES),
  email: z.union([z.literal(''), z.email('Invalid email')]),
});

export const ContactFormSchema = ContactFieldsSchema.extend({
  extraInfo: z.array(z.object({ name: z.string().trim(), value: z.string() })),
});

export type ContactFormValues = z.input<typeof ContactFormSchema>;
