import type { WAMessage } from 'baileys';
import type { WaMediaDownloader, WaSocketFactory, WaSocketLike, WaSocketOptions } from './baileys.port.js';

/**
 * The production socket: the only place `makeWASocket` is called. Baileys (ESM, ~60 MB once loaded) is imported
 * on first use, not at boot. Never used by tests (a real socket in CI turns ECONNREFUSED into a 408 loop).
 */
export class RealWaSocketFactory implements WaSocketFactory {
  async create(options: WaSocketOptions): Promise<WaSocketLike> {
    const baileys = await import('baileys');
    const socket = baileys.makeWASocket({
      auth: options.auth,
      logger: options.logger.child({ part: 'baileys' }, { level: 'warn' }),
      ...(options.version ? { version: [...options.version] as [number, number, number] } : {}),
      browser: baileys.Browsers.ubuntu('Chrome'),
      syncFullHistory: false,
      markOnlineOnConnect: false,
      getMessage: (key) => options.getMessage(key),
      cachedGroupMetadata: (jid) => options.cachedGroupMetadata(jid),
      shouldIgnoreJid: (jid) => options.shouldIgnoreJid(jid),
      msgRetryCounterCache: options.msgRetryCounterCache,
    });
    return socket;
  }
}

/** Downloads and decrypts media from WhatsApp's CDN, asking the phone to re-upload expired files. */
export class RealWaMediaDownloader implements WaMediaDownloader {
  async download(message: WAMessage, socket: WaSocketLike): Promise<AsyncIterable<Uint8Array>> {
    const baileys = await import('baileys');
    const real = socket as unknown as { updateMediaMessage?: (message: WAMessage) => Promise<WAMessage> };
    return baileys.downloadMediaMessage(
      message,
      'stream',
      {},
      {
        logger: baileys.DEFAULT_CONNECTION_CONFIG.logger,
        reuploadRequest: (msg) => (real.updateMediaMessage ? real.updateMediaMessage(msg) : Promise.resolve(msg)),
      },
    );
  }
}
