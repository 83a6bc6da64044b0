/**
 * The S3 backend of the media store against a local fake bucket that checks every request's SigV4 signature:
 * objects written with their type under the usual key layout, read back (whole and by range), a missing key, a
 * wrong secret (a clear, logged refusal that never shows the secret), a missing bucket, an unreachable endpoint.
 */
import { Writable } from 'node:stream';
import pino from 'pino';
import type { ConnectorConfig } from '../../src/config/env.js';
import { MediaRejectedError } from '../../src/providers/provider.port.js';
import { LocalMediaBackend } from '../../src/modules/media/local-media.backend.js';
import { mediaBackendFor, MediaStorageError, MediaStoreService } from '../../src/modules/media/media-store.js';
import { S3Error, S3ObjectStore, sha256Hex, signV4 } from '@cs/platform/storage';
import { FakeS3 } from '@cs/platform/storage/testing';

const ACCESS_KEY = 'AKIAFAKEMEDIA0000001';
const SECRET = 'fake/secret+Key0123456789abcdefghijklmno';

let s3: FakeS3;
let lines: string[];
let store: MediaStoreService;

const configFor = (url: string, overrides: Partial<ConnectorConfig> = {}): ConnectorConfig =>
  ({
    WHATSAPP_MEDIA_DIR: '/nonexistent/should-not-be-used',
    MEDIA_MAX_BYTES: 1024,
    PUBLIC_URL: 'https://app.example.com',
    WHATSAPP_MEDIA_S3_BUCKET: 'midia',
    WHATSAPP_MEDIA_S3_ENDPOINT: url,
    WHATSAPP_MEDIA_S3_REGION: 'us-east-1',
    WHATSAPP_MEDIA_S3_ACCESS_KEY_ID: ACCESS_KEY,
    WHATSAPP_MEDIA_S3_SECRET_ACCESS_KEY: SECRET,
    WHATSAPP_MEDIA_S3_FORCE_PATH_STYLE: true,
    ...overrides,
  }) as ConnectorConfig;

const storeFor = (config: ConnectorConfig): MediaStoreService => {
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return new MediaStoreService(config, mediaBackendFor(config), pino({ level: 'info' }, destination));
};

beforeEach(async () => {
  s3 = await new FakeS3('midia', ACCESS_KEY, SECRET).start();
  lines = [];
  store = storeFor(configFor(s3.url));
});
afterEach(() => s3.stop());

it('chooses the bucket when one is configured, the folder otherwise, and wants both keys with a bucket', () => {
  expect(mediaBackendFor(configFor(s3.url))).toBeInstanceOf(S3ObjectStore);
  expect(mediaBackendFor(configFor(s3.url, { WHATSAPP_MEDIA_S3_BUCKET: undefined }))).toBeInstanceOf(LocalMediaBackend);
  expect(() => mediaBackendFor(configFor(s3.url, { WHATSAPP_MEDIA_S3_SECRET_ACCESS_KEY: undefined }))).toThrow(
    /WHATSAPP_MEDIA_S3_SECRET_ACCESS_KEY/,
  );
});

it('stores a file as an object with its type, under <company>/<connection>/<uuid>-<name>, and reads it back', async () => {
  const stored = await store.put({
    companyId: 2,
    connectionId: 7,
    data: Buffer.from('conteúdo'),
    mimeType: 'application/pdf',
    fileName: 'orçamento (final).pdf',
  });
  expect(stored).toMatchObject({ mimeType: 'application/pdf', fileName: 'orçamento__final_.pdf', size: 9 });
  const key = stored.url.slice('https://app.example.com/media/whatsapp/'.length);
  expect(key).toMatch(/^2\/7\/[0-9a-f-]{36}-orçamento__final_\.pdf$/);
  expect(s3.object(key)).toMatchObject({ contentType: 'application/pdf', data: Buffer.from('conteúdo') });

  const read = await store.get(stored.url);
  expect(read).toEqual({
    data: Buffer.from('conteúdo'),
    mimeType: 'application/pdf',
    fileName: 'orçamento__final_.pdf',
  });
  expect(s3.requests.map((request) => `${request.method} ${request.status}`)).toEqual(['PUT 200', 'GET 200']);

  const part = await (store.backend as S3ObjectStore).open(key, 'bytes=0-3');
  expect(part).toMatchObject({ status: 206, contentRange: 'bytes 0-3/9', contentType: 'application/pdf' });
  const chunks: Buffer[] = [];
  for await (const chunk of part?.body ?? []) chunks.push(chunk as Buffer);
  expect(Buffer.concat(chunks).toString()).toBe('cont');
});

it('keeps the size and type checks before anything reaches the bucket', async () => {
  const put = (data: Buffer, mimeType: string) =>
    store.put({ companyId: 2, connectionId: 7, data, mimeType, fileName: 'a' });
  await expect(put(Buffer.alloc(1025), 'application/pdf')).rejects.toMatchObject({ reason: 'too-large' });
  await expect(put(Buffer.from('<html>'), 'text/html')).rejects.toMatchObject({ reason: 'type-not-allowed' });
  expect(s3.requests).toEqual([]);
});

it('answers null for a missing object and refuses to read outside the key layout', async () => {
  const backend = store.backend as S3ObjectStore;
  expect(await backend.open('2/7/nao-existe.png')).toBeNull();
  expect(s3.requests.at(-1)).toMatchObject({ status: 404, code: 'NoSuchKey' });
  await expect(store.get('https://app.example.com/media/whatsapp/2/7/nao-existe.png')).rejects.toMatchObject({
    reason: 'unreadable',
  });
  const before = s3.requests.length;
  await expect(store.get('https://app.example.com/media/whatsapp/..%2Fother-bucket-object')).rejects.toBeInstanceOf(
    MediaRejectedError,
  );
  expect(s3.requests).toHaveLength(before);
});

it('fails clearly on a wrong secret: a MediaRejectedError for the caller, an error log naming the cause, no secret', async () => {
  s3.secretAccessKey = 'the-bucket-knows-another-secret';
  const error: unknown = await store
    .put({ companyId: 2, connectionId: 7, data: Buffer.from('x'), mimeType: 'image/png', fileName: 'a.png' })
    .catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(MediaStorageError);
  expect(error).toBeInstanceOf(MediaRejectedError);
  expect(error).toMatchObject({ code: 'SignatureDoesNotMatch', reason: 'unreadable' });
  expect((error as Error).message).toContain('403 SignatureDoesNotMatch');
  expect(s3.objects.size).toBe(0);
  const logged = lines.map((line) => JSON.parse(line) as { level: number; msg: string; code?: string });
  expect(logged).toEqual([
    expect.objectContaining({
      level: 50,
      code: 'SignatureDoesNotMatch',
      msg: expect.stringContaining('WHATSAPP_MEDIA_S3_'),
    }),
  ]);
  expect(lines.join('')).not.toContain(SECRET);
  expect((error as Error).message).not.toContain(SECRET);
});

it('fails on an unknown bucket (permanent) and on an unreachable endpoint (transient: the caller retries)', async () => {
  const noBucket = storeFor(configFor(s3.url, { WHATSAPP_MEDIA_S3_BUCKET: 'outro' }));
  const input = { companyId: 2, connectionId: 7, data: Buffer.from('x'), mimeType: 'image/png', fileName: 'a.png' };
  await expect(noBucket.put(input)).rejects.toMatchObject({ code: 'NoSuchBucket' });
  await expect((noBucket.backend as S3ObjectStore).open('2/7/a.png')).rejects.toMatchObject({
    status: 404,
    code: 'NoSuchBucket',
  });
  await s3.stop();
  const error: unknown = await store.put(input).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(S3Error);
  expect(error).not.toBeInstanceOf(MediaRejectedError);
  expect(error).toMatchObject({ status: 0, code: 'NetworkError' });
});

it("addresses AWS's virtual-hosted style by default endpoint when path style is off, signed for that host", async () => {
  const calls: Array<{ url: string; headers: Record<string, string> }> = [];
  const realFetch = globalThis.fetch;
  globalThis.fetch = (url: string | URL | Request, init?: RequestInit): Promise<Response> => {
    calls.push({
      url: url instanceof Request ? url.url : url.toString(),
      headers: init?.headers as Record<string, string>,
    });
    return Promise.resolve(new Response(null, { status: 200 }));
  };
  try {
    const config = configFor('', {
      WHATSAPP_MEDIA_S3_ENDPOINT: undefined,
      WHATSAPP_MEDIA_S3_REGION: 'sa-east-1',
      WHATSAPP_MEDIA_S3_FORCE_PATH_STYLE: false,
    });
    await mediaBackendFor(config).write('2/7/uuid-a b.png', Buffer.from('x'), 'image/png');
  } finally {
    globalThis.fetch = realFetch;
  }
  expect(calls).toHaveLength(1);
  const [{ url, headers } = { url: '', headers: {} }] = calls;
  expect(url).toBe('https://midia.s3.sa-east-1.amazonaws.com/2/7/uuid-a%20b.png');
  const amzDate = headers['x-amz-date'] ?? '';
  const expected = signV4(
    {
      method: 'PUT',
      path: '/2/7/uuid-a%20b.png',
      headers: {
        host: 'midia.s3.sa-east-1.amazonaws.com',
        'content-type': 'image/png',
        'x-amz-content-sha256': sha256Hex('x'),
        'x-amz-date': amzDate,
      },
      payloadHash: sha256Hex('x'),
      amzDate,
    },
    { accessKeyId: ACCESS_KEY, secretAccessKey: SECRET, region: 'sa-east-1' },
  );
  expect(headers['authorization']).toBe(expected.authorization);
  expect(headers['x-amz-content-sha256']).toBe(sha256Hex('x'));
});
