import { randomUUID } from 'node:crypto';
import { basename } from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { APP_CONFIG } from '@cs/platform/config';
import { OutboundRequestError, parseAllowedHosts, SafeHttpClient } from '@cs/platform/http';
import { LOGGER } from '@cs/platform/logging';
import { S3Error, S3ObjectStore } from '@cs/platform/storage';
import type { ConnectorConfig } from '../../config/env.js';
import { type MediaStore, MediaRejectedError } from '../../providers/provider.port.js';
import { LocalMediaBackend, EXTENSIONS, mimeOf } from './local-media.backend.js';
import { isMediaKey, MEDIA_BACKEND, type MediaBackend } from './media-backend.js';

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
  return new S3ObjectStore({
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
  private readonly http: SafeHttpClient;

  constructor(
    @Inject(APP_CONFIG) private readonly config: ConnectorConfig,
    @Inject(MEDIA_BACKEND) readonly backend: MediaBackend,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.logger = logger.child({ component: 'media', backend: backend.kind });
    this.http = new SafeHttpClient({
      allowedHosts: parseAllowedHosts(config.OUTBOUND_HTTP_ALLOWED_HOSTS),
      maxBytes: config.MEDIA_MAX_BYTES,
    });
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
    const { status, data, contentType } = this.isPlatformMedia(url)
      ? await this.fetchPlatformMedia(url)
      : await this.fetchUserUrl(url);
    if (status < 200 || status >= 300) throw new MediaRejectedError('unreadable', `fetching media answered ${status}`);
    const fileName = decodeURIComponent(basename(new URL(url).pathname)).replace(/^[0-9a-f-]{36}-/, '') || 'arquivo';
    return { data, mimeType: contentType ?? mimeOf(fileName), fileName };
  }

  /**
   * A file our own platform serves under the shared `PUBLIC_URL`: an agent's upload to tickets
   * (`/media/tickets/...`) or a campaign's media (`/files/media/...`), the URLs those services put in send
   * commands; fetched directly. Only those paths of that origin (after URL normalisation, so
   * `/media/tickets/../../metrics` is not one).
   */
  private isPlatformMedia(url: string): boolean {
    try {
      const parsed = new URL(url);
      const trusted = new URL(this.config.PUBLIC_URL);
      const base = trusted.pathname.replace(/\/$/, '');
      const ours = [`${base}/media/tickets/`, `${base}/files/media/`].some((path) => parsed.pathname.startsWith(path));
      return parsed.origin === trusted.origin && ours && !parsed.search;
    } catch {
      return false;
    }
  }

  private async fetchPlatformMedia(url: string): Promise<{ status: number; data: Buffer; contentType: string | null }> {
    const response = await fetch(url, { redirect: 'error' });
    const length = Number(response.headers.get('content-length') ?? 0);
    if (length > this.config.MEDIA_MAX_BYTES) throw new MediaRejectedError('too-large', 'media too large');
    const data = await this.collect(response.body ?? (async function* empty(): AsyncIterable<Uint8Array> {})());
    return { status: response.status, data, contentType: response.headers.get('content-type') };
  }

  /**
   * Any other URL came from a user (`mediaUrl` of `POST /messages/{ticketId}`, the external API): only through
   * the SSRF-safe client (no loopback, private, link-local or metadata address, after DNS and on every redirect).
   */
  private async fetchUserUrl(url: string): Promise<{ status: number; data: Buffer; contentType: string | null }> {
    try {
      const response = await this.http.request(url, { maxBytes: this.config.MEDIA_MAX_BYTES, timeoutMs: 30_000 });
      const contentType = response.headers['content-type'];
      return { status: response.status, data: response.body, contentType: contentType ?? null };
    } catch (error) {
      if (error instanceof OutboundRequestError) {
        this.logger.warn({ code: error.code, reason: error.message }, 'media URL refused');
        throw new MediaRejectedError(
          error.code === 'ERR_OUTBOUND_TOO_LARGE' ? 'too-large' : 'unreadable',
          `media URL refused: ${error.message}`,
        );
      }
      throw error;
    }
  }
}
