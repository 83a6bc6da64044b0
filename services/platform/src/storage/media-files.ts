import { randomUUID } from 'node:crypto';
import { extname } from 'node:path';
import type { Readable } from 'node:stream';
import type { Request, Response } from 'express';
import type { Logger } from 'pino';
import { DomainError } from '../errors/domain-error.js';
import type { UploadTarget } from '../uploads/sniffing-storage.js';
import type { ObjectBody, ObjectStore } from './object-store.js';
import { isOtherCompanysFile } from './platform-media.js';
import { serveStoredObject } from './serve-stored-object.js';

/**
 * A stored file's name: whitespace, slashes and anything outside letters, digits, `.`, `-`, `_` and Latin-1
 * letters become `_`; no leading dot; the last 120 characters; `arquivo<extension>` when nothing is left.
 */
export function storableName(name: string, fallbackExtension = extname(name)): string {
  const safe = name
    .replace(/\s+/g, '_')
    .replace(/[^\w.\-À-ÿ]/g, '_')
    .replace(/^\.+/, '')
    .slice(-120);
  return safe || `arquivo${fallbackExtension}`;
}

/**
 * An upload's name as the user gave it (multer reads it as Latin-1), whitespace and slashes as underscores (the
 * spec's quick-message rule, applied everywhere).
 */
export const uploadName = (originalname: string): string =>
  Buffer.from(originalname, 'latin1').toString('utf8').replace(/\s+/g, '_').replace(/[/\\]/g, '_');

/** A key of `layout` with no dot-led segment, control character or backslash. */
export const keyMatches = (layout: RegExp, key: string): boolean =>
  layout.test(key) &&
  !key.split('/').some((segment) => segment.startsWith('.')) &&
  // eslint-disable-next-line no-control-regex
  !/[\u0000-\u001f\u007f\\]/.test(key);

/**
 * One service's files in the media store: keys `<prefix>/<uuid>-<name>` (the random part makes the public URL a
 * capability) checked against the service's `layout` (a key of another layout, such as another service's object in
 * a shared bucket or folder, is never read, served or removed), public URLs `<publicBase>/<key>`.
 */
export class MediaFiles {
  private readonly publicBase: string;
  /** The service's logger for media (`component: media` and the store's kind). */
  readonly logger: Logger;

  constructor(
    readonly store: ObjectStore,
    private readonly options: {
      /** The gateway's public URL (`PUBLIC_URL`) and the service's media route under it. */
      readonly publicUrl: string;
      readonly route: string;
      /** The keys this service writes (without the dot and control-character rules, always applied). */
      readonly layout: RegExp;
      readonly logger: Logger;
    },
  ) {
    this.publicBase = `${options.publicUrl.replace(/\/+$/, '')}/${options.route}`;
    this.logger = options.logger.child({ component: 'media', backend: store.kind });
  }

  /** Whether `key` is one of this service's. */
  owns(key: string): boolean {
    return keyMatches(this.options.layout, key);
  }

  urlOf(key: string): string {
    return `${this.publicBase}/${key}`;
  }

  /** Whether `url` is under this service's media route. */
  ownsUrl(url: string): boolean {
    return url.startsWith(`${this.publicBase}/`);
  }

  /** Whether `url` names another company's file under any service's media route (`isOtherCompanysFile`). */
  isOtherCompanys(companyId: number, url: string): boolean {
    return isOtherCompanysFile(this.options.publicUrl, companyId, url);
  }

  /** The key of a public URL of ours, or null for any other URL and for a path outside the layout. */
  keyOf(url: string): string | null {
    if (!this.ownsUrl(url)) return null;
    try {
      const key = decodeURIComponent(url.slice(this.publicBase.length + 1));
      return this.owns(key) ? key : null;
    } catch {
      return null; // a malformed %-escape
    }
  }

  /**
   * Stores `body` (checked by the caller: type, size) under `<prefix>/<uuid>-<storableName>`; store errors reach the
   * caller, which decides between refusing and retrying.
   */
  async save(
    prefix: string,
    fileName: string,
    body: ObjectBody,
    options: { contentType: string; contentLength?: number | undefined; fallbackExtension?: string },
  ): Promise<{ key: string; fileName: string; size: number }> {
    const safe = storableName(fileName, options.fallbackExtension);
    const key = `${prefix}/${randomUUID()}-${safe}`;
    if (!this.owns(key)) throw new Error(`not a key of this service: ${JSON.stringify(key)}`);
    const { size } = await this.store.write(key, body, options);
    return { key, fileName: safe, size };
  }

  /**
   * Where a route streams its accepted uploads (`LimitedFilesInterceptor`'s `store`): `<prefix>/<uuid>-<name>`, the
   * name as the user gave it (`uploadName`), the sniffed type stored with it. A body failing (the size limit) leaves
   * nothing; 503 `ERR_SERVICE_UNAVAILABLE` when the store refuses the write (logged).
   */
  uploadTarget(prefix: string): UploadTarget {
    return {
      write: async (file: { originalname: string; sniffedType: string }, body: Readable) => {
        try {
          const { key } = await this.save(prefix, uploadName(file.originalname), body, {
            contentType: file.sniffedType,
          });
          return { key };
        } catch (error) {
          if (error instanceof DomainError) throw error;
          this.logger.error({ err: error, prefix }, 'storing an upload failed');
          throw new DomainError('ERR_SERVICE_UNAVAILABLE');
        }
      },
      remove: (key: string) => this.remove(key),
    };
  }

  /**
   * A streamed upload (`uploadTarget`) the route keeps: its key must be under `prefix` (the company's folder the
   * route named); its name and sniffed type as `saveUpload` answers them.
   */
  adoptUpload(
    prefix: string,
    file: { readonly originalname: string; readonly key: string; readonly sniffedType: string },
  ): { path: string; name: string; mimeType: string } {
    if (!this.owns(file.key) || !file.key.startsWith(`${prefix}/`) || file.key.slice(prefix.length + 1).includes('/')) {
      throw new Error(`not an upload under ${JSON.stringify(prefix)}: ${JSON.stringify(file.key)}`);
    }
    return { path: file.key, name: uploadName(file.originalname), mimeType: file.sniffedType };
  }

  /**
   * Stores bytes in memory (checked by the caller; `mimeType`: their sniffed type) under `<prefix>/<uuid>-<name>`
   * (`uploadName`). 503 `ERR_SERVICE_UNAVAILABLE` when the store refuses the write (logged).
   */
  async saveUpload(
    prefix: string,
    file: { readonly originalname: string; readonly buffer: Buffer },
    mimeType: string,
  ): Promise<{ path: string; name: string; mimeType: string }> {
    const name = uploadName(file.originalname);
    try {
      const { key } = await this.save(prefix, name, file.buffer, { contentType: mimeType });
      return { path: key, name, mimeType };
    } catch (error) {
      this.logger.error({ err: error, prefix }, 'storing an upload failed');
      throw new DomainError('ERR_SERVICE_UNAVAILABLE');
    }
  }

  /** Removes a stored file; a failure leaves an unreachable orphan (logged) and never fails the caller's change. */
  async remove(key: string | null): Promise<void> {
    if (!key || !this.owns(key)) return;
    await this.store.delete(key).catch((error: unknown) => {
      this.logger.warn({ err: error, key }, 'removing a stored file failed');
    });
  }

  /** Answers the public media route with a stored file (`serveStoredObject`); 404 for a key not of this service. */
  async serve(key: string, request: Request, response: Response): Promise<void> {
    if (!this.owns(key)) throw new DomainError('ERR_NOT_FOUND');
    await serveStoredObject(this.store, key, request, response, this.logger);
  }
}
