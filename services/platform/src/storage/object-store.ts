import type { Readable } from 'node:stream';

/** An object read back: the bytes as a stream, with what the store said about them (206 for a `Range`, 416 when unsatisfiable). */
export interface StoredObject {
  readonly status: 200 | 206 | 416;
  readonly body: Readable;
  readonly contentType: string | null;
  readonly contentLength: number | null;
  readonly contentRange: string | null;
  readonly etag: string | null;
  readonly lastModified: string | null;
}

/** What `write` stores: bytes already in memory, or a stream read once and never held whole. */
export type ObjectBody = Buffer | AsyncIterable<Uint8Array>;

export interface WriteOptions {
  /** The type stored with the object (the local folder keeps none: its reads sniff the bytes). */
  readonly contentType: string;
  /** The byte count of a streamed body, when known (the S3 store otherwise spools it to a temporary file first). */
  readonly contentLength?: number | undefined;
}

/**
 * Where a service's stored files live: a local folder (`LocalObjectStore`) or an S3-compatible bucket
 * (`S3ObjectStore`), chosen by the `MEDIA_*` settings (`mediaObjectStore`). Keys are `/`-separated relative paths
 * that the calling service has already checked against its own layout.
 */
export interface ObjectStore {
  readonly kind: 'local' | 's3';
  /** Where the objects are, for logs (never a credential). */
  readonly location: string;
  /**
   * Stores `body` under `key`, streaming it; nothing is visible under `key` until the whole body arrived (an error of
   * the body's source, such as a size limit, leaves nothing behind). Resolves with the stored byte count.
   */
  write(key: string, body: ObjectBody, options: WriteOptions): Promise<{ size: number }>;
  /** Opens an object for reading (`range`: a client's HTTP `Range` header), or null when there is none. */
  open(key: string, range?: string): Promise<StoredObject | null>;
  /** Removes an object; removing one that is not there is not an error. */
  delete(key: string): Promise<void>;
}
