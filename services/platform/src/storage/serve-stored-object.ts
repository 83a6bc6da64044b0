import { basename } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Request, Response } from 'express';
import type { Logger } from 'pino';
import { DomainError } from '../errors/domain-error.js';
import { safeFileHeaders } from '../uploads/safe-file-headers.js';
import type { ObjectStore } from './object-store.js';

const MAX_AGE_SECONDS = 7 * 24 * 3600;

/** Whether the client's copy is current (RFC 9110: `If-None-Match` decides when present). */
function notModified(request: Request, etag: string | null, lastModified: string | null): boolean {
  const match = request.headers['if-none-match'];
  if (match !== undefined) return etag !== null && match.split(/\s*,\s*/).includes(etag);
  const since = Date.parse(request.headers['if-modified-since'] ?? '');
  return lastModified !== null && !Number.isNaN(since) && Date.parse(lastModified) <= since;
}

/**
 * Answers a public media request with a stored object, whatever the store: the client's `Range` passed through
 * (206, or 416), a week of caching, `304` to a matching `If-None-Match` (else an `If-Modified-Since` not before the
 * object's date), and the user-file headers of
 * `safeFileHeaders` (the stored type, sniffed at upload or from the file's bytes: `attachment` unless an image,
 * audio, video or PDF, `nosniff`, a sandboxing CSP), the file name without its random `<uuid>-` prefix. 404
 * `ERR_NOT_FOUND` when there is no such object; the caller has already checked the key against its layout.
 */
export async function serveStoredObject(
  store: ObjectStore,
  key: string,
  request: Request,
  response: Response,
  logger: Logger,
): Promise<void> {
  const range = request.headers.range;
  const object = await store.open(key, typeof range === 'string' ? range : undefined);
  if (!object) throw new DomainError('ERR_NOT_FOUND');
  response.setHeader('cache-control', `public, max-age=${MAX_AGE_SECONDS}`);
  response.setHeader('accept-ranges', 'bytes');
  if (object.etag) response.setHeader('etag', object.etag);
  if (object.lastModified) response.setHeader('last-modified', object.lastModified);
  if (notModified(request, object.etag, object.lastModified) && object.status === 200) {
    object.body.destroy();
    response.status(304).end();
    return;
  }
  response.status(object.status);
  const mime = object.contentType?.split(';')[0]?.trim() || 'application/octet-stream';
  const name = basename(key).replace(/^[0-9a-f-]{36}-/, '');
  for (const [header, value] of Object.entries(safeFileHeaders(mime, name))) response.setHeader(header, value);
  if (object.contentLength !== null) response.setHeader('content-length', String(object.contentLength));
  if (object.contentRange) response.setHeader('content-range', object.contentRange);
  try {
    await pipeline(object.body, response);
  } catch (error) {
    // the client went away, or the store's stream broke mid-way (headers are out: nothing else to answer)
    logger.debug({ err: error, key }, 'media stream ended early');
  }
}
