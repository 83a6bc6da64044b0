import { Controller, Get, Inject, Param, Req, Res, type Type } from '@nestjs/common';
import type { Request, Response } from 'express';
import { Public } from '../tenancy/identity.decorators.js';
import type { MediaFiles } from './media-files.js';

/**
 * A service's public media route, `GET /<route>/<key>`, answered by `MediaFiles.serve` of the provider `owner`
 * (from the folder or the bucket alike). No sign-in: the random part of each key makes its URL a capability, so the
 * connector can fetch what it is asked to send. `controllers: [mediaRouteController('media/x', XMedia)]`.
 */
export function mediaRouteController(
  route: string,
  owner: Type<{ readonly files: MediaFiles }>,
): Type<{ serve(path: string | string[], request: Request, response: Response): Promise<void> }> {
  @Controller(route)
  class MediaRouteController {
    constructor(@Inject(owner) private readonly media: { readonly files: MediaFiles }) {}

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
  return MediaRouteController;
}
