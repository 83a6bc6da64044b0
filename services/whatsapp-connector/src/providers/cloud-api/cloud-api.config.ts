import { z } from 'zod';

/**
 * The Cloud API provider's part of the connector's environment (`ConnectorEnvSchema.extend(cloudApiEnvShape)`).
 * Tests point `WHATSAPP_GRAPH_URL` at a local fake Graph server.
 */
export const cloudApiEnvShape = {
  /** Meta's Graph API base URL, without the version. */
  WHATSAPP_GRAPH_URL: z.url().default('https://graph.facebook.com'),
  /** The Graph API version every call is made against (`v23.0`). */
  WHATSAPP_GRAPH_VERSION: z
    .string()
    .regex(/^v\d+\.\d+$/, 'a Graph API version such as v23.0')
    .default('v23.0'),
  /** How long one Graph call may take before it counts as failed. */
  WHATSAPP_GRAPH_TIMEOUT_MS: z.coerce.number().int().min(100).default(20_000),
};

export const CloudApiEnvSchema = z.object(cloudApiEnvShape);
export type CloudApiEnv = z.infer<typeof CloudApiEnvSchema>;
