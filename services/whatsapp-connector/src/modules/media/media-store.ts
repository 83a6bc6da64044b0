import { randomUUID } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { basename, extname, join, resolve, sep } from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '@cs/platform/config';
import type { ConnectorConfig } from '../../config/env.js';
import { type MediaStore, MediaRejectedError } from '../../providers/provider.port.js';

export const MEDIA_ROUTE = 'media/whatsapp';

/** MIME types WhatsApp carries that we store (anything else is refused with `MediaRejectedError`). */
const ALLOWED =
  /^(image\/(jpeg|png|webp|gif)|video\/(mp4|3gpp|quicktime)|audio\/(ogg|mpeg|mp4|aac|amr|wav|webm)|application\/(pdf|zip|msword|vnd\.[\w.+-]+|octet-stream)|text\/(plain|csv|vcard|x-vcard))(;.*)?$/;

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': '.jpg',
  'image/png': '.png',
  'image/webp': '.webp',
  'video/mp4': '.mp4',
  'audio/ogg': '.ogg',
  'audio/mpeg': '.mp3',
  'application/pdf': '.pdf',
};

/**
 * Media stored once, in the local folder `WHATSAPP_MEDIA_DIR` (`<company>/<connection>/<uuid>-<name>`, the random part
 * makes the URL unguessable), served at `${PUBLIC_URL}/media/whatsapp/<path>`. S3-compatible storage is not
 * implemented yet (see the README).
 */
@Injectable()
export class MediaStoreService implements MediaStore {
  readonly root: string;

  constructor(@Inject(APP_CONFIG) private readonly config: ConnectorConfig) {
    this.root = resolve(config.WHATSAPP_MEDIA_DIR);
  }

  private get prefix(): string {
    return `${this.config.PUBLIC_URL.replace(/\/$/, '')}/${MEDIA_ROUTE}/`;
  }

  async put(input: Parameters<MediaStore['put']>[0]): ReturnType<MediaStore['put']> {
    const mimeType = input.mimeType.toLowerCase();
    if (!ALLOWED.test(mimeType)) {
      throw new MediaRejectedError('type-not-allowed', `media type ${mimeType} is not accepted`);
    }
    const data = await this.collect(input.data);
    const safe =
      (input.fileName ?? '')
        .replace(/[/\\]/g, '_')
        .replace(/[^\w.\-À-ÿ]/g, '_')
        .replace(/^\.+/, '')
        .slice(-120) || `arquivo${EXTENSIONS[mimeType.split(';')[0] ?? ''] ?? ''}`;
    const folder = join(String(input.companyId), String(input.connectionId));
    const relative = `${folder}/${randomUUID()}-${safe}`;
    await mkdir(join(this.root, folder), { recursive: true });
    await writeFile(join(this.root, relative), data);
    return { url: this.prefix + relative, mimeType, fileName: safe, size: data.length };
  }

  private async collect(data: Buffer | AsyncIterable<Uint8Array>): Promise<Buffer> {
    const max = this.config.MEDIA_MAX_BYTES;
    if (Buffer.isBuffer(data)) {
      if (data.length > max) throw new MediaRejectedError('too-large', `media larger than ${max} bytes`);
      return data;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of data) {
      size += chunk.length;
      if (size > max) throw new MediaRejectedError('too-large', `media larger than ${max} bytes`);
      chunks.push(Buffer.from(chunk));
    }
    return Buffer.concat(chunks);
  }

  async get(url: string): ReturnType<MediaStore['get']> {
    if (url.startsWith(this.prefix)) {
      const absolute = this.resolvePath(decodeURIComponent(url.slice(this.prefix.length)));
      if (!absolute) throw new MediaRejectedError('unreadable', 'not a stored media path');
      const data = await readFile(absolute);
      const fileName = basename(absolute).replace(/^[0-9a-f-]{36}-/, '');
      return { data, mimeType: mimeOf(fileName), fileName };
    }
    const response = await fetch(url);
    if (!response.ok) throw new MediaRejectedError('unreadable', `fetching media answered ${response.status}`);
    const length = Number(response.headers.get('content-length') ?? 0);
    if (length > this.config.MEDIA_MAX_BYTES) throw new MediaRejectedError('too-large', 'media too large');
    const data = Buffer.from(await response.arrayBuffer());
    if (data.length > this.config.MEDIA_MAX_BYTES) throw new MediaRejectedError('too-large', 'media too large');
    const fileName = decodeURIComponent(basename(new URL(url).pathname)).replace(/^[0-9a-f-]{36}-/, '') || 'arquivo';
    return { data, mimeType: response.headers.get('content-type') ?? mimeOf(fileName), fileName };
  }

  /** The absolute file of a public path, or null when it leaves the folder or names a dot-file. */
  resolvePath(path: string): string | null {
    if (path.split('/').some((segment) => segment.startsWith('.') || segment === '')) return null;
    const absolute = resolve(this.root, path);
    return absolute.startsWith(`${this.root}${sep}`) ? absolute : null;
  }
}

function mimeOf(fileName: string): string {
  const extension = extname(fileName).toLowerCase();
  return Object.entries(EXTENSIONS).find(([, ext]) => ext === extension)?.[0] ?? 'application/octet-stream';
}
