import { basename, extname } from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { APP_CONFIG } from '@cs/platform/config';
import { OutboundRequestError, parseAllowedHosts, SafeHttpClient } from '@cs/platform/http';
import { LOGGER } from '@cs/platform/logging';
import { MEDIA_OBJECT_STORE, MediaFiles, type ObjectStore, S3Error } from '@cs/platform/storage';
import type { ConnectorConfig } from '../../config/env.js';
import { type MediaStore, MediaRejectedError } from '../../providers/provider.port.js';

export const MEDIA_ROUTE = 'media/whatsapp';

/**
 * The connector's keys: `<company>/<connection>/<uuid>-<name>`. Anything else (`..`, `.hidden`, another service's
 * object in a shared bucket or folder) is never read or served.
 */
const LAYOUT = /^\d+\/\d+\/[^/]+$/;

/** MIME types WhatsApp carries that we store (anything else is refused with `MediaRejectedError`). */
const ALLOWED =
  /^(image\/(jpeg|png|webp|gif)|video\/(mp4|3gpp|quicktime)|audio\/(ogg|mpeg|mp4|aac|amr|wav|webm)|application\/(pdf|zip|msword|vnd\.[\w.+-]+|octet-stream)|text\/(plain|csv|vcard|x-vcard))(;.*)?$/;

export const EXTENSIONS: Record<string, string> = {
  'image/jpeg': '.jpg',
  'image/png': '.png',
  'image/webp': '.webp',
  'video/mp4': '.mp4',
  'audio/ogg': '.ogg',
  'audio/mpeg': '.mp3',
  'application/pdf': '.pdf',
};

/** The type of a file by its extension (a fetched file whose server named none). */
export function mimeOf(fileName: string): string {
  const extension = extname(fileName).toLowerCase();
  return Object.entries(EXTENSIONS).find(([, ext]) => ext === extension)?.[0] ?? 'application/octet-stream';
}

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

/**
 * Media stored once, under `<company>/<connection>/<uuid>-<name>` (the random part makes the URL unguessable), in
 * the platform's media store (`MEDIA_DIR`, or the bucket of `MEDIA_S3_*`), streamed in as it is downloaded (never
 * beyond `MEDIA_MAX_BYTES`), served at `${PUBLIC_URL}/media/whatsapp/<key>` by `MediaController`.
 */
@Injectable()
export class MediaStoreService implements MediaStore {
  readonly files: MediaFiles;
  private readonly http: SafeHttpClient;

  constructor(
    @Inject(APP_CONFIG) private readonly config: ConnectorConfig,
    @Inject(MEDIA_OBJECT_STORE) store: ObjectStore,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.files = new MediaFiles(store, { publicUrl: config.PUBLIC_URL, route: MEDIA_ROUTE, layout: LAYOUT, logger });
    this.http = new SafeHttpClient({
      allowedHosts: parseAllowedHosts(config.OUTBOUND_HTTP_ALLOWED_HOSTS),
      maxBytes: config.MEDIA_MAX_BYTES,
    });
  }

  async put(input: Parameters<MediaStore['put']>[0]): ReturnType<MediaStore['put']> {
    const mimeType = input.mimeType.toLowerCase();
    if (!ALLOWED.test(mimeType)) {
      throw new MediaRejectedError('type-not-allowed', `media type ${mimeType} is not accepted`);
    }
    const max = this.config.MEDIA_MAX_BYTES;
    if (Buffer.isBuffer(input.data) && input.data.length > max) {
      throw new MediaRejectedError('too-large', `media larger than ${max} bytes`);
    }
    try {
      const stored = await this.files.save(
        `${input.companyId}/${input.connectionId}`,
        (input.fileName ?? '').replace(/[/\\]/g, '_'),
        Buffer.isBuffer(input.data) ? input.data : this.limited(input.data),
        { contentType: mimeType, fallbackExtension: EXTENSIONS[mimeType.split(';')[0] ?? ''] ?? '' },
      );
      return { url: this.files.urlOf(stored.key), mimeType, fileName: stored.fileName, size: stored.size };
    } catch (error) {
      if (error instanceof S3Error && error.permanent) {
        // a configuration problem (credentials, permissions, bucket): say so loudly, keep the message
        this.files.logger.error(
          { status: error.status, code: error.code, companyId: input.companyId, connectionId: input.connectionId },
          `media storage refused the file (${error.message}); check the MEDIA_S3_* settings`,
        );
        throw new MediaStorageError(error.message, error.code);
      }
      throw error; // too large (MediaRejectedError), or transient (network, 5xx): the caller retries the delivery
    }
  }

  /** The bytes of `data` as they come, failing with `too-large` once more than `MEDIA_MAX_BYTES` went by. */
  private async *limited(data: AsyncIterable<Uint8Array>): AsyncIterable<Uint8Array> {
    const max = this.config.MEDIA_MAX_BYTES;
    let size = 0;
    for await (const chunk of data) {
      size += chunk.length;
      if (size > max) throw new MediaRejectedError('too-large', `media larger than ${max} bytes`);
      yield chunk;
    }
  }

  private async collect(data: AsyncIterable<Uint8Array>): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of this.limited(data)) chunks.push(Buffer.from(chunk));
    return Buffer.concat(chunks);
  }

  /**
   * Deletes the stored media among `urls` (ours: `${PUBLIC_URL}/media/whatsapp/<key>`; any other URL is not ours
   * and left alone). Resolves with how many of ours were named; deleting one already gone is no error.
   */
  async deleteStored(urls: readonly string[]): Promise<number> {
    let deleted = 0;
    for (const url of urls) {
      const key = this.files.keyOf(url);
      if (!key) continue;
      // a failure propagates: the erasure is confirmed only once its files are gone
      await this.files.store.delete(key);
      deleted += 1;
    }
    return deleted;
  }

  isPlatformUrl(url: string): boolean {
    return this.files.ownsUrl(url) || this.isPlatformMedia(url);
  }

  async get(url: string): ReturnType<MediaStore['get']> {
    if (this.files.ownsUrl(url)) {
      const key = this.files.keyOf(url);
      if (!key) throw new MediaRejectedError('unreadable', 'not a stored media path');
      const object = await this.files.store.open(key);
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
        this.files.logger.warn({ code: error.code, reason: error.message }, 'media URL refused');
        throw new MediaRejectedError(
          error.code === 'ERR_OUTBOUND_TOO_LARGE' ? 'too-large' : 'unreadable',
          `media URL refused: ${error.message}`,
        );
      }
      throw error;
    }
  }
}
