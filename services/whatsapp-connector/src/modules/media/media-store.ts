import { randomUUID } from 'node:crypto';
import { basename } from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { APP_CONFIG } from '@cs/platform/config';
import { LOGGER } from '@cs/platform/logging';
import type { ConnectorConfig } from '../../config/env.js';
import { type MediaStore, MediaRejectedError } from '../../providers/provider.port.js';
import { LocalMediaBackend, EXTENSIONS, mimeOf } from './local-media.backend.js';
import { isMediaKey, MEDIA_BACKEND, type MediaBackend } from './media-backend.js';
import { S3Error, S3MediaBackend } from './s3-media.backend.js';

export const MEDIA_ROUTE = 'media/whatsapp';

/** MIME types WhatsApp carries that we store (anything else is refused with `MediaRejectedError`). */
const ALLOWED =
  /^(image\/(jpeg|png|webp|gif)|video\/(mp4|3gpp|quicktime)|audio\/(ogg|mpeg|mp4|aac|amr|wav|webm)|application\/(pdf|zip|msword|vnd\.[\w.+-]+|octet-stream)|text\/(plain|csv|vcard|x-vcard))(;.*)?$/;

/**
 * The storage refused a write for good (S3: wrong credentials, no permission, no bucket): the message is kept
 * without its media, as for any `MediaRejectedError`, and the store logs the cause at error level.
 */
export class MediaStorageError extends MediaRejectedError {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super('unreadable', message);
    this.name = 'MediaStorageError';
  }
}

/** The backend `config` selects: an S3-compatible bucket when `WHATSAPP_MEDIA_S3_BUCKET` is set, else the folder. */
export function mediaBackendFor(config: ConnectorConfig): MediaBackend {
  const bucket = config.WHATSAPP_MEDIA_S3_BUCKET;
  if (!bucket) return new LocalMediaBackend(config.WHATSAPP_MEDIA_DIR);
  const accessKeyId = config.WHATSAPP_MEDIA_S3_ACCESS_KEY_ID;
  const secretAccessKey = config.WHATSAPP_MEDIA_S3_SECRET_ACCESS_KEY;
  if (!accessKeyId || !secretAccessKey) {
    throw new Error(
      'WHATSAPP_MEDIA_S3_BUCKET is set: WHATSAPP_MEDIA_S3_ACCESS_KEY_ID and WHATSAPP_MEDIA_S3_SECRET_ACCESS_KEY are required',
    );
  }
  return new S3MediaBackend({
    bucket,
    endpoint: config.WHATSAPP_MEDIA_S3_ENDPOINT,
    region: config.WHATSAPP_MEDIA_S3_REGION,
    accessKeyId,
    secretAccessKey,
    forcePathStyle: config.WHATSAPP_MEDIA_S3_FORCE_PATH_STYLE,
  });
}

/**
 * Media stored once, under `<company>/<connection>/<uuid>-<name>` (the random part makes the URL unguessable), in
 * the backend chosen from config (`mediaBackendFor`: local folder `WHATSAPP_MEDIA_DIR`, or an S3-compatible bucket),
 * served at `${PUBLIC_URL}/media/whatsapp/<key>` by `MediaController` whatever the backend.
 */
@Injectable()
export class MediaStoreService implements MediaStore {
  private readonly logger: Logger;

  constructor(
    @Inject(APP_CONFIG) private readonly config: ConnectorConfig,
    @Inject(MEDIA_BACKEND) readonly backend: MediaBackend,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.logger = logger.child({ component: 'media', backend: backend.kind });
  }

  private get prefix(): string {
    return `${this.config.PUBLIC_URL.replace(/\/$/, '')}/${MEDIA_ROUTE}/`;
  }

  async put(input: Parameters<MediaStore['put']>[0]): ReturnType<MediaStore['put']> {
    const mimeType = input.mimeType.toLowerCase();
    if (!ALLOWED.test(mimeType)) {
      throw new MediaRejectedError('type-not-allowed', `media type ${mimeType} is not accepted`);
    }
    const data = await this.collect(input.data);
    const safe =
      (input.fileName ?? '')
        .replace(/[/\\]/g, '_')
        .replace(/[^\w.\-À-ÿ]/g, '_')
        .replace(/^\.+/, '')
        .slice(-120) || `arquivo${EXTENSIONS[mimeType.split(';')[0] ?? ''] ?? ''}`;
    const key = `${input.companyId}/${input.connectionId}/${randomUUID()}-${safe}`;
    try {
      await this.backend.write(key, data, mimeType);
    } catch (error) {
      if (error instanceof S3Error && error.permanent) {
        // a configuration problem (credentials, permissions, bucket): say so loudly, keep the message
        this.logger.error(
          { status: error.status, code: error.code, companyId: input.companyId, connectionId: input.connectionId },
          `media storage refused the file (${error.message}); check the WHATSAPP_MEDIA_S3_* settings`,
        );
        throw new MediaStorageError(error.message, error.code);
      }
      throw error; // transient (network, 5xx): the caller retries the delivery
    }
    return { url: this.prefix + key, mimeType, fileName: safe, size: data.length };
  }

  private async collect(data: Buffer | AsyncIterable<Uint8Array>): Promise<Buffer> {
    const max = this.config.MEDIA_MAX_BYTES;
    if (Buffer.isBuffer(data)) {
      if (data.length > max) throw new MediaRejectedError('too-large', `media larger than ${max} bytes`);
      return data;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of data) {
      size += chunk.length;
      if (size > max) throw new MediaRejectedError('too-large', `media larger than ${max} bytes`);
      chunks.push(Buffer.from(chunk));
    }
    return Buffer.concat(chunks);
  }

  async get(url: string): ReturnType<MediaStore['get']> {
    if (url.startsWith(this.prefix)) {
      const key = decodeURIComponent(url.slice(this.prefix.length));
      if (!isMediaKey(key)) throw new MediaRejectedError('unreadable', 'not a stored media path');
      const object = await this.backend.open(key);
      if (!object) throw new MediaRejectedError('unreadable', 'no such stored media');
      const data = await this.collect(object.body);
      const fileName = basename(key).replace(/^[0-9a-f-]{36}-/, '');
      return { data, mimeType: object.contentType ?? mimeOf(fileName), fileName };
    }
    const response = await fetch(url);
    if (!response.ok) throw new MediaRejectedError('unreadable', `fetching media answered ${response.status}`);
    const length = Number(response.headers.get('content-length') ?? 0);
    if (length > this.config.MEDIA_MAX_BYTES) throw new MediaRejectedError('too-large', 'media too large');
    const data = Buffer.from(await response.arrayBuffer());
    if (data.length > this.config.MEDIA_MAX_BYTES) throw new MediaRejectedError('too-large', 'media too large');
    const fileName = decodeURIComponent(basename(new URL(url).pathname)).replace(/^[0-9a-f-]{36}-/, '') || 'arquivo';
    return { data, mimeType: response.headers.get('content-type') ?? mimeOf(fileName), fileName };
  }
}
