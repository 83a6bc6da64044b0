import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { Public } from '@cs/platform/tenancy';
import { MEDIA_ROUTE, MediaStoreService } from './media-store.js';

/**
 * Serves stored media at `/media/whatsapp/<company>/<connection>/<uuid>-<name>` (public: the name is the secret),
 * from the folder or streamed from the bucket alike (`serveStoredObject`: the client's `Range`, caching, the safe
 * user-file headers: a contact's file is inline only when its type is an image, audio, video or PDF).
 */
@Controller(MEDIA_ROUTE)
export class MediaController {
  constructor(private readonly media: MediaStoreService) {}

  @Public()
  @Get('*path')
  async serve(
    @Param('path') path: string | string[],
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    await this.media.files.serve(Array.isArray(path) ? path.join('/') : path, request, response);
  }
}
