import { Global, Module } from '@nestjs/common';
import { mediaObjectStoreProvider } from '@cs/platform/storage';
import { MediaController } from './media.controller.js';
import { MediaStorage } from './media.storage.js';

@Global()
@Module({
  controllers: [MediaController],
  providers: [mediaObjectStoreProvider, MediaStorage],
  exports: [MediaStorage],
})
export class MediaModule {}
