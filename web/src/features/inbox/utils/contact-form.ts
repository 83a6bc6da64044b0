import { z } from 'zod';

export interface ContactFormValues {
  name: string;
  number: string;
  email: string;
  extraInfo: Array<{ name: string; value: string }>;
}

/** The spec's contact rules (§5) with its exact messages. */
export const ContactFormSchema = z.object({
  name: z.string().trim().min(1, 'Required').min(2, 'Too Short!').max(50, 'Too Long!'),
  number: z.string().trim().min(8, 'Too Short!').max(50, 'Too Long!'),
  email: z.union([z.literal(''), z.email('Invalid email')]),
  extraInfo: z.array(z.object({ name: z.string(), value: z.string() })),
});

/** Internal notes need at least this many characters. */
export const NOTE_MIN = 2;
