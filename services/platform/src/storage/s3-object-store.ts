import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { ObjectBody, ObjectStore, StoredObject, WriteOptions } from './object-store.js';
import { amzDateOf, awsEncode, EMPTY_SHA256, encodeS3Path, sha256Hex, signV4 } from './sigv4.js';

/** The `x-amz-content-sha256` of a streamed body: S3 takes the payload unsigned (the request itself stays signed). */
const UNSIGNED_PAYLOAD = 'UNSIGNED-PAYLOAD';

export interface S3Settings {
  readonly bucket: string;
  /** Default: AWS, `https://s3.<region>.amazonaws.com`. */
  readonly endpoint?: string | undefined;
  readonly region: string;
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
  /** `<endpoint>/<bucket>/<key>` (MinIO and most S3-compatibles) instead of `<bucket>.<endpoint host>/<key>`. */
  readonly forcePathStyle: boolean;
  /** How long a request may take to answer (its headers; a GET's body then streams without limit). */
  readonly timeoutMs?: number;
}

/** An error answer of S3 (its XML `<Code>` and `<Message>`), or `code: 'NetworkError'` (status 0) when unreachable. */
export class S3Error extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'S3Error';
  }

  /** A refusal that a retry will not change (credentials, permissions, missing bucket, bad request). */
  get permanent(): boolean {
    return this.status >= 400 && this.status < 500 && this.status !== 408 && this.status !== 429;
  }
}

/**
 * Objects of an S3-compatible bucket (AWS, MinIO, R2, Wasabi...): PUT, GET and DELETE signed with AWS Signature
 * Version 4 (`sigv4.ts`). The secret only ever enters the HMAC; it is never logged nor put in an error. The endpoint
 * is operator configuration (never a tenant's URL), so requests go out with plain `fetch`, not `SafeHttpClient`.
 * A body in memory is sent with its SHA-256; a stream is sent as it is read, with `UNSIGNED-PAYLOAD` and its length
 * (S3 refuses a PUT without `Content-Length`): given by the caller, or learnt by spooling the stream to a temporary
 * file first, never by holding it in memory.
 */
export class S3ObjectStore implements ObjectStore {
  readonly kind = 's3';
  private readonly endpoint: URL;

  constructor(private readonly settings: S3Settings) {
    this.endpoint = new URL(settings.endpoint ?? `https://s3.${settings.region}.amazonaws.com`);
  }

  /** Where the bucket is, for logs (no credentials in it). */
  get location(): string {
    return `${this.endpoint.origin} bucket ${this.settings.bucket}`;
  }

  async write(key: string, body: ObjectBody, options: WriteOptions): Promise<{ size: number }> {
    if (Buffer.isBuffer(body)) {
      await this.put(key, body, body.length, options.contentType);
      return { size: body.length };
    }
    if (options.contentLength !== undefined) {
      await this.put(key, Readable.from(body), options.contentLength, options.contentType);
      return { size: options.contentLength };
    }
    const spool = join(tmpdir(), `cs-s3-${randomUUID()}.part`);
    try {
      await pipeline(Readable.from(body), createWriteStream(spool, { flags: 'wx', mode: 0o600 }));
      const { size } = await stat(spool);
      await this.put(key, createReadStream(spool), size, options.contentType);
      return { size };
    } finally {
      await rm(spool, { force: true });
    }
  }

  private async put(key: string, body: Buffer | Readable, length: number, contentType: string): Promise<void> {
    const headers = { 'content-type': contentType, 'content-length': String(length) };
    const response = await this.request('PUT', key, headers, body);
    if (response.status !== 200) throw await this.errorOf('PUT', response);
    await response.body?.cancel();
  }

  async open(key: string, range?: string): Promise<StoredObject | null> {
    const response = await this.request('GET', key, range ? { range } : {});
    if (response.status === 404) {
      const error = await this.errorOf('GET', response);
      if (error.code === 'NoSuchKey') return null;
      throw error;
    }
    if (response.status === 416) {
      await response.body?.cancel();
      return {
        status: 416,
        body: Readable.from([]),
        contentType: null,
        contentLength: 0,
        contentRange: response.headers.get('content-range'),
        etag: null,
        lastModified: null,
      };
    }
    if (response.status !== 200 && response.status !== 206) throw await this.errorOf('GET', response);
    const length = response.headers.get('content-length');
    return {
      status: response.status,
      body: response.body ? Readable.fromWeb(response.body as WebReadableStream<Uint8Array>) : Readable.from([]),
      contentType: response.headers.get('content-type'),
      contentLength: length === null ? null : Number(length),
      contentRange: response.headers.get('content-range'),
      etag: response.headers.get('etag'),
      lastModified: response.headers.get('last-modified'),
    };
  }

  /** Removes an object; removing one that is not there is not an error (S3 answers 204 either way). */
  async delete(key: string): Promise<void> {
    const response = await this.request('DELETE', key, {});
    if (response.status !== 204 && response.status !== 200) throw await this.errorOf('DELETE', response);
    await response.body?.cancel();
  }

  private async request(
    method: 'GET' | 'PUT' | 'DELETE',
    key: string,
    extra: Record<string, string>,
    body?: Buffer | Readable,
  ): Promise<Response> {
    const { bucket, forcePathStyle } = this.settings;
    const base = this.endpoint.pathname.replace(/\/$/, '');
    const host = forcePathStyle ? this.endpoint.host : `${bucket}.${this.endpoint.host}`;
    const path = forcePathStyle ? `${base}/${awsEncode(bucket)}/${encodeS3Path(key)}` : `/${encodeS3Path(key)}`;
    const amzDate = amzDateOf(new Date());
    const payloadHash = body === undefined ? EMPTY_SHA256 : Buffer.isBuffer(body) ? sha256Hex(body) : UNSIGNED_PAYLOAD;
    const headers: Record<string, string> = {
      ...extra,
      'x-amz-content-sha256': payloadHash,
      'x-amz-date': amzDate,
    };
    const { authorization } = signV4(
      { method, path, headers: { ...headers, host }, payloadHash, amzDate },
      {
        accessKeyId: this.settings.accessKeyId,
        secretAccessKey: this.settings.secretAccessKey,
        region: this.settings.region,
      },
    );
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), this.settings.timeoutMs ?? 60_000);
    try {
      return await fetch(`${this.endpoint.protocol}//${host}${path}`, {
        method,
        headers: { ...headers, authorization },
        // a stream goes out as it is read (`duplex: 'half'`, undici's requirement for a streamed request body)
        ...(body === undefined
          ? {}
          : Buffer.isBuffer(body)
            ? { body }
            : { body: body as unknown as NonNullable<RequestInit['body']>, duplex: 'half' }),
        signal: abort.signal,
      });
    } catch (error) {
      // a streamed body whose source failed (a size limit, a broken download): that failure, not the network's
      if (body instanceof Readable && body.errored) throw body.errored;
      const cause = (error as Error).cause;
      const reason = abort.signal.aborted
        ? 'timed out'
        : cause instanceof Error
          ? cause.message
          : (error as Error).message;
      throw new S3Error(0, 'NetworkError', `S3 ${method} at ${this.location}: ${reason}`);
    } finally {
      clearTimeout(timer);
    }
  }

  private async errorOf(method: string, response: Response): Promise<S3Error> {
    const text = await response.text().catch(() => '');
    const code = /<Code>([^<]*)<\/Code>/.exec(text)?.[1] ?? `HTTP${response.status}`;
    const message = /<Message>([^<]*)<\/Message>/.exec(text)?.[1] ?? '';
    return new S3Error(
      response.status,
      code,
      `S3 ${method} at ${this.location} answered ${response.status} ${code}${message ? `: ${message}` : ''}`,
    );
  }
}
