import { Global, Module } from '@nestjs/common';
import { mediaObjectStoreProvider, mediaRouteController } from '@cs/platform/storage';
import { MEDIA_ROUTE, MediaStoreService } from './media-store.js';

/**
 * The media contacts send and receive, and the route that serves them at
 * `/media/whatsapp/<company>/<connection>/<uuid>-<name>` (public: the name is the secret).
 */
@Global()
@Module({
  controllers: [mediaRouteController(MEDIA_ROUTE, MediaStoreService)],
  providers: [mediaObjectStoreProvider, MediaStoreService],
  exports: [MediaStoreService],
})
export class MediaModule {}
