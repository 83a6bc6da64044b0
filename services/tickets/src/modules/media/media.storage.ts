import { Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import type { Logger } from 'pino';
import { APP_CONFIG } from '@cs/platform/config';
import { DomainError } from '@cs/platform/errors';
import { LOGGER } from '@cs/platform/logging';
import { MEDIA_OBJECT_STORE, MediaFiles, type ObjectStore } from '@cs/platform/storage';
import { assertAllowedUpload, isAllowedType, UPLOAD_ALLOW_LISTS, type UploadRoute } from '@cs/platform/uploads';
import type { TicketsConfig } from '../../config/env.js';

/**
 * A file to store: an upload route's, already streamed into the store (`key`, its `sniffedType`; `mediaUpload`),
 * or bytes in memory (a bot's reply).
 */
export interface UploadedFile {
  readonly originalname: string;
  readonly mimetype: string;
  readonly size: number;
  readonly buffer?: Buffer | undefined;
  readonly key?: string | undefined;
  readonly sniffedType?: string | undefined;
}

export const MEDIA_ROUTE = 'media/tickets';

export const IMAGE_TYPES = ['image/png', 'image/jpeg'] as const;
const MESSAGE_TYPES = UPLOAD_ALLOW_LISTS.messageMedia;

/** The streaming cap of the upload routes (`LimitedFilesInterceptor`): the configured largest upload. */
const maxUpload = (config: TicketsConfig): number => config.TICKETS_MEDIA_MAX_BYTES;

/**
 * An upload route's files (`LimitedFilesInterceptor`): sniffed as they arrive against `allowed` (415 at once),
 * size-limited while streaming (413 at once), and streamed into `<company>/<folder>/`, where `MediaStorage.save`
 * then finds them under the same folder.
 */
export function mediaUpload(
  folder: string,
  allowed: readonly string[] = MESSAGE_TYPES,
): UploadRoute<TicketsConfig, MediaStorage> {
  return {
    maxBytes: maxUpload,
    allowed,
    store: {
      provider: MediaStorage,
      target: (media, request) => media.files.uploadTarget(`${companyOf(request)}/${folder}`),
    },
  };
}

/** The caller's company: an agent's (the identity guard) or an external API token's (`ExternalTokenGuard`). */
function companyOf(request: Request): number {
  const caller = request as Request & {
    identity?: { companyId?: number };
    externalCaller?: { companyId?: number };
  };
  const companyId = caller.identity?.companyId ?? caller.externalCaller?.companyId;
  if (!companyId) throw new DomainError('ERR_SESSION_EXPIRED');
  return companyId;
}

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
   * Checks and stores a file under `<company>/<folder>/`. `allowed`: the allow-list, checked against the type
   * sniffed from the bytes (the declared type is ignored: an `.html` declared `image/png` is refused); spaces in the
   * name become underscores (`uploadName`). A route's upload (`mediaUpload`) is already there and is kept as is;
   * bytes in memory are written (503 when the store refuses the write).
   */
  async save(
    companyId: number,
    folder: string,
    file: UploadedFile | undefined,
    allowed: readonly string[] = MESSAGE_TYPES,
  ): Promise<{ path: string; name: string; mimeType: string }> {
    if (!file) throw new DomainError('ERR_VALIDATION', { message: 'Nenhum arquivo enviado.' });
    if (file.size > this.config.TICKETS_MEDIA_MAX_BYTES) throw new DomainError('ERR_PAYLOAD_TOO_LARGE');
    if (file.key !== undefined) {
      if (!file.sniffedType || !isAllowedType(file.sniffedType, allowed)) {
        throw new DomainError('ERR_UNSUPPORTED_MEDIA_TYPE');
      }
      return this.files.adoptUpload(`${companyId}/${folder}`, {
        originalname: file.originalname,
        key: file.key,
        sniffedType: file.sniffedType,
      });
    }
    if (!file.buffer) throw new DomainError('ERR_VALIDATION', { message: 'Nenhum arquivo enviado.' });
    const upload = { originalname: file.originalname, buffer: file.buffer };
    const mimeType = await assertAllowedUpload(upload, allowed);
    return this.files.saveUpload(`${companyId}/${folder}`, upload, mimeType);
  }

  /** Whether a URL is a stored file of another company (one company's upload is never sent by another). */
  isOtherCompanys(companyId: number, url: string): boolean {
    return this.files.isOtherCompanys(companyId, url);
  }

  async remove(path: string | null): Promise<void> {
    await this.files.remove(path);
  }
}
