import { Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import type { Logger } from 'pino';
import { APP_CONFIG } from '@cs/platform/config';
import type { ErrorCode } from '@cs/proto/errors';
import { DomainError } from '@cs/platform/errors';
import { IdPipe } from '@cs/platform/http';
import { LOGGER } from '@cs/platform/logging';
import { MEDIA_OBJECT_STORE, MediaFiles, type ObjectStore } from '@cs/platform/storage';
import { isAllowedType, UPLOAD_ALLOW_LISTS, type UploadRoute } from '@cs/platform/uploads';
import type { CampaignsConfig } from '../../config/env.js';

/** An upload as the routes hand it over (`mediaUpload`): already in the store under `key`, its type sniffed. */
export interface UploadedFile {
  readonly originalname: string;
  readonly mimetype: string;
  readonly size: number;
  readonly key: string;
  readonly sniffedType: string;
}

export const MEDIA_ROUTE = 'files/media';

/**
 * What a campaign or a file-list option may carry: what a WhatsApp message carries (pictures, audio, video, PDF,
 * office documents, plain text and CSV), checked against the type sniffed from the bytes. HTML, SVG and XHTML
 * never pass, whatever the declared type or the name.
 */
export const CAMPAIGN_MEDIA_TYPES = UPLOAD_ALLOW_LISTS.messageMedia;

/**
 * An upload route's files (`LimitedFilesInterceptor`): sniffed as they arrive against `CAMPAIGN_MEDIA_TYPES` (415
 * at once), size-limited while streaming (413 at once; the configured largest upload) and streamed into
 * `<company>/<kind>/<id>/`, `id` the route's `:id` (`notFound` when it is not an id).
 */
export function mediaUpload(
  kind: 'campaign' | 'fileList',
  notFound: ErrorCode,
): UploadRoute<CampaignsConfig, MediaStorage> {
  const ids = new IdPipe(notFound);
  return {
    maxBytes: (config) => config.CAMPAIGNS_MEDIA_MAX_BYTES,
    allowed: CAMPAIGN_MEDIA_TYPES,
    store: {
      provider: MediaStorage,
      target: (media, request) =>
        media.files.uploadTarget(`${companyOf(request)}/${kind}/${ids.transform(String(request.params['id']))}`),
    },
  };
}

function companyOf(request: Request): number {
  const companyId = (request as Request & { identity?: { companyId?: number } }).identity?.companyId;
  if (!companyId) throw new DomainError('ERR_SESSION_EXPIRED');
  return companyId;
}

/** Campaigns' keys: `<company>/<campaign|fileList>/<id>/<uuid>-<name>`. */
const LAYOUT = /^\d+\/(campaign|fileList)\/\d+\/[^/]+$/;

/**
 * Campaign media and file-list files in the platform's media store (`MEDIA_DIR`, or the bucket of `MEDIA_S3_*`),
 * under `<company>/<campaign|fileList>/<id>/<uuid>-<name>`, served at `/files/media/<path>` behind the gateway,
 * where the connector downloads what a campaign sends; a bucket never has to be public.
 */
@Injectable()
export class MediaStorage {
  readonly files: MediaFiles;

  constructor(
    @Inject(APP_CONFIG) private readonly config: CampaignsConfig,
    @Inject(MEDIA_OBJECT_STORE) store: ObjectStore,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.files = new MediaFiles(store, { publicUrl: config.PUBLIC_URL, route: MEDIA_ROUTE, layout: LAYOUT, logger });
    if (store.kind === 's3') this.files.logger.info({ location: store.location }, 'campaign media stored in a bucket');
  }

  urlOf(path: string): string {
    return this.files.urlOf(path);
  }

  /**
   * The sniffed type of an upload the routes accept (the declared type is ignored: an `.html` named `.png` and
   * declared `image/png` is refused with 415); 413 above the size limit (both already enforced while streaming).
   */
  check(file: UploadedFile | undefined): string {
    if (!file) throw new DomainError('ERR_VALIDATION', { message: 'Nenhum arquivo enviado.' });
    if (file.size > this.config.CAMPAIGNS_MEDIA_MAX_BYTES) throw new DomainError('ERR_PAYLOAD_TOO_LARGE');
    if (!isAllowedType(file.sniffedType, CAMPAIGN_MEDIA_TYPES)) throw new DomainError('ERR_UNSUPPORTED_MEDIA_TYPE');
    return file.sniffedType;
  }

  /** Checks (`check`) and keeps a route's upload, streamed under `<company>/<folder>/` (`mediaUpload`). */
  save(
    companyId: number,
    folder: string,
    file: UploadedFile | undefined,
  ): { path: string; name: string; mimeType: string } {
    this.check(file);
    return this.files.adoptUpload(`${companyId}/${folder}`, file!);
  }

  /** Removes a stored file; a failure leaves an unreachable orphan (logged), never fails the caller's change. */
  async remove(path: string | null): Promise<void> {
    await this.files.remove(path);
  }
}
