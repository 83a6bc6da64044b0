import type { StoredObject } from '@cs/platform/storage';

/**
 * Where stored media bytes live: the local folder (`LocalMediaBackend`) or an S3 bucket (`S3ObjectStore` of
 * `@cs/platform/storage`, which has this shape).
 */
export interface MediaBackend {
  readonly kind: 'local' | 's3';
  /** Writes an object under `key` (`<company>/<connection>/<uuid>-<name>`, already checked by `isMediaKey`). */
  write(key: string, data: Buffer, contentType: string): Promise<void>;
  /**
   * Opens an object for reading, or null when there is none. `range` is a client's HTTP `Range` header, honoured
   * when the backend can (the answer then has `status: 206` and `contentRange`).
   */
  open(key: string, range?: string): Promise<MediaObject | null>;
}

/** What a backend answers for a read (the S3 store's shape, shared by the folder backend). */
export type MediaObject = StoredObject;

export const MEDIA_BACKEND = Symbol('MEDIA_BACKEND');

/**
 * A key of ours: `<company>/<connection>/<name>`, no empty, dot-led or control-character segment. Anything else
 * (`..`, `.hidden`, other objects of a shared bucket) is never read or served.
 */
export const isMediaKey = (key: string): boolean =>
  /^\d+\/\d+\/[^/]+$/.test(key) &&
  !key.split('/').some((segment) => segment.startsWith('.')) &&
  // eslint-disable-next-line no-control-regex
  !/[\u0000-\u001f\u007f\\]/.test(key);
