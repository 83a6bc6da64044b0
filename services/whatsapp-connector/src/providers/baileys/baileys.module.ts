import { Module, type DynamicModule } from '@nestjs/common';
import { baileysOptionsFromEnv, type BaileysEnv } from './baileys.config.js';
import { BaileysProvider } from './baileys.provider.js';
import { BAILEYS_OPTIONS, WA_MEDIA_DOWNLOADER, WA_SOCKET_FACTORY } from './baileys.port.js';
import { RealWaMediaDownloader, RealWaSocketFactory } from './real-socket.factory.js';

/**
 * Provides `BaileysProvider` (the lead adds it to the core's `SESSION_PROVIDERS`). The socket factory and media
 * downloader are real by default; tests override `WA_SOCKET_FACTORY` / `WA_MEDIA_DOWNLOADER`.
 */
@Module({})
export class BaileysModule {
  static forRoot(env: Partial<BaileysEnv>): DynamicModule {
    return {
      module: BaileysModule,
      providers: [
        { provide: BAILEYS_OPTIONS, useValue: baileysOptionsFromEnv(env) },
        { provide: WA_SOCKET_FACTORY, useClass: RealWaSocketFactory },
        { provide: WA_MEDIA_DOWNLOADER, useClass: RealWaMediaDownloader },
        BaileysProvider,
      ],
      exports: [BaileysProvider],
    };
  }
}
