import { z } from 'zod';
import { sensitive, ServiceEnvSchema } from '@cs/platform/config';

const flag = z.enum(['true', 'false']).transform((value) => value === 'true');

export const CampaignsEnvSchema = ServiceEnvSchema.extend({
  CAMPAIGNS_PORT: z.coerce.number().int().min(0).max(65_535).default(4105),
  /** pg-boss's schema for the dispatch jobs (a test may give a process its own queue). */
  CAMPAIGNS_JOBS_SCHEMA: z
    .string()
    .regex(/^[a-z][a-z0-9_]*$/)
    .default('campaigns_jobs'),
  /** Where campaign media and file-list files are stored (served at `/files/media/...` behind the gateway). */
  CAMPAIGNS_MEDIA_DIR: z.string().min(1).default('.data/campaigns-media'),
  /**
   * S3-compatible storage (AWS, MinIO, R2, Wasabi...) instead of the folder, when a bucket is set (then both keys
   * are required), like the connector's `WHATSAPP_MEDIA_S3_*`. Path-style URLs (`<endpoint>/<bucket>/<key>`)
   * unless `CAMPAIGNS_MEDIA_S3_FORCE_PATH_STYLE=false`. Operator configuration, never a tenant's URL.
   */
  CAMPAIGNS_MEDIA_S3_BUCKET: z.string().min(1).optional(),
  /** Default: AWS (`https://s3.<region>.amazonaws.com`). */
  CAMPAIGNS_MEDIA_S3_ENDPOINT: z.url().optional(),
  CAMPAIGNS_MEDIA_S3_REGION: z.string().min(1).default('us-east-1'),
  CAMPAIGNS_MEDIA_S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  CAMPAIGNS_MEDIA_S3_SECRET_ACCESS_KEY: sensitive(z.string().min(1)).optional(),
  CAMPAIGNS_MEDIA_S3_FORCE_PATH_STYLE: flag.default(true),
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
