import type { Provider } from '@nestjs/common';
import { z } from 'zod';
import { APP_CONFIG } from '../config/config.module.js';
import { booleanFromEnv, sensitive } from '../config/env.js';
import { LocalObjectStore } from './local-object-store.js';
import type { ObjectStore } from './object-store.js';
import { S3ObjectStore } from './s3-object-store.js';

/**
 * The media settings of every service that stores files, under the same names everywhere: a local folder
 * (`MEDIA_DIR`, the default) or, when `MEDIA_S3_BUCKET` is set, an S3-compatible bucket (then both keys are
 * required, and no folder is written). Path-style URLs (`<endpoint>/<bucket>/<key>`, MinIO and most
 * S3-compatibles) unless `MEDIA_S3_FORCE_PATH_STYLE=false`. Operator configuration, never a tenant's URL. Services
 * sharing a folder or a bucket (the one-machine shape, one bucket for the platform) never meet: each keeps its
 * own key layout and reads nothing else. The per-service names they replaced (`TICKETS_MEDIA_DIR`,
 * `WHATSAPP_MEDIA_S3_BUCKET`...) stop the boot (`loadConfig`). Spread into a service's env schema:
 * `...mediaStorageEnv('.data/media')`.
 */
export const mediaStorageEnv = (defaultDir: string) =>
  ({
    MEDIA_DIR: z.string().min(1).default(defaultDir),
    MEDIA_S3_BUCKET: z.string().min(1).optional(),
    /** Default: AWS (`https://s3.<region>.amazonaws.com`); MinIO, R2, Wasabi... by their URL. */
    MEDIA_S3_ENDPOINT: z.url().optional(),
    MEDIA_S3_REGION: z.string().min(1).default('us-east-1'),
    MEDIA_S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    MEDIA_S3_SECRET_ACCESS_KEY: sensitive(z.string().min(1)).optional(),
    MEDIA_S3_FORCE_PATH_STYLE: booleanFromEnv.default(true),
  }) as const;

/** The parsed media settings (`mediaStorageEnv`). */
export interface MediaStorageConfig {
  readonly MEDIA_DIR: string;
  readonly MEDIA_S3_BUCKET?: string | undefined;
  readonly MEDIA_S3_ENDPOINT?: string | undefined;
  readonly MEDIA_S3_REGION: string;
  readonly MEDIA_S3_ACCESS_KEY_ID?: string | undefined;
  readonly MEDIA_S3_SECRET_ACCESS_KEY?: string | undefined;
  readonly MEDIA_S3_FORCE_PATH_STYLE: boolean;
}

/** The store the settings select: the bucket when `MEDIA_S3_BUCKET` is set (with both keys), else the folder. */
export function mediaObjectStore(config: MediaStorageConfig): ObjectStore {
  const bucket = config.MEDIA_S3_BUCKET;
  if (!bucket) return new LocalObjectStore(config.MEDIA_DIR);
  const accessKeyId = config.MEDIA_S3_ACCESS_KEY_ID;
  const secretAccessKey = config.MEDIA_S3_SECRET_ACCESS_KEY;
  if (!accessKeyId || !secretAccessKey) {
    throw new Error('MEDIA_S3_BUCKET is set: MEDIA_S3_ACCESS_KEY_ID and MEDIA_S3_SECRET_ACCESS_KEY are required');
  }
  return new S3ObjectStore({
    bucket,
    endpoint: config.MEDIA_S3_ENDPOINT,
    region: config.MEDIA_S3_REGION,
    accessKeyId,
    secretAccessKey,
    forcePathStyle: config.MEDIA_S3_FORCE_PATH_STYLE,
  });
}

/** The injection token of the service's media store. */
export const MEDIA_OBJECT_STORE = Symbol('MEDIA_OBJECT_STORE');

/** Provides `MEDIA_OBJECT_STORE` from the service's config (`mediaObjectStore`). */
export const mediaObjectStoreProvider: Provider = {
  provide: MEDIA_OBJECT_STORE,
  inject: [APP_CONFIG],
  useFactory: (config: MediaStorageConfig) => mediaObjectStore(config),
};
