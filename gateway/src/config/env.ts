import { z } from 'zod';
import { BaseEnvSchema, listFromEnv } from '@cs/platform/config';

const serviceUrl = z.url().optional();

export const GatewayEnvSchema = BaseEnvSchema.extend({
  GATEWAY_PORT: z.coerce.number().int().min(0).max(65_535).default(8080),
  /** Browser origins allowed to call the API with credentials (the web client). */
  CORS_ORIGINS: listFromEnv.default(['http://localhost:5173', 'http://127.0.0.1:5173']),
  /** Request body limit for proxied calls (uploads go through multipart). */
  GATEWAY_BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1_024)
    .default(25 * 1024 * 1024),
  IDENTITY_URL: serviceUrl,
  TICKETS_URL: serviceUrl,
  CONTACTS_URL: serviceUrl,
  WHATSAPP_CONNECTOR_URL: serviceUrl,
  CAMPAIGNS_URL: serviceUrl,
  BILLING_URL: serviceUrl,
});
export type GatewayConfig = z.infer<typeof GatewayEnvSchema>;
