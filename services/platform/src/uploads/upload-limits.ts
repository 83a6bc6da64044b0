import type { NextFunction, Request, Response } from 'express';
import { DomainError } from '../errors/domain-error.js';

/**
 * Multer options for an upload route with limits enforced WHILE the multipart body streams in (busboy stops at
 * `fileSize` and the request is refused with 413; a chunked 300 MB upload is never buffered beyond the limit), a
 * bounded number of files, fields and parts, and small text fields. `LimitedFilesInterceptor` adds
 * `SniffingStorage`, which answers 413 (and 415) at once instead of reading the rest.
 */
export function uploadOptions(limits: { maxBytes: number; maxFiles?: number }) {
  const files = limits.maxFiles ?? 1;
  return {
    limits: {
      fileSize: limits.maxBytes,
      files,
      fields: 50,
      fieldSize: 256 * 1024,
      parts: files + 50,
      headerPairs: 200,
    },
  };
}

/**
 * Refuses with 413 before reading anything when the declared `Content-Length` is above the route's budget
 * (`maxBytes` per file × files, plus room for the multipart envelope and fields). A chunked body has no length:
 * `uploadOptions` stops it while streaming.
 */
export function declaredLengthLimit(maxBodyBytes: number) {
  return (request: Request, _response: Response, next: NextFunction): void => {
    const declared = Number(request.headers['content-length'] ?? 0);
    if (declared > maxBodyBytes) {
      next(new DomainError('ERR_PAYLOAD_TOO_LARGE'));
      return;
    }
    next();
  };
}

/** A Transform-free byte counter for raw (non-multipart) streams: rejects once more than `maxBytes` went by. */
export async function readLimited(stream: AsyncIterable<Uint8Array>, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += chunk.length;
    if (size > maxBytes) throw new DomainError('ERR_PAYLOAD_TOO_LARGE');
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks);
}
