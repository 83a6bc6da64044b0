import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { APP_CONFIG } from '@cs/platform/config';
import { DomainError } from '@cs/platform/errors';
import { LOGGER } from '@cs/platform/logging';
import { MEDIA_OBJECT_STORE, MediaFiles, type ObjectStore } from '@cs/platform/storage';
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
   * declared `image/png` is refused with 415); 413 above the size limit (already enforced while streaming).
   */
  async check(file: UploadedFile | undefined): Promise<string> {
    if (!file) throw new DomainError('ERR_VALIDATION', { message: 'Nenhum arquivo enviado.' });
    if (file.size > this.config.CAMPAIGNS_MEDIA_MAX_BYTES) throw new DomainError('ERR_PAYLOAD_TOO_LARGE');
    return assertAllowedUpload(file, CAMPAIGN_MEDIA_TYPES);
  }

  /** Checks (`check`) and stores a file; the stored type is the sniffed one. 503 when the store refuses the write. */
  async save(
    companyId: number,
    folder: string,
    file: UploadedFile | undefined,
  ): Promise<{ path: string; name: string; mimeType: string }> {
    if (!file) throw new DomainError('ERR_VALIDATION', { message: 'Nenhum arquivo enviado.' });
    const mimeType = await this.check(file);
    return this.files.saveUpload(`${companyId}/${folder}`, file, mimeType);
  }

  /** Removes a stored file; a failure leaves an unreachable orphan (logged), never fails the caller's change. */
  async remove(path: string | null): Promise<void> {
    await this.files.remove(path);
  }
}
