import { z } from 'zod';
import { ServiceEnvSchema } from '@cs/platform/config';
import { mediaStorageEnv } from '@cs/platform/storage';

export const CampaignsEnvSchema = ServiceEnvSchema.extend({
  CAMPAIGNS_PORT: z.coerce.number().int().min(0).max(65_535).default(4105),
  /** pg-boss's schema for the dispatch jobs (a test may give a process its own queue). */
  CAMPAIGNS_JOBS_SCHEMA: z
    .string()
    .regex(/^[a-z][a-z0-9_]*$/)
    .default('campaigns_jobs'),
  /** Where campaign media and file-list files are stored (served at `/files/media/...` behind the gateway). */
  ...mediaStorageEnv('.data/campaigns-media'),
  /** The largest accepted upload (campaign media, file-list options). */
  CAMPAIGNS_MEDIA_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(16 * 1024 * 1024),
  /** The gateway's public URL, shared with tickets and the connector: campaign media is served under it. */
  PUBLIC_URL: z.url().default('http://localhost:8080'),
  /** How long a confirmation request waits for the contact's reply before the campaign can finish (hours). */
  CAMPAIGNS_CONFIRMATION_WINDOW_HOURS: z.coerce.number().min(0).max(720).default(24),
  /**
   * A running campaign with work left and no send for this long has lost its dispatch chain (a pod killed mid-run)
   * and gets a new one; every pod looks twice per period.
   */
  CAMPAIGNS_STALLED_AFTER_SECONDS: z.coerce.number().int().min(5).max(3_600).default(60),
});
export type CampaignsConfig = z.infer<typeof CampaignsEnvSchema>;
