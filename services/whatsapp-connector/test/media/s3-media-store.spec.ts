/**
 * The connector's media store on an S3 bucket (`@cs/platform/storage`, against `FakeS3`, which checks every
 * request's SigV4 signature): objects written with their type under the connector's key layout, a download streamed
 * in (never past the size limit), read back (whole and by range), a missing key, a wrong secret (a clear, logged
 * refusal that never shows the secret), a missing bucket, an unreachable endpoint. The store's own contract (both
 * backends, the settings) is `services/platform/src/storage/object-store.spec.ts`.
 */
import { Writable } from 'node:stream';
import pino from 'pino';
import type { ConnectorConfig } from '../../src/config/env.js';
import { MediaRejectedError } from '../../src/providers/provider.port.js';
import { MediaStorageError, MediaStoreService } from '../../src/modules/media/media-store.js';
import { mediaObjectStore, S3Error } from '@cs/platform/storage';
import { FakeS3 } from '@cs/platform/testing';

const ACCESS_KEY = 'AKIAFAKEMEDIA0000001';
const SECRET = 'fake/secret+Key0123456789abcdefghijklmno';

let s3: FakeS3;
let lines: string[];
let store: MediaStoreService;

const configFor = (url: string, overrides: Partial<ConnectorConfig> = {}): ConnectorConfig =>
  ({
    MEDIA_DIR: '/nonexistent/should-not-be-used',
    MEDIA_MAX_BYTES: 1024,
    PUBLIC_URL: 'https://app.example.com',
    MEDIA_S3_BUCKET: 'midia',
    MEDIA_S3_ENDPOINT: url,
    MEDIA_S3_REGION: 'us-east-1',
    MEDIA_S3_ACCESS_KEY_ID: ACCESS_KEY,
    MEDIA_S3_SECRET_ACCESS_KEY: SECRET,
    MEDIA_S3_FORCE_PATH_STYLE: true,
    ...overrides,
  }) as ConnectorConfig;

const storeFor = (config: ConnectorConfig): MediaStoreService => {
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return new MediaStoreService(config, mediaObjectStore(config), pino({ level: 'info' }, destination));
};

beforeEach(async () => {
  s3 = await new FakeS3('midia', ACCESS_KEY, SECRET).start();
  lines = [];
  store = storeFor(configFor(s3.url));
});
afterEach(() => s3.stop());

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

  const part = await store.files.store.open(key, 'bytes=0-3');
  expect(part).toMatchObject({ status: 206, contentRange: 'bytes 0-3/9', contentType: 'application/pdf' });
  const chunks: Buffer[] = [];
  for await (const chunk of part?.body ?? []) chunks.push(chunk as Buffer);
  expect(Buffer.concat(chunks).toString()).toBe('cont');
});

it('streams a download into the bucket, and refuses one past the limit before anything reaches the bucket', async () => {
  async function* download(parts: number): AsyncIterable<Uint8Array> {
    for (let part = 0; part < parts; part += 1) yield Buffer.alloc(256, part);
  }
  const stored = await store.put({
    companyId: 2,
    connectionId: 7,
    data: download(4),
    mimeType: 'video/mp4',
    fileName: null,
  });
  expect(stored).toMatchObject({ mimeType: 'video/mp4', size: 1024 });
  expect(stored.url).toMatch(/\/2\/7\/[0-9a-f-]{36}-arquivo\.mp4$/);
  const key = stored.url.slice('https://app.example.com/media/whatsapp/'.length);
  expect(s3.object(key)?.data.length).toBe(1024);

  const requests = s3.requests.length;
  await expect(
    store.put({ companyId: 2, connectionId: 7, data: download(5), mimeType: 'video/mp4', fileName: 'longo.mp4' }),
  ).rejects.toMatchObject({ reason: 'too-large' });
  expect(s3.requests).toHaveLength(requests);
});

it('keeps the size and type checks before anything reaches the bucket', async () => {
  const put = (data: Buffer, mimeType: string) =>
    store.put({ companyId: 2, connectionId: 7, data, mimeType, fileName: 'a' });
  await expect(put(Buffer.alloc(1025), 'application/pdf')).rejects.toMatchObject({ reason: 'too-large' });
  await expect(put(Buffer.from('<html>'), 'text/html')).rejects.toMatchObject({ reason: 'type-not-allowed' });
  expect(s3.requests).toEqual([]);
});

it('answers null for a missing object and refuses to read outside the key layout', async () => {
  const backend = store.files.store;
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
      msg: expect.stringContaining('MEDIA_S3_'),
    }),
  ]);
  expect(lines.join('')).not.toContain(SECRET);
  expect((error as Error).message).not.toContain(SECRET);
});

it('fails on an unknown bucket (permanent) and on an unreachable endpoint (transient: the caller retries)', async () => {
  const noBucket = storeFor(configFor(s3.url, { MEDIA_S3_BUCKET: 'outro' }));
  const input = { companyId: 2, connectionId: 7, data: Buffer.from('x'), mimeType: 'image/png', fileName: 'a.png' };
  await expect(noBucket.put(input)).rejects.toMatchObject({ code: 'NoSuchBucket' });
  await expect(noBucket.files.store.open('2/7/a.png')).rejects.toMatchObject({
    status: 404,
    code: 'NoSuchBucket',
  });
  await s3.stop();
  const error: unknown = await store.put(input).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(S3Error);
  expect(error).not.toBeInstanceOf(MediaRejectedError);
  expect(error).toMatchObject({ status: 0, code: 'NetworkError' });
});
