import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '@cs/platform/config';
import { DomainError } from '@cs/platform/errors';
import type { IdentityConfig } from '../../config/env.js';

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
const STORED_NAME = /^[0-9a-f-]{36}\.(png|jpg)$/;

/** The image types announcements accept (the spec: png, jpg, jpeg), recognised by their bytes, not their name. */
export function imageTypeOf(bytes: Buffer): 'png' | 'jpg' | undefined {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  return undefined;
}

/** Announcement images on the local media folder, under unguessable names. */
@Injectable()
export class AnnouncementMediaStore {
  private readonly dir: string;

  constructor(@Inject(APP_CONFIG) config: IdentityConfig) {
    this.dir = resolve(config.MEDIA_DIR, 'announcements');
  }

  async save(bytes: Buffer): Promise<string> {
    const type = imageTypeOf(bytes);
    if (!type) throw new DomainError('ERR_UNSUPPORTED_MEDIA_TYPE');
    const name = `${randomUUID()}.${type}`;
    await mkdir(this.dir, { recursive: true });
    await writeFile(join(this.dir, name), bytes);
    return name;
  }

  async read(name: string): Promise<{ bytes: Buffer; contentType: string }> {
    if (!STORED_NAME.test(name)) throw new DomainError('ERR_NOT_FOUND');
    try {
      const bytes = await readFile(join(this.dir, name));
      return { bytes, contentType: name.endsWith('.png') ? 'image/png' : 'image/jpeg' };
    } catch {
      throw new DomainError('ERR_NOT_FOUND');
    }
  }

  async remove(name: string | null): Promise<void> {
    if (name && STORED_NAME.test(name)) await rm(join(this.dir, name), { force: true });
  }
}
