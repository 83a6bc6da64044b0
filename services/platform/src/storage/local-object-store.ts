import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sniffStoredFile } from '../uploads/safe-file-headers.js';
import type { ObjectBody, ObjectStore, StoredObject, WriteOptions } from './object-store.js';

/**
 * The byte range a single-range `Range` header asks of `size` bytes: `{ start, end }` (inclusive), `'unsatisfiable'`,
 * or null when the header is absent, malformed or asks for several ranges (the whole object is then answered, as
 * RFC 9110 allows).
 */
export function byteRangeOf(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | null {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '');
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size) return 'unsatisfiable';
  return end < start ? null : { start, end };
}

/**
 * Objects as files of a local folder (`MEDIA_DIR`): `<dir>/<key>`. A write streams into a dot-led temporary file
 * beside its target and is renamed into place once complete; a read sniffs the file's first bytes for its type (the
 * folder keeps none) and honours a single `Range`. A key that leaves the folder or has an empty or dot-led segment
 * is never read, written or removed.
 */
export class LocalObjectStore implements ObjectStore {
  readonly kind = 'local';
  readonly root: string;

  constructor(dir: string) {
    this.root = resolve(dir);
  }

  get location(): string {
    return `folder ${this.root}`;
  }

  /** The file of `key`, or null when the key is not one this store accepts. */
  pathOf(key: string): string | null {
    if (key.split('/').some((segment) => segment === '' || segment.startsWith('.') || segment.includes('\\'))) {
      return null;
    }
    const absolute = resolve(this.root, key);
    return absolute.startsWith(`${this.root}${sep}`) ? absolute : null;
  }

  async write(key: string, body: ObjectBody, _options: WriteOptions): Promise<{ size: number }> {
    const absolute = this.pathOf(key);
    if (!absolute) throw new Error(`not a storable key: ${JSON.stringify(key)}`);
    await mkdir(dirname(absolute), { recursive: true });
    const partial = join(dirname(absolute), `.${randomUUID()}.part`);
    let size = 0;
    const counted = async function* count(source: ObjectBody): AsyncIterable<Uint8Array> {
      for await (const chunk of Buffer.isBuffer(source) ? [source] : source) {
        size += chunk.length;
        yield chunk;
      }
    };
    try {
      await pipeline(Readable.from(counted(body)), createWriteStream(partial, { flags: 'wx' }));
      await rename(partial, absolute);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
    return { size };
  }

  async open(key: string, range?: string): Promise<StoredObject | null> {
    const absolute = this.pathOf(key);
    if (!absolute) return null;
    const info = await stat(absolute).catch(() => null);
    if (!info?.isFile()) return null;
    const contentType = await sniffStoredFile(absolute, key);
    const etag = `W/"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
    const lastModified = info.mtime.toUTCString();
    const wanted = byteRangeOf(range, info.size);
    if (wanted === 'unsatisfiable') {
      return {
        status: 416,
        body: Readable.from([]),
        contentType: null,
        contentLength: 0,
        contentRange: `bytes */${info.size}`,
        etag: null,
        lastModified: null,
      };
    }
    if (wanted) {
      return {
        status: 206,
        body: createReadStream(absolute, wanted),
        contentType,
        contentLength: wanted.end - wanted.start + 1,
        contentRange: `bytes ${wanted.start}-${wanted.end}/${info.size}`,
        etag,
        lastModified,
      };
    }
    return {
      status: 200,
      body: createReadStream(absolute),
      contentType,
      contentLength: info.size,
      contentRange: null,
      etag,
      lastModified,
    };
  }

  async delete(key: string): Promise<void> {
    const absolute = this.pathOf(key);
    if (absolute) await rm(absolute, { force: true });
  }
}
