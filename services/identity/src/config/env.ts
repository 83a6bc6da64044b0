import { z } from 'zod';
import { ServiceEnvSchema } from '@cs/platform/config';

export const IdentityEnvSchema = ServiceEnvSchema.extend({
  IDENTITY_PORT: z.coerce.number().int().min(0).max(65_535).default(4101),
});
export type IdentityConfig = z.infer<typeof IdentityEnvSchema>;
