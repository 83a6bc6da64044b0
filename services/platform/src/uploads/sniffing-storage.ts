import type { IncomingMessage } from 'node:http';
import { PassThrough, type Readable } from 'node:stream';
import type { Request, Response } from 'express';
import { mapError } from '../errors/all-exceptions.filter.js';
import { DomainError } from '../errors/domain-error.js';
import { type AllowedType, isAllowedType, sniffType } from './sniff.js';
import { answerUnread } from './unread-body.js';

/**
 * How many first bytes of a file its type is sniffed from (the whole file when smaller): more than `sniffType`'s
 * 8 KiB text window, and room for `file-type` to look into a zip's first entries (an .xlsx or .docx).
 */
export const SNIFFED_HEAD_BYTES = 64 * 1024;

/** What a multer storage engine is handed for each file (multer's `StorageEngine` contract). */
interface IncomingFile {
  readonly stream: Readable;
  readonly originalname: string;
  buffer?: Buffer | undefined;
  key?: string | undefined;
}

/** An upload as the route receives it: its sniffed type, and its bytes in memory or its key in the media store. */
export interface SniffedUpload {
  readonly fieldname: string;
  /** The name the client gave (multer reads it as Latin-1). */
  readonly originalname: string;
  /** The type the client declared; never trusted. */
  readonly mimetype: string;
  /** The type sniffed from the first bytes, one of the route's allowed types. */
  readonly sniffedType: string;
  readonly size: number;
  /** The bytes, when the route keeps the file in memory. */
  readonly buffer?: Buffer;
  /** The stored object's key, when the route streams the file into a store (`UploadTarget`). */
  readonly key?: string;
}

/** Where a route's accepted files are streamed (`MediaFiles.uploadTarget`, or a service's own store). */
export interface UploadTarget {
  /**
   * Stores the body read once as it arrives; rejects (leaving nothing stored) when the body fails, such as at the
   * size limit. The error a store failure rejects with is the one answered.
   */
  write(file: { originalname: string; sniffedType: string }, body: Readable): Promise<{ key: string }>;
  /** Removes a stored file (a refused request, a later file refused, the route failing). */
  remove(key: string): Promise<void>;
}

export interface SniffingStorageOptions {
  /** The route's allowed types (`UPLOAD_ALLOW_LISTS`), matched against the sniffed type. */
  readonly allowed: readonly AllowedType[];
  /** The 415 the route answers (default `ERR_UNSUPPORTED_MEDIA_TYPE` with the catalogue's message). */
  readonly refusal?: () => DomainError;
  /** Omitted: the file is kept in memory (bounded by the route's size limit); else streamed into the target. */
  readonly target?: ((request: Request) => UploadTarget) | undefined;
}

/**
 * A multer storage engine that decides on a file as it arrives: its type is sniffed from its first bytes
 * (`SNIFFED_HEAD_BYTES`, `sniffType`; the declared type and the name's extension never decide) and a type outside
 * the route's allow-list is answered 415 at once, a file reaching the route's size limit (`uploadOptions`) 413 at
 * once; in both cases the rest of the body is not read (`answerUnread`) and nothing is kept. An accepted file is
 * kept in memory, or with a `target` streamed into the store as it arrives (never held whole); a refused or failed
 * upload leaves no object behind.
 */
export class SniffingStorage {
  constructor(private readonly options: SniffingStorageOptions) {}

  _handleFile(
    request: Request,
    file: IncomingFile,
    callback: (error?: unknown, info?: Partial<SniffedUpload>) => void,
  ): void {
    const stream = file.stream;
    const head: Buffer[] = [];
    let headBytes = 0;
    let settled = false;
    let refusing = false;
    let sniffing = false;
    let body: PassThrough | undefined;
    let kept: Buffer[] | undefined;
    let size = 0;
    const settle = (error: unknown, info?: Partial<SniffedUpload>): void => {
      if (settled) return;
      settled = true;
      stream.off('data', onHead);
      callback(error, info);
    };
    const refuse = (error: DomainError): void => {
      if (settled || refusing) return;
      refusing = true;
      kept = undefined;
      head.length = 0;
      body?.destroy(error);
      // the request's files already stored go first, so the answer comes when nothing of the request is left
      void this.removeStored(request).then(() => {
        refuseUnread(request, error);
        settle(error);
      });
    };

    const decide = async (ended: boolean): Promise<void> => {
      if (sniffing || settled) return;
      sniffing = true;
      stream.off('data', onHead);
      stream.pause();
      let target: UploadTarget | undefined;
      try {
        target = this.options.target?.(request);
      } catch (error) {
        // the route's target names the request's folder: a request without one is refused as the route would
        refuse(error instanceof DomainError ? error : new DomainError('ERR_SERVICE_UNAVAILABLE'));
        return;
      }
      const bytes = Buffer.concat(head);
      const sniffed = await sniffType(bytes, file.originalname).catch(() => undefined);
      if (settled || refusing) return;
      if (!sniffed || !isAllowedType(sniffed, this.options.allowed)) {
        refuse(this.options.refusal?.() ?? new DomainError('ERR_UNSUPPORTED_MEDIA_TYPE'));
        return;
      }
      if (target && storedOf(request).refused) {
        // another file of the request was refused meanwhile: this one is not stored at all
        settle(new DomainError('ERR_UNSUPPORTED_MEDIA_TYPE'));
        return;
      }
      size = bytes.length;
      if (!target) {
        kept = [bytes];
        if (ended) {
          settle(null, { sniffedType: sniffed, buffer: bytes, size });
          return;
        }
        stream.on('data', (chunk: Buffer) => {
          size += chunk.length;
          kept?.push(chunk);
        });
        stream.once('end', () => {
          if (!kept) return;
          const buffer = Buffer.concat(kept);
          kept = undefined;
          settle(null, { sniffedType: sniffed, buffer, size: buffer.length });
        });
        stream.resume();
        return;
      }
      const piped = new PassThrough();
      body = piped;
      piped.write(bytes);
      if (ended) piped.end();
      else {
        stream.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (piped.destroyed) return;
          if (!piped.write(chunk)) {
            stream.pause();
            piped.once('drain', () => stream.resume());
          }
        });
        // a truncated stream ends at the size limit: `refuse` has already failed the write
        stream.once('end', () => {
          if (!settled && !refusing) piped.end();
        });
        stream.resume();
      }
      const stored = storedOf(request);
      const written = target.write({ originalname: file.originalname, sniffedType: sniffed }, piped).then(
        ({ key }) => {
          if (settled || refusing || stored.refused) {
            // another file of the request was refused: this one fails too (multer waits for every file), and the
            // refusal's answer waits for this removal (`removeStored` awaits the request's writes)
            if (!refusing) settle(new DomainError('ERR_UNSUPPORTED_MEDIA_TYPE'));
            return target.remove(key).catch(() => undefined);
          }
          stored.keys.add(key);
          file.key = key;
          settle(null, { sniffedType: sniffed, key, size });
        },
        (error: unknown) => {
          if (!refusing) settle(error);
        },
      );
      stored.writes.add(written);
    };

    const onHead = (chunk: Buffer): void => {
      head.push(chunk);
      headBytes += chunk.length;
      if (headBytes >= SNIFFED_HEAD_BYTES) void decide(false);
    };
    stream.on('data', onHead);
    stream.once('end', () => void decide(true));
    stream.once('limit', () => refuse(new DomainError('ERR_PAYLOAD_TOO_LARGE')));
    stream.once('error', (error: unknown) => {
      body?.destroy(error instanceof Error ? error : new Error(String(error)));
      settle(error);
    });
  }

  /** Removes what this request had stored, once its writes under way are done; later ones are removed as they end. */
  private async removeStored(request: Request): Promise<void> {
    // marked before any wait: a file still being sniffed then starts no write
    const stored = storedOf(request);
    stored.refused = true;
    await Promise.allSettled([...stored.writes]);
    let target: UploadTarget | undefined;
    try {
      target = this.options.target?.(request);
    } catch {
      return;
    }
    for (const key of stored.keys) await target?.remove(key).catch(() => undefined);
    stored.keys.clear();
  }

  _removeFile(request: Request, file: IncomingFile, callback: (error: Error | null) => void): void {
    file.buffer = undefined;
    const key = file.key;
    if (key) STORED.get(request)?.keys.delete(key);
    let target: UploadTarget | undefined;
    try {
      target = key ? this.options.target?.(request) : undefined;
    } catch {
      target = undefined;
    }
    if (!key || !target) {
      callback(null);
      return;
    }
    file.key = undefined;
    target.remove(key).then(
      () => callback(null),
      () => callback(null),
    );
  }
}

/** What a request has streamed into its target: the stored keys, the writes under way, whether it was refused. */
interface Stored {
  readonly keys: Set<string>;
  readonly writes: Set<Promise<void>>;
  refused: boolean;
}

const STORED = new WeakMap<Request, Stored>();

function storedOf(request: Request): Stored {
  let stored = STORED.get(request);
  if (!stored) {
    stored = { keys: new Set(), writes: new Set(), refused: false };
    STORED.set(request, stored);
  }
  return stored;
}

/** Answers a refused upload in the spec's format now, and closes the connection after it instead of reading on. */
function refuseUnread(request: IncomingMessage & { res?: Response | undefined }, error: DomainError): void {
  const response = request.res;
  if (!response) return;
  answerUnread(request, response, mapError(error));
}
