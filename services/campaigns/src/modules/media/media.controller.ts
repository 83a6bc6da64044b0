import { relative } from 'node:path';
import { Controller, Get, Param, Res } from '@nestjs/common';
import type { Response } from 'express';
import { DomainError } from '@cs/platform/errors';
import { Public } from '@cs/platform/tenancy';
import { MEDIA_ROUTE, MediaStorage } from './media.storage.js';

/**
 * Serves stored media at `/files/media/<company>/<folder>/<uuid>-<name>` (through the gateway). The random
 * part of each name makes the URL a capability, so the connector can fetch media it sends by URL.
 */
@Controller(MEDIA_ROUTE)
export class MediaController {
  constructor(private readonly media: MediaStorage) {}

  @Public()
  @Get('*path')
  serve(@Param('path') path: string | string[], @Res() response: Response): void {
    const requested = Array.isArray(path) ? path.join('/') : path;
    const absolute = this.media.resolvePath(requested);
    if (!absolute) throw new DomainError('ERR_NOT_FOUND');
    // relative to the media folder, so only dot-segments inside it are refused (the folder may be `.data/...`)
    response.sendFile(
      relative(this.media.root, absolute),
      { root: this.media.root, dotfiles: 'deny', maxAge: '7d' },
      (error) => {
        if (error && !response.headersSent) response.status(404).json({ error: 'ERR_NOT_FOUND' });
      },
    );
  }
}
