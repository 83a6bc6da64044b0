import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { Logger } from 'pino';
import { DomainError } from '@cs/platform/errors';
import { LOGGER } from '@cs/platform/logging';
import { MEDIA_OBJECT_STORE, type ObjectStore, serveStoredObject } from '@cs/platform/storage';

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
const STORED_NAME = /^[0-9a-f-]{36}\.(png|jpg)$/;

/** The image types announcements accept (the spec: png, jpg, jpeg), recognised by their bytes, not their name. */
export function imageTypeOf(bytes: Buffer): 'png' | 'jpg' | undefined {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  return undefined;
}

/**
 * Announcement images in the platform's media store (`MEDIA_DIR`, or the bucket of `MEDIA_S3_*`), under
 * `announcements/<uuid>.<png|jpg>` (unguessable names); a name of any other shape is never read or removed.
 */
@Injectable()
export class AnnouncementMediaStore {
  private readonly logger: Logger;

  constructor(
    @Inject(MEDIA_OBJECT_STORE) private readonly store: ObjectStore,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.logger = logger.child({ component: 'media', backend: store.kind });
  }

  /** Stores an image; 415 unless its bytes are a PNG or a JPEG, 503 when the store refuses the write. */
  async save(bytes: Buffer): Promise<string> {
    const type = imageTypeOf(bytes);
    if (!type) throw new DomainError('ERR_UNSUPPORTED_MEDIA_TYPE');
    const name = `${randomUUID()}.${type}`;
    try {
      await this.store.write(`announcements/${name}`, bytes, {
        contentType: type === 'png' ? 'image/png' : 'image/jpeg',
      });
    } catch (error) {
      this.logger.error({ err: error }, 'storing an announcement image failed');
      throw new DomainError('ERR_SERVICE_UNAVAILABLE');
    }
    return name;
  }

  /** Answers the public image route (`serveStoredObject`); 404 for a name that is not one of ours. */
  async serve(name: string, request: Request, response: Response): Promise<void> {
    if (!STORED_NAME.test(name)) throw new DomainError('ERR_NOT_FOUND');
    await serveStoredObject(this.store, `announcements/${name}`, request, response, this.logger);
  }

  /** Removes an image; a failure leaves an unreachable orphan (logged), never fails the caller's change. */
  async remove(name: string | null): Promise<void> {
    if (!name || !STORED_NAME.test(name)) return;
    await this.store.delete(`announcements/${name}`).catch((error: unknown) => {
      this.logger.warn({ err: error, name }, 'removing an announcement image failed');
    });
  }
}
