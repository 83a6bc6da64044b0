import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { extname, join, resolve } from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { APP_CONFIG } from '@cs/platform/config';
import { DomainError } from '@cs/platform/errors';
import { LOGGER } from '@cs/platform/logging';
import { S3ObjectStore, type StoredObject } from '@cs/platform/storage';
import { assertAllowedUpload, UPLOAD_ALLOW_LISTS } from '@cs/platform/uploads';
import type { CampaignsConfig } from '../../config/env.js';

/** An uploaded file as multer's memory storage hands it over. */
export interface UploadedFile {
  readonly originalname: string;
  readonly mimetype: string;
  readonly size: number;
  readonly buffer: Buffer;
}

export const MEDIA_ROUTE = 'files/media';

/**
 * What a campaign or a file-list option may carry: what a WhatsApp message carries (pictures, audio, video, PDF,
 * office documents, plain text and CSV), checked against the type sniffed from the bytes. HTML, SVG and XHTML
 * never pass, whatever the declared type or the name.
 */
export const CAMPAIGN_MEDIA_TYPES = UPLOAD_ALLOW_LISTS.messageMedia;

/** The streaming cap of the upload routes (`LimitedFilesInterceptor`): the configured largest upload. */
export const maxUpload = (config: CampaignsConfig): number => config.CAMPAIGNS_MEDIA_MAX_BYTES;

/**
 * A path of ours: `<company>/<campaign|fileList>/<id>/<uuid>-<name>`, no dot-led, empty or control-character
 * segment. Anything else (`..`, other objects of a shared bucket) is never read, served or deleted.
 */
export const isStoredPath = (path: string): boolean =>
  /^\d+\/(campaign|fileList)\/\d+\/[^/]+$/.test(path) &&
  !path.split('/').some((segment) => segment.startsWith('.')) &&
  // eslint-disable-next-line no-control-regex
  !/[\u0000-\u001f\u007f\\]/.test(path);

/** The S3 store `config` selects (a bucket is set), or null for the local folder. */
export function s3StoreFor(config: CampaignsConfig): S3ObjectStore | null {
  const bucket = config.CAMPAIGNS_MEDIA_S3_BUCKET;
  if (!bucket) return null;
  const accessKeyId = config.CAMPAIGNS_MEDIA_S3_ACCESS_KEY_ID;
  const secretAccessKey = config.CAMPAIGNS_MEDIA_S3_SECRET_ACCESS_KEY;
  if (!accessKeyId || !secretAccessKey) {
    throw new Error(
      'CAMPAIGNS_MEDIA_S3_BUCKET is set: CAMPAIGNS_MEDIA_S3_ACCESS_KEY_ID and CAMPAIGNS_MEDIA_S3_SECRET_ACCESS_KEY are required',
    );
  }
  return new S3ObjectStore({
    bucket,
    endpoint: config.CAMPAIGNS_MEDIA_S3_ENDPOINT,
    region: config.CAMPAIGNS_MEDIA_S3_REGION,
    accessKeyId,
    secretAccessKey,
    forcePathStyle: config.CAMPAIGNS_MEDIA_S3_FORCE_PATH_STYLE,
  });
}

/**
 * Campaign media and file-list files, stored like the connector's media: in the local folder
 * `CAMPAIGNS_MEDIA_DIR` by default, or as objects of an S3-compatible bucket when `CAMPAIGNS_MEDIA_S3_BUCKET` is
 * set. Either way a file's path is `<company>/<folder>/<uuid>-<name>` (the random part makes URLs unguessable) and
 * it is served at `/files/media/<path>` behind the gateway, where the connector downloads what a campaign sends;
 * a bucket never has to be public.
 */
@Injectable()
export class MediaStorage {
  private readonly dir: string;
  /** The bucket, when configured; null: the local folder. */
  readonly s3: S3ObjectStore | null;
  private readonly logger: Logger;

  constructor(
    @Inject(APP_CONFIG) private readonly config: CampaignsConfig,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.dir = resolve(config.CAMPAIGNS_MEDIA_DIR);
    this.s3 = s3StoreFor(config);
    this.logger = logger.child({ component: 'media', backend: this.s3 ? 's3' : 'local' });
    if (this.s3) this.logger.info({ location: this.s3.location }, 'campaign media stored in an S3-compatible bucket');
  }

  get root(): string {
    return this.dir;
  }

  urlOf(path: string): string {
    return `${this.config.PUBLIC_URL.replace(/\/$/, '')}/${MEDIA_ROUTE}/${path}`;
  }

  /**
   * The sniffed type of an upload the routes accept (the declared type is ignored: an `.html` named `.png` and
   * declared `image/png` is refused with 415); 413 above the size limit (already enforced while streaming).
   */
  async check(file: UploadedFile | undefined): Promise<string> {
    if (!file) throw new DomainError('ERR_VALIDATION', { message: 'Nenhum arquivo enviado.' });
    if (file.size > this.config.CAMPAIGNS_MEDIA_MAX_BYTES) throw new DomainError('ERR_PAYLOAD_TOO_LARGE');
    return assertAllowedUpload(file, CAMPAIGN_MEDIA_TYPES);
  }

  /** Checks (`check`) and stores a file; the stored type is the sniffed one. */
  async save(
    companyId: number,
    folder: string,
    file: UploadedFile | undefined,
  ): Promise<{ path: string; name: string; mimeType: string }> {
    if (!file) throw new DomainError('ERR_VALIDATION', { message: 'Nenhum arquivo enviado.' });
    const mimeType = await this.check(file);
    const name = Buffer.from(file.originalname, 'latin1').toString('utf8').replace(/\s+/g, '_').replace(/[/\\]/g, '_');
    const safe = name.replace(/[^\w.\-À-ÿ]/g, '_').slice(-120) || `arquivo${extname(name)}`;
    const relative = `${companyId}/${folder}/${randomUUID()}-${safe}`;
    if (this.s3) {
      try {
        await this.s3.write(relative, file.buffer, mimeType);
      } catch (error) {
        this.logger.error({ err: error, path: relative }, 'storing an upload in the bucket failed');
        throw new DomainError('ERR_SERVICE_UNAVAILABLE');
      }
      return { path: relative, name, mimeType };
    }
    await mkdir(join(this.dir, `${companyId}`, folder), { recursive: true });
    await writeFile(join(this.dir, relative), file.buffer);
    return { path: relative, name, mimeType };
  }

  /** Removes a stored file; a failure leaves an unreachable orphan (logged), never fails the caller's change. */
  async remove(path: string | null): Promise<void> {
    if (!path) return;
    if (this.s3) {
      if (!isStoredPath(path)) return;
      await this.s3.delete(path).catch((error: unknown) => {
        this.logger.warn({ err: error, path }, 'removing an object from the bucket failed');
      });
      return;
    }
    const absolute = resolve(this.dir, path);
    if (!absolute.startsWith(`${this.dir}/`)) return;
    await rm(absolute, { force: true });
  }

  resolvePath(path: string): string | null {
    const absolute = resolve(this.dir, path);
    return absolute.startsWith(`${this.dir}/`) ? absolute : null;
  }

  /** Reads an object from the bucket (`range`: the client's `Range` header), or null when there is none. */
  async open(path: string, range?: string): Promise<StoredObject | null> {
    if (!this.s3 || !isStoredPath(path)) return null;
    return this.s3.open(path, range);
  }
}
