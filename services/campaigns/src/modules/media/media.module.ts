import { Global, Module } from '@nestjs/common';
import { mediaObjectStoreProvider, mediaRouteController } from '@cs/platform/storage';
import { MEDIA_ROUTE, MediaStorage } from './media.storage.js';

/**
 * Campaign media and file-list files, and the route that serves them at
 * `/files/media/<company>/<campaign|fileList>/<id>/<uuid>-<name>` (through the gateway), where the connector
 * downloads them.
 */
@Global()
@Module({
  controllers: [mediaRouteController(MEDIA_ROUTE, MediaStorage)],
  providers: [mediaObjectStoreProvider, MediaStorage],
  exports: [MediaStorage],
})
export class MediaModule {}
