import type { WAMessage } from 'baileys';
import type { InboundMessage } from '@cs/proto/events';
import { MediaRejectedError, refusedMediaOf, type SessionContext } from '../provider.port.js';
import { extensionOf, type Classified } from './baileys.mapper.js';
import type { WaMediaDownloader, WaSocketLike } from './baileys.port.js';

/**
 * Inbound files into the media store: a message's media (downloaded and decrypted from WhatsApp's CDN) and a
 * location's thumbnail. A file that cannot be had is left out: the message still reaches the ticket, without it.
 */
export class BaileysMedia {
  constructor(
    private readonly context: Pick<SessionContext, 'connection' | 'media' | 'logger'>,
    private readonly downloader: WaMediaDownloader,
  ) {}

  /**
   * The message's file in the store, or, when it could not be had (refused by the store, download failed), what it
   * was (`refusedMedia`) so the chat can name it.
   */
  async store(
    message: WAMessage,
    classified: Extract<Classified, { type: 'message' }>,
    socket: WaSocketLike | null,
  ): Promise<Pick<InboundMessage, 'media' | 'refusedMedia'>> {
    const media = classified.media;
    if (!media || !socket) return { media: null };
    const id = message.key.id ?? 'media';
    try {
      const data = await this.downloader.download(message, socket);
      const stored = await this.context.media.put({
        companyId: this.context.connection.companyId,
        connectionId: this.context.connection.id,
        data,
        mimeType: media.mimeType,
        fileName: media.fileName ?? `${id}.${extensionOf(media.mimeType)}`,
      });
      return { media: { ...stored, ...(media.kind === 'audio' ? { ptt: media.ptt } : {}) } };
    } catch (error) {
      // the message still reaches the ticket, with its caption and without the file
      if (error instanceof MediaRejectedError) {
        this.context.logger.info({ reason: error.reason }, 'inbound media rejected');
      } else {
        this.context.logger.warn({ err: error }, 'inbound media download failed');
      }
      return { media: null, refusedMedia: refusedMediaOf(error, media) };
    }
  }

  async storeThumbnail(thumbnail: Uint8Array | null, id: string): Promise<string | null> {
    if (!thumbnail) return null;
    try {
      const stored = await this.context.media.put({
        companyId: this.context.connection.companyId,
        connectionId: this.context.connection.id,
        data: Buffer.from(thumbnail),
        mimeType: 'image/jpeg',
        fileName: `${id}-location.jpg`,
      });
      return stored.url;
    } catch {
      return null;
    }
  }
}
