import { basename, relative } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Controller, Get, Inject, Param, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { Logger } from 'pino';
import { DomainError } from '@cs/platform/errors';
import { LOGGER } from '@cs/platform/logging';
import { Public } from '@cs/platform/tenancy';
import { safeFileHeaders, sniffStoredFile } from '@cs/platform/uploads';
import { isStoredPath, MEDIA_ROUTE, MediaStorage } from './media.storage.js';

const MAX_AGE_SECONDS = 7 * 24 * 3600;

/**
 * The user-file headers of both backends (`safeFileHeaders`): the sniffed type, `attachment` unless an image,
 * audio, video or PDF, `nosniff` and a sandboxing CSP, so an uploaded page never runs in the app's origin.
 */
function setSafeHeaders(response: Response, mime: string, key: string): void {
  const name = basename(key).replace(/^[0-9a-f-]{36}-/, '');
  for (const [header, value] of Object.entries(safeFileHeaders(mime, name))) response.setHeader(header, value);
}

/**
 * Serves stored media at `/files/media/<company>/<folder>/<uuid>-<name>` (through the gateway), from the folder
 * or streamed from the S3 bucket (the client's `Range` passed through), with the same safe headers either way. The
 * random part of each name makes the URL a capability, so the connector can fetch media it sends by URL.
 */
@Controller(MEDIA_ROUTE)
export class MediaController {
  constructor(
    private readonly media: MediaStorage,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  @Public()
  @Get('*path')
  async serve(
    @Param('path') path: string | string[],
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    const key = Array.isArray(path) ? path.join('/') : path;
    if (!isStoredPath(key)) throw new DomainError('ERR_NOT_FOUND');
    if (this.media.s3) return this.stream(key, request, response);
    const absolute = this.media.resolvePath(key);
    if (!absolute) throw new DomainError('ERR_NOT_FOUND');
    let mime: string;
    try {
      mime = await sniffStoredFile(absolute, key);
    } catch {
      throw new DomainError('ERR_NOT_FOUND');
    }
    setSafeHeaders(response, mime, key);
    // relative to the media folder, so only dot-segments inside it are refused (the folder may be `.data/...`);
    // `sendFile` keeps the Content-Type set above (the sniffed one, never the name's extension)
    response.sendFile(
      relative(this.media.root, absolute),
      { root: this.media.root, dotfiles: 'deny', maxAge: MAX_AGE_SECONDS * 1000 },
      (error) => {
        if (error && !response.headersSent) response.status(404).json({ error: 'ERR_NOT_FOUND' });
      },
    );
  }

  private async stream(key: string, request: Request, response: Response): Promise<void> {
    const range = request.headers.range;
    const object = await this.media.open(key, typeof range === 'string' ? range : undefined);
    if (!object) throw new DomainError('ERR_NOT_FOUND');
    response.status(object.status);
    response.setHeader('cache-control', `public, max-age=${MAX_AGE_SECONDS}`);
    response.setHeader('accept-ranges', 'bytes');
    // the object's type is the one sniffed at upload
    setSafeHeaders(response, object.contentType?.split(';')[0]?.trim() || 'application/octet-stream', key);
    if (object.contentLength !== null) response.setHeader('content-length', String(object.contentLength));
    if (object.contentRange) response.setHeader('content-range', object.contentRange);
    if (object.etag) response.setHeader('etag', object.etag);
    if (object.lastModified) response.setHeader('last-modified', object.lastModified);
    try {
      await pipeline(object.body, response);
    } catch (error) {
      // the client went away, or the bucket's stream broke mid-way (headers are out: nothing else to answer)
      this.logger.debug({ err: error, key }, 'media stream ended early');
    }
  }
}
