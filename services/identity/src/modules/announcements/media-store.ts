import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Readable } from 'node:stream';
import type { Request, Response } from 'express';
import type { Logger } from 'pino';
import { DomainError } from '@cs/platform/errors';
import { LOGGER } from '@cs/platform/logging';
import { MEDIA_OBJECT_STORE, type ObjectStore, serveStoredObject } from '@cs/platform/storage';
import type { UploadTarget } from '@cs/platform/uploads';

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
const STORED_NAME = /^[0-9a-f-]{36}\.(png|jpg)$/;

/** The image types announcements accept (the spec: png, jpg, jpeg), recognised by their bytes, not their name. */
export const ANNOUNCEMENT_IMAGE_TYPES = ['image/png', 'image/jpeg'] as const;

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

  /**
   * Where the upload route streams an image (its type sniffed as it arrives, one of `ANNOUNCEMENT_IMAGE_TYPES`):
   * `announcements/<uuid>.<png|jpg>`; a body failing leaves nothing, 503 when the store refuses the write.
   */
  uploadTarget(): UploadTarget {
    return {
      write: async (file: { sniffedType: string }, body: Readable) => {
        const key = `announcements/${randomUUID()}.${file.sniffedType === 'image/png' ? 'png' : 'jpg'}`;
        try {
          await this.store.write(key, body, { contentType: file.sniffedType });
        } catch (error) {
          if (error instanceof DomainError) throw error;
          this.logger.error({ err: error }, 'storing an announcement image failed');
          throw new DomainError('ERR_SERVICE_UNAVAILABLE');
        }
        return { key };
      },
      remove: (key: string) => this.remove(key.slice('announcements/'.length)),
    };
  }

  /** The stored name of an image the upload route streamed (`uploadTarget`). */
  nameOf(key: string): string {
    const name = key.slice('announcements/'.length);
    if (!key.startsWith('announcements/') || !STORED_NAME.test(name))
      throw new Error(`not an announcement image: ${key}`);
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
