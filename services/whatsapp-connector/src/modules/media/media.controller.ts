import { relative } from 'node:path';
import { Controller, Get, Param, Res } from '@nestjs/common';
import type { Response } from 'express';
import { DomainError } from '@cs/platform/errors';
import { Public } from '@cs/platform/tenancy';
import { MEDIA_ROUTE, MediaStoreService } from './media-store.js';

/** Serves stored media at `/media/whatsapp/<company>/<connection>/<uuid>-<name>` (public: the name is the secret). */
@Controller(MEDIA_ROUTE)
export class MediaController {
  constructor(private readonly media: MediaStoreService) {}

  @Public()
  @Get('*path')
  serve(@Param('path') path: string | string[], @Res() response: Response): void {
    const requested = Array.isArray(path) ? path.join('/') : path;
    const absolute = this.media.resolvePath(requested);
    if (!absolute) throw new DomainError('ERR_NOT_FOUND');
    response.sendFile(
      relative(this.media.root, absolute),
      { root: this.media.root, dotfiles: 'deny', maxAge: '7d' },
      (error) => {
        if (error && !response.headersSent) response.status(404).json({ error: 'ERR_NOT_FOUND' });
      },
    );
  }
}
