import type { IncomingMessage } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import { mapError } from '../errors/all-exceptions.filter.js';
import { DomainError } from '../errors/domain-error.js';
import { answerUnread } from './unread-body.js';

/** What a multer storage engine is handed for each file (multer's `StorageEngine` contract). */
interface IncomingFile {
  readonly stream: NodeJS.ReadableStream;
  buffer?: Buffer | undefined;
}

/**
 * Multer's memory storage, except that a file reaching the route's size limit is answered 413
 * `ERR_PAYLOAD_TOO_LARGE` at once: what it had kept is dropped, and the rest of the body is not read
 * (`answerUnread`); multer, which would read the whole oversized part before refusing it, then fails the
 * upload as usual (the answer is already written).
 */
export class LimitedMemoryStorage {
  _handleFile(
    request: Request,
    file: IncomingFile,
    callback: (error?: unknown, info?: { buffer: Buffer; size: number }) => void,
  ): void {
    let chunks: Buffer[] = [];
    let settled = false;
    file.stream.on('data', (chunk: Buffer) => {
      if (!settled) chunks.push(chunk);
    });
    file.stream.once('limit', () => {
      settled = true;
      chunks = [];
      refuseTooLarge(request);
      callback(new DomainError('ERR_PAYLOAD_TOO_LARGE'));
    });
    file.stream.once('error', (error: unknown) => {
      if (settled) return;
      settled = true;
      callback(error);
    });
    file.stream.once('end', () => {
      if (settled) return;
      settled = true;
      const buffer = Buffer.concat(chunks);
      callback(null, { buffer, size: buffer.length });
    });
  }

  _removeFile(_request: Request, file: IncomingFile, callback: (error: Error | null) => void): void {
    file.buffer = undefined;
    callback(null);
  }
}

/** Answers 413 in the spec's format now, and closes the connection after it instead of reading the rest. */
function refuseTooLarge(request: IncomingMessage & { res?: Response | undefined }): void {
  const response = request.res;
  if (!response) return;
  answerUnread(request, response, mapError(new DomainError('ERR_PAYLOAD_TOO_LARGE')));
}

/**
 * Multer options for an upload route with limits enforced WHILE the multipart body streams in (busboy stops at
 * `fileSize` and the request is refused with 413; a chunked 300 MB upload is never buffered beyond the limit), a
 * bounded number of files, fields and parts, and small text fields. `LimitedFilesInterceptor` adds
 * `LimitedMemoryStorage`, which answers 413 at once instead of reading the rest.
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
