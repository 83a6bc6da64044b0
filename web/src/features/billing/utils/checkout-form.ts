import { z } from 'zod';

// The checkout's form schema lives apart from billing.ts: ExpiredGate (in the app shell, loaded on first paint)
// reads billing.ts, and zod belongs only to the lazily loaded pages.

export const COUNTRIES = ['BR', 'US'] as const;

const ZIP_FORMAT: Record<(typeof COUNTRIES)[number], RegExp> = {
  BR: /^\d{5}-?\d{3}$/,
  US: /^\d{5}(-\d{4})?$/,
};

/** Checkout step "Dados" (spec §5): every field required, with the spec's messages and the CEP format. */
export function checkoutSchema(messages: {
  fullName: string;
  address: string;
  city: string;
  zip: string;
  zipFormat: string;
  country: string;
}) {
  return z
    .object({
      firstName: z.string().trim().min(1, messages.fullName),
      address2: z.string().trim().min(1, messages.address),
      city: z.string().trim().min(1, messages.city),
      state: z.string().trim(),
      zipcode: z.string().trim().min(1, messages.zip),
      country: z.union([z.enum(COUNTRIES), z.literal('')]).refine((value) => value !== '', messages.country),
    })
    .superRefine((values, context) => {
      const format = values.country ? ZIP_FORMAT[values.country] : ZIP_FORMAT.BR;
      if (values.zipcode.trim() && !format.test(values.zipcode.trim())) {
        context.addIssue({ code: 'custom', path: ['zipcode'], message: messages.zipFormat });
      }
    });
}
export type CheckoutValues = z.input<ReturnType<typeof checkoutSchema>>;

/** The fields each step's "Next" validates. */
export const STEP_FIELDS: ReadonlyArray<ReadonlyArray<keyof CheckoutValues>> = [
  ['firstName', 'address2', 'city', 'state', 'zipcode', 'country'],
  [],
  [],
];
