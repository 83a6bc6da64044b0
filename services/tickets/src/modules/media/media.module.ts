import { Module } from '@nestjs/common';
import { mediaObjectStoreProvider, mediaRouteController } from '@cs/platform/storage';
import { MEDIA_ROUTE, MediaStorage } from './media.storage.js';

/**
 * Stored media files: the storage the sending and chatbot flows write through, and the route that serves them at
 * `/media/tickets/<company>/<folder>/<uuid>-<name>` (through the gateway).
 */
@Module({
  controllers: [mediaRouteController(MEDIA_ROUTE, MediaStorage)],
  providers: [mediaObjectStoreProvider, MediaStorage],
  exports: [MediaStorage],
})
export class MediaModule {}
