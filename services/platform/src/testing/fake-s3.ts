/**
 * A stand-in for an S3-compatible bucket (path-style: `/<bucket>/<key>`), on node:http. Every request must carry a
 * valid AWS Signature Version 4 `Authorization` header for the known access key and secret, recomputed here from
 * what arrived on the wire (the signer is checked against AWS's published examples in `sigv4.spec.ts`); otherwise
 * S3's 403 XML error (`SignatureDoesNotMatch`, `InvalidAccessKeyId`, `AccessDenied`). Objects live in memory.
 * Answers S3's shapes: PUT → 200 with `ETag`; GET → the bytes with `Content-Type` (206 for a `Range`); DELETE →
 * 204 (also for a key that is not there); a missing key → 404 `NoSuchKey`, an unknown bucket → 404 `NoSuchBucket`;
 * a PUT without `Content-Length` (a chunked body) → 411 `MissingContentLength`. A streamed body may be sent with
 * `x-amz-content-sha256: UNSIGNED-PAYLOAD` (the headers stay signed).
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { awsEncode, sha256Hex, signV4 } from '../storage/sigv4.js';

export interface FakeS3Object {
  readonly data: Buffer;
  readonly contentType: string;
  readonly etag: string;
  readonly lastModified: Date;
}

export interface FakeS3Request {
  readonly method: string;
  readonly path: string;
  readonly status: number;
  readonly code: string | null;
}

export class FakeS3 {
  readonly objects = new Map<string, FakeS3Object>();
  readonly requests: FakeS3Request[] = [];
  private server: Server | null = null;
  url = '';

  constructor(
    readonly bucket: string,
    readonly accessKeyId: string,
    /** The secret the bucket accepts; change it to play a revoked or mistyped key. */
    public secretAccessKey: string,
    readonly region = 'us-east-1',
  ) {}

  async start(): Promise<this> {
    this.server = createServer((request, response) => {
      void this.handle(request, response).catch((error: unknown) => {
        this.answerError(request, response, 500, 'InternalError', String(error));
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** The object under `key` in the bucket. */
  object(key: string): FakeS3Object | undefined {
    return this.objects.get(key);
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const url = new URL(request.url ?? '/', 'http://fake');
    const refusal = this.verify(request, url, body);
    if (refusal) return this.answerError(request, response, refusal.status, refusal.code, refusal.message);

    const [bucket, ...rest] = url.pathname.slice(1).split('/').map(decodeURIComponent);
    const key = rest.join('/');
    if (bucket !== this.bucket) {
      return this.answerError(request, response, 404, 'NoSuchBucket', 'The specified bucket does not exist');
    }
    if (request.method === 'PUT' && key) {
      if (request.headers['content-length'] === undefined) {
        return this.answerError(
          request,
          response,
          411,
          'MissingContentLength',
          'You must provide the Content-Length HTTP header.',
        );
      }
      const etag = `"${createHash('md5').update(body).digest('hex')}"`;
      this.objects.set(key, {
        data: body,
        contentType: request.headers['content-type'] ?? 'binary/octet-stream',
        etag,
        lastModified: new Date(),
      });
      this.record(request, 200, null);
      response.writeHead(200, { etag }).end();
      return;
    }
    if (request.method === 'GET' && key) {
      const object = this.objects.get(key);
      if (!object) return this.answerError(request, response, 404, 'NoSuchKey', 'The specified key does not exist.');
      const headers = {
        'content-type': object.contentType,
        etag: object.etag,
        'last-modified': object.lastModified.toUTCString(),
        'accept-ranges': 'bytes',
      };
      const range = /^bytes=(\d+)-(\d*)$/.exec(request.headers.range ?? '');
      if (range) {
        const start = Number(range[1]);
        const end = Math.min(range[2] ? Number(range[2]) : object.data.length - 1, object.data.length - 1);
        if (start >= object.data.length) {
          return this.answerError(request, response, 416, 'InvalidRange', 'The requested range is not satisfiable');
        }
        const part = object.data.subarray(start, end + 1);
        this.record(request, 206, null);
        response
          .writeHead(206, {
            ...headers,
            'content-length': part.length,
            'content-range': `bytes ${start}-${end}/${object.data.length}`,
          })
          .end(part);
        return;
      }
      this.record(request, 200, null);
      response.writeHead(200, { ...headers, 'content-length': object.data.length }).end(object.data);
      return;
    }
    if (request.method === 'DELETE' && key) {
      this.objects.delete(key);
      this.record(request, 204, null);
      response.writeHead(204).end();
      return;
    }
    this.answerError(request, response, 405, 'MethodNotAllowed', 'The specified method is not allowed');
  }

  /** S3's checks of a header-signed request, in its order; null when the signature holds. */
  private verify(
    request: IncomingMessage,
    url: URL,
    body: Buffer,
  ): { status: number; code: string; message: string } | null {
    const authorization = request.headers.authorization ?? '';
    const parsed =
      /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(
        authorization,
      );
    if (!parsed) return { status: 403, code: 'AccessDenied', message: 'Access Denied' };
    const [, accessKeyId, day, region, signedHeaders = '', signature] = parsed;
    if (accessKeyId !== this.accessKeyId) {
      return {
        status: 403,
        code: 'InvalidAccessKeyId',
        message: 'The AWS Access Key Id you provided does not exist in our records.',
      };
    }
    const amzDate = String(request.headers['x-amz-date'] ?? '');
    const payloadHash = String(request.headers['x-amz-content-sha256'] ?? '');
    const names = signedHeaders.split(';');
    if (
      region !== this.region ||
      !amzDate.startsWith(day ?? '-') ||
      !names.includes('host') ||
      !names.includes('x-amz-date') ||
      !names.includes('x-amz-content-sha256')
    ) {
      return { status: 400, code: 'AuthorizationHeaderMalformed', message: 'The authorization header is malformed' };
    }
    if (
      Math.abs(
        Date.parse(amzDate.replace(/^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z$/, '$1-$2-$3T$4:$5:$6Z')) - Date.now(),
      ) >
      15 * 60_000
    ) {
      return {
        status: 403,
        code: 'RequestTimeTooSkewed',
        message: 'The difference between the request time and the current time is too large.',
      };
    }
    if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256Hex(body)) {
      return {
        status: 400,
        code: 'XAmzContentSHA256Mismatch',
        message: "The provided 'x-amz-content-sha256' header does not match what was computed.",
      };
    }
    const headers = Object.fromEntries(
      names.map((name) => {
        const value = request.headers[name];
        return [name, Array.isArray(value) ? value.join(',') : (value ?? '')];
      }),
    );
    // S3 decodes the path and encodes it again, once per segment
    const path = url.pathname
      .split('/')
      .map((segment) => awsEncode(decodeURIComponent(segment)))
      .join('/');
    const expected = signV4(
      {
        method: request.method ?? 'GET',
        path,
        query: Object.fromEntries(url.searchParams),
        headers,
        payloadHash,
        amzDate,
      },
      { accessKeyId: this.accessKeyId, secretAccessKey: this.secretAccessKey, region: this.region },
    );
    if (expected.signature !== signature) {
      return {
        status: 403,
        code: 'SignatureDoesNotMatch',
        message:
          'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
      };
    }
    return null;
  }

  private record(request: IncomingMessage, status: number, code: string | null): void {
    this.requests.push({ method: request.method ?? '', path: request.url ?? '', status, code });
  }

  private answerError(
    request: IncomingMessage,
    response: ServerResponse,
    status: number,
    code: string,
    message: string,
  ): void {
    this.record(request, status, code);
    const xml =
      `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message>` +
      `<Resource>${request.url ?? ''}</Resource><RequestId>FAKE${this.requests.length}</RequestId></Error>`;
    response.writeHead(status, { 'content-type': 'application/xml' }).end(request.method === 'HEAD' ? undefined : xml);
  }
}
