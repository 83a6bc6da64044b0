import { Module } from '@nestjs/common';
import { mediaObjectStoreProvider } from '@cs/platform/storage';
import { MediaController } from './media.controller.js';
import { MediaStorage } from './media.storage.js';

/** Stored media files: the storage the sending and chatbot flows write through, and the route that serves them. */
@Module({
  controllers: [MediaController],
  providers: [mediaObjectStoreProvider, MediaStorage],
  exports: [MediaStorage],
})
export class MediaModule {}
