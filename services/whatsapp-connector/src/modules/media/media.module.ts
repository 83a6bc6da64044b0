import { Global, Module } from '@nestjs/common';
import { MediaController } from './media.controller.js';
import { MediaStoreService } from './media-store.js';

@Global()
@Module({ controllers: [MediaController], providers: [MediaStoreService], exports: [MediaStoreService] })
export class MediaModule {}
