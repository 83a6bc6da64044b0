import { createReadStream } from 'node:fs';
import { mkdir, stat, writeFile } from 'node:fs/promises';
import { dirname, extname, resolve, sep } from 'node:path';
import type { MediaBackend, MediaObject } from './media-backend.js';

/** Media in a local folder (`WHATSAPP_MEDIA_DIR`): the default. The media route serves these with `sendFile`. */
export class LocalMediaBackend implements MediaBackend {
  readonly kind = 'local';
  readonly root: string;

  constructor(dir: string) {
    this.root = resolve(dir);
  }

  async write(key: string, data: Buffer): Promise<void> {
    const absolute = this.resolvePath(key);
    if (!absolute) throw new Error('not a media path');
    await mkdir(dirname(absolute), { recursive: true });
    await writeFile(absolute, data);
  }

  async open(key: string): Promise<MediaObject | null> {
    const absolute = this.resolvePath(key);
    if (!absolute) return null;
    const info = await stat(absolute).catch(() => null);
    if (!info?.isFile()) return null;
    return {
      status: 200,
      body: createReadStream(absolute),
      contentType: mimeOf(key),
      contentLength: info.size,
      contentRange: null,
      etag: null,
      lastModified: info.mtime.toUTCString(),
    };
  }

  /** The absolute file of a public path, or null when it leaves the folder or names a dot-file. */
  resolvePath(path: string): string | null {
    if (path.split('/').some((segment) => segment.startsWith('.') || segment === '')) return null;
    const absolute = resolve(this.root, path);
    return absolute.startsWith(`${this.root}${sep}`) ? absolute : null;
  }
}

export const EXTENSIONS: Record<string, string> = {
  'image/jpeg': '.jpg',
  'image/png': '.png',
  'image/webp': '.webp',
  'video/mp4': '.mp4',
  'audio/ogg': '.ogg',
  'audio/mpeg': '.mp3',
  'application/pdf': '.pdf',
};

/** The type of a stored file by its extension (the local folder keeps no type). */
export function mimeOf(fileName: string): string {
  const extension = extname(fileName).toLowerCase();
  return Object.entries(EXTENSIONS).find(([, ext]) => ext === extension)?.[0] ?? 'application/octet-stream';
}
