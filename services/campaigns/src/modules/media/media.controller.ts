import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { Public } from '@cs/platform/tenancy';
import { MEDIA_ROUTE, MediaStorage } from './media.storage.js';

/**
 * Serves stored media at `/files/media/<company>/<folder>/<uuid>-<name>` (through the gateway), from the folder or
 * streamed from the bucket alike (`serveStoredObject`: the client's `Range`, caching, the safe user-file headers).
 * The random part of each name makes the URL a capability, so the connector can fetch media it sends by URL.
 */
@Controller(MEDIA_ROUTE)
export class MediaController {
  constructor(private readonly media: MediaStorage) {}

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
