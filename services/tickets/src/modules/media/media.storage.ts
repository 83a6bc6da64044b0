import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { APP_CONFIG } from '@cs/platform/config';
import { DomainError } from '@cs/platform/errors';
import { LOGGER } from '@cs/platform/logging';
import { MEDIA_OBJECT_STORE, MediaFiles, type ObjectStore } from '@cs/platform/storage';
import { assertAllowedUpload, UPLOAD_ALLOW_LISTS } from '@cs/platform/uploads';
import type { TicketsConfig } from '../../config/env.js';

/** An uploaded file as multer's memory storage hands it over. */
export interface UploadedFile {
  readonly originalname: string;
  readonly mimetype: string;
  readonly size: number;
  readonly buffer: Buffer;
}

export const MEDIA_ROUTE = 'media/tickets';

export const IMAGE_TYPES = ['image/png', 'image/jpeg'] as const;
const MESSAGE_TYPES = UPLOAD_ALLOW_LISTS.messageMedia;

/** The streaming cap of the upload routes (`LimitedFilesInterceptor`): the configured largest upload. */
export const maxUpload = (config: TicketsConfig): number => config.TICKETS_MEDIA_MAX_BYTES;

/** Tickets' keys: `<company>/<folder>/<uuid>-<name>`, the folder a word (`messages`, `queues`, `quick-messages`...). */
const LAYOUT = /^\d+\/[a-z][a-z-]*\/[^/]+$/;

/**
 * Tickets' media (messages, queues and their options, quick messages, schedules) in the platform's media store
 * (`MEDIA_DIR`, or the bucket of `MEDIA_S3_*`), under `<company>/<folder>/<uuid>-<name>`, served by
 * `MediaController` at `/media/tickets/<path>` behind the gateway.
 */
@Injectable()
export class MediaStorage {
  readonly files: MediaFiles;

  constructor(
    @Inject(APP_CONFIG) private readonly config: TicketsConfig,
    @Inject(MEDIA_OBJECT_STORE) store: ObjectStore,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.files = new MediaFiles(store, { publicUrl: config.PUBLIC_URL, route: MEDIA_ROUTE, layout: LAYOUT, logger });
  }

  /** The public URL of a stored path. */
  urlOf(path: string): string {
    return this.files.urlOf(path);
  }

  /**
   * Checks and stores a file. `allowed`: the route's allow-list, checked against the type sniffed from the bytes
   * (the declared type is ignored: an `.html` declared `image/png` is refused); spaces in the name become
   * underscores (`MediaFiles.saveUpload`). 503 when the store refuses the write.
   */
  async save(
    companyId: number,
    folder: string,
    file: UploadedFile | undefined,
    allowed: readonly string[] = MESSAGE_TYPES,
  ): Promise<{ path: string; name: string; mimeType: string }> {
    if (!file) throw new DomainError('ERR_VALIDATION', { message: 'Nenhum arquivo enviado.' });
    if (file.size > this.config.TICKETS_MEDIA_MAX_BYTES) throw new DomainError('ERR_PAYLOAD_TOO_LARGE');
    const mimeType = await assertAllowedUpload(file, allowed);
    return this.files.saveUpload(`${companyId}/${folder}`, file, mimeType);
  }

  /** Whether a URL is a stored file of another company (one company's upload is never sent by another). */
  isOtherCompanys(companyId: number, url: string): boolean {
    return this.files.isOtherCompanys(companyId, url);
  }

  async remove(path: string | null): Promise<void> {
    await this.files.remove(path);
  }
}
