import { pipeline } from 'node:stream/promises';
import { basename, relative } from 'node:path';
import { Controller, Get, Inject, Param, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { Logger } from 'pino';
import { DomainError } from '@cs/platform/errors';
import { LOGGER } from '@cs/platform/logging';
import { Public } from '@cs/platform/tenancy';
import { applySafeFileHeaders, safeFileHeaders } from '@cs/platform/uploads';
import { LocalMediaBackend } from './local-media.backend.js';
import { isMediaKey } from './media-backend.js';
import { MEDIA_ROUTE, MediaStoreService } from './media-store.js';

const MAX_AGE_SECONDS = 7 * 24 * 3600;

/**
 * Serves stored media at `/media/whatsapp/<company>/<connection>/<uuid>-<name>` (public: the name is the secret),
 * from the folder (`sendFile`: ranges, ETag) or streamed from the S3 bucket (the client's `Range` passed through).
 */
@Controller(MEDIA_ROUTE)
export class MediaController {
  constructor(
    private readonly media: MediaStoreService,
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
    if (!isMediaKey(key)) throw new DomainError('ERR_NOT_FOUND');
    const backend = this.media.backend;
    if (backend instanceof LocalMediaBackend) {
      const absolute = backend.resolvePath(key);
      if (!absolute) throw new DomainError('ERR_NOT_FOUND');
      // a contact's file: the sniffed type decides inline (image, audio, video, PDF) or attachment; nosniff, CSP
      try {
        await applySafeFileHeaders(response, absolute, basename(key).replace(/^[0-9a-f-]{36}-/, ''));
      } catch {
        throw new DomainError('ERR_NOT_FOUND');
      }
      response.sendFile(
        relative(backend.root, absolute),
        { root: backend.root, dotfiles: 'deny', maxAge: MAX_AGE_SECONDS * 1000 },
        (error) => {
          if (error && !response.headersSent) response.status(404).json({ error: 'ERR_NOT_FOUND' });
        },
      );
      return;
    }
    const range = request.headers.range;
    const object = await backend.open(key, typeof range === 'string' ? range : undefined);
    if (!object) throw new DomainError('ERR_NOT_FOUND');
    response.status(object.status);
    response.setHeader('cache-control', `public, max-age=${MAX_AGE_SECONDS}`);
    response.setHeader('accept-ranges', 'bytes');
    const safe = safeFileHeaders(
      object.contentType?.split(';')[0]?.trim() ?? 'application/octet-stream',
      basename(key).replace(/^[0-9a-f-]{36}-/, ''),
    );
    for (const [name, value] of Object.entries(safe)) response.setHeader(name, value);
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
