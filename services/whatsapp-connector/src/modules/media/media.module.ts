import { Global, Module } from '@nestjs/common';
import { APP_CONFIG } from '@cs/platform/config';
import type { ConnectorConfig } from '../../config/env.js';
import { MEDIA_BACKEND } from './media-backend.js';
import { MediaController } from './media.controller.js';
import { mediaBackendFor, MediaStoreService } from './media-store.js';

@Global()
@Module({
  controllers: [MediaController],
  providers: [
    {
      provide: MEDIA_BACKEND,
      inject: [APP_CONFIG],
      useFactory: (config: ConnectorConfig) => mediaBackendFor(config),
    },
    MediaStoreService,
  ],
  exports: [MediaStoreService],
})
export class MediaModule {}
