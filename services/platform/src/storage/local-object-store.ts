import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sniffType } from '../uploads/sniff.js';
import type { ObjectBody, ObjectStore, StoredObject, WriteOptions } from './object-store.js';

/** How much of a file its type is sniffed from (as `sniffStoredFile` does). */
const SNIFFED_BYTES = 8_192;

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
    // the stream reads from the handle opened here: what was found is what is read
    const handle = await open(absolute, 'r').catch(() => null);
    if (!handle) return null;
    try {
      const info = await handle.stat();
      if (!info.isFile()) {
        await handle.close();
        return null;
      }
      const head = Buffer.alloc(Math.min(SNIFFED_BYTES, info.size));
      await handle.read(head, 0, head.length, 0);
      const contentType = (await sniffType(head, key)) ?? 'application/octet-stream';
      const etag = `W/"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
      const lastModified = info.mtime.toUTCString();
      const wanted = byteRangeOf(range, info.size);
      if (wanted === 'unsatisfiable') {
        await handle.close();
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
      return {
        status: wanted ? 206 : 200,
        body: handle.createReadStream(wanted ?? {}),
        contentType,
        contentLength: wanted ? wanted.end - wanted.start + 1 : info.size,
        contentRange: wanted ? `bytes ${wanted.start}-${wanted.end}/${info.size}` : null,
        etag,
        lastModified,
      };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    const absolute = this.pathOf(key);
    if (absolute) await rm(absolute, { force: true });
  }
}
