import { Global, Module } from '@nestjs/common';
import { mediaObjectStoreProvider } from '@cs/platform/storage';
import { MediaController } from './media.controller.js';
import { MediaStoreService } from './media-store.js';

@Global()
@Module({
  controllers: [MediaController],
  providers: [mediaObjectStoreProvider, MediaStoreService],
  exports: [MediaStoreService],
})
export class MediaModule {}
