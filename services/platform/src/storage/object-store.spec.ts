/**
 * The media store of every service, both backends through the same contract: the local folder, and an S3 bucket
 * played by `FakeS3` (S3's REST shape, every request's SigV4 signature verified). What a service relies on: a file
 * written (from memory or streamed) reads back whole and by range with its type; nothing is left when the body's
 * source fails mid-way; a missing object is null; removal; keys outside a store are refused. Then what only the
 * bucket does (streamed PUTs carry their length, refusals name the cause, never the secret), and the settings.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { ConfigError, loadConfig } from '../config/env.js';
import { FakeS3 } from '../testing/fake-s3.js';
import { z } from 'zod';
import { byteRangeOf, LocalObjectStore } from './local-object-store.js';
import { mediaObjectStore, mediaStorageEnv } from './media-storage.js';
import type { ObjectStore, StoredObject } from './object-store.js';
import { S3Error, S3ObjectStore } from './s3-object-store.js';
import { sha256Hex, signV4 } from './sigv4.js';

const ACCESS_KEY = 'AKIAFAKEPLATFORM0001';
const SECRET = 'platform/secret+Key0123456789abcdefghijkl';
/** A real PNG header: the local folder sniffs the type from the bytes. */
const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.from('imagem-de-teste')]);

const read = async (object: StoredObject | null): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const chunk of object?.body ?? []) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

/** A stream of `parts`, then (when `failAfter`) an error, as a size limit or a dropped download ends one. */
async function* streamOf(parts: Buffer[], fail?: Error): AsyncIterable<Uint8Array> {
  for (const part of parts) yield part;
  if (fail) throw fail;
}

let s3: FakeS3;
let dir: string;

beforeEach(async () => {
  s3 = await new FakeS3('midia', ACCESS_KEY, SECRET).start();
  dir = mkdtempSync(join(tmpdir(), 'cs-object-store-'));
});
afterEach(async () => {
  await s3.stop();
  rmSync(dir, { recursive: true, force: true });
});

const s3Store = (overrides: Partial<ConstructorParameters<typeof S3ObjectStore>[0]> = {}): S3ObjectStore =>
  new S3ObjectStore({
    bucket: 'midia',
    endpoint: s3.url,
    region: 'us-east-1',
    accessKeyId: ACCESS_KEY,
    secretAccessKey: SECRET,
    forcePathStyle: true,
    ...overrides,
  });

const backends: Array<[string, () => ObjectStore]> = [
  ['the local folder', () => new LocalObjectStore(dir)],
  ['an S3 bucket', () => s3Store()],
];

describe.each(backends)('%s', (_name, storeOf) => {
  it('reads back what was written from memory, whole and by range, with its type', async () => {
    const store = storeOf();
    expect(await store.write('2/messages/uuid-foto.png', PNG, { contentType: 'image/png' })).toEqual({
      size: PNG.length,
    });
    const whole = await store.open('2/messages/uuid-foto.png');
    expect(whole).toMatchObject({ status: 200, contentType: 'image/png', contentLength: PNG.length });
    expect((await read(whole)).equals(PNG)).toBe(true);

    const part = await store.open('2/messages/uuid-foto.png', 'bytes=0-7');
    expect(part).toMatchObject({ status: 206, contentLength: 8, contentRange: `bytes 0-7/${PNG.length}` });
    expect((await read(part)).equals(PNG.subarray(0, 8))).toBe(true);
    const beyond = await store.open('2/messages/uuid-foto.png', `bytes=${PNG.length}-`);
    expect(beyond?.status).toBe(416);
  });

  it('stores a stream of unknown length as it arrives, and reads it back as a stream', async () => {
    const store = storeOf();
    const parts = Array.from({ length: 64 }, (_, index) => Buffer.alloc(16 * 1024, index));
    const written = await store.write('2/7/uuid-video.mp4', streamOf(parts), { contentType: 'video/mp4' });
    expect(written).toEqual({ size: 64 * 16 * 1024 });
    const object = await store.open('2/7/uuid-video.mp4');
    expect(object?.body).toBeInstanceOf(Readable);
    expect((await read(object)).equals(Buffer.concat(parts))).toBe(true);
  });

  it('leaves nothing under the key when the source fails mid-way', async () => {
    const store = storeOf();
    const refused = store.write('2/7/uuid-grande.bin', streamOf([Buffer.alloc(1024)], new Error('too large')), {
      contentType: 'application/octet-stream',
    });
    await expect(refused).rejects.toThrow('too large');
    expect(await store.open('2/7/uuid-grande.bin')).toBeNull();
    if (store instanceof LocalObjectStore) expect(readdirSync(join(dir, '2', '7'))).toEqual([]);
    else expect(s3.requests.filter((request) => request.method === 'PUT')).toEqual([]);
  });

  it('answers null for a missing object, and removes objects (a missing one too)', async () => {
    const store = storeOf();
    expect(await store.open('2/7/nao-existe.png')).toBeNull();
    await store.write('2/7/uuid-a.txt', Buffer.from('texto'), { contentType: 'text/plain' });
    await store.delete('2/7/uuid-a.txt');
    await store.delete('2/7/uuid-a.txt');
    expect(await store.open('2/7/uuid-a.txt')).toBeNull();
  });
});

describe('the local folder', () => {
  it('never reads, writes or removes outside the folder or a dot-led name', async () => {
    const store = new LocalObjectStore(join(dir, 'media'));
    for (const key of ['../fora.txt', '2/../../fora.txt', '2/.oculto', '2//a', '/etc/passwd']) {
      expect(store.pathOf(key)).toBeNull();
      expect(await store.open(key)).toBeNull();
      await expect(store.write(key, Buffer.from('x'), { contentType: 'text/plain' })).rejects.toThrow(
        /not a storable key/,
      );
    }
    expect(readdirSync(dir)).toEqual([]);
  });

  it('keeps the files of a folder written before it (the key is the path under the folder)', async () => {
    const legacy = new LocalObjectStore(dir);
    await legacy.write('3/queues/0f8e0e5c-1111-4222-8333-944445555666-fila.png', PNG, { contentType: 'image/png' });
    const object = await new LocalObjectStore(`${dir}/`).open('3/queues/0f8e0e5c-1111-4222-8333-944445555666-fila.png');
    expect(object?.contentType).toBe('image/png');
    object?.body.destroy();
  });

  it('reads single ranges as RFC 9110 has them', () => {
    expect(byteRangeOf('bytes=2-5', 10)).toEqual({ start: 2, end: 5 });
    expect(byteRangeOf('bytes=8-', 10)).toEqual({ start: 8, end: 9 });
    expect(byteRangeOf('bytes=-3', 10)).toEqual({ start: 7, end: 9 });
    expect(byteRangeOf('bytes=4-100', 10)).toEqual({ start: 4, end: 9 });
    expect(byteRangeOf('bytes=10-', 10)).toBe('unsatisfiable');
    expect(byteRangeOf('bytes=0-1,4-5', 10)).toBeNull();
    expect(byteRangeOf(undefined, 10)).toBeNull();
  });
});

describe('an S3 bucket', () => {
  it('sends a streamed body with its length (S3 refuses a chunked PUT), unsigned payload, signed headers', async () => {
    const store = s3Store();
    await store.write('2/7/uuid-b.bin', streamOf([Buffer.from('abc'), Buffer.from('def')]), {
      contentType: 'application/octet-stream',
      contentLength: 6,
    });
    await store.write('2/7/uuid-c.bin', streamOf([Buffer.from('abc')]), { contentType: 'application/octet-stream' });
    expect(s3.requests.map((request) => `${request.method} ${request.status}`)).toEqual(['PUT 200', 'PUT 200']);
    expect(s3.object('2/7/uuid-b.bin')?.data.toString()).toBe('abcdef');
    expect(s3.object('2/7/uuid-c.bin')?.data.toString()).toBe('abc');
  });

  it('fails a streamed PUT of known length with the error of its source, storing nothing', async () => {
    class TooLarge extends Error {}
    const refused = s3Store().write('2/7/uuid-d.bin', streamOf([Buffer.alloc(1024)], new TooLarge('too large')), {
      contentType: 'application/octet-stream',
      contentLength: 4096,
    });
    await expect(refused).rejects.toBeInstanceOf(TooLarge);
    expect(s3.object('2/7/uuid-d.bin')).toBeUndefined();
  });

  it('fails clearly on a wrong secret, an unknown bucket, an unreachable endpoint, never showing the secret', async () => {
    s3.secretAccessKey = 'the-bucket-knows-another-secret';
    const refused: unknown = await s3Store()
      .write('2/7/uuid-a.png', PNG, { contentType: 'image/png' })
      .catch((caught: unknown) => caught);
    expect(refused).toBeInstanceOf(S3Error);
    expect(refused).toMatchObject({ status: 403, code: 'SignatureDoesNotMatch', permanent: true });
    expect((refused as Error).message).toContain('403 SignatureDoesNotMatch');
    expect((refused as Error).message).not.toContain(SECRET);
    s3.secretAccessKey = SECRET;

    const noBucket = s3Store({ bucket: 'outro' });
    await expect(noBucket.write('2/7/a.png', PNG, { contentType: 'image/png' })).rejects.toMatchObject({
      code: 'NoSuchBucket',
    });
    await expect(noBucket.open('2/7/a.png')).rejects.toMatchObject({ status: 404, code: 'NoSuchBucket' });
    await s3.stop();
    await expect(s3Store().write('2/7/a.png', PNG, { contentType: 'image/png' })).rejects.toMatchObject({
      status: 0,
      code: 'NetworkError',
      permanent: false,
    });
  });

  it("addresses AWS's virtual-hosted style when path style is off, signed for that host", async () => {
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
      const store = s3Store({ endpoint: undefined, region: 'sa-east-1', forcePathStyle: false });
      await store.write('2/7/uuid-a b.png', Buffer.from('x'), { contentType: 'image/png' });
    } finally {
      globalThis.fetch = realFetch;
    }
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
          'content-length': '1',
          'x-amz-content-sha256': sha256Hex('x'),
          'x-amz-date': amzDate,
        },
        payloadHash: sha256Hex('x'),
        amzDate,
      },
      { accessKeyId: ACCESS_KEY, secretAccessKey: SECRET, region: 'sa-east-1' },
    );
    expect(headers['authorization']).toBe(expected.authorization);
  });
});

describe('the media settings (the same names in every service)', () => {
  const Schema = z.object(mediaStorageEnv('.data/media'));

  it('selects the bucket when one is set (both keys then required), the folder otherwise', () => {
    const local = mediaObjectStore(loadConfig(Schema, { MEDIA_DIR: dir }));
    expect(local).toBeInstanceOf(LocalObjectStore);
    expect((local as LocalObjectStore).root).toBe(dir);
    const bucket = loadConfig(Schema, {
      MEDIA_S3_BUCKET: 'midia',
      MEDIA_S3_ENDPOINT: s3.url,
      MEDIA_S3_ACCESS_KEY_ID: ACCESS_KEY,
      MEDIA_S3_SECRET_ACCESS_KEY: SECRET,
      MEDIA_S3_FORCE_PATH_STYLE: 'false',
    });
    expect(bucket.MEDIA_S3_FORCE_PATH_STYLE).toBe(false);
    expect(mediaObjectStore(bucket)).toBeInstanceOf(S3ObjectStore);
    expect(() => mediaObjectStore({ ...bucket, MEDIA_S3_SECRET_ACCESS_KEY: undefined })).toThrow(
      /MEDIA_S3_SECRET_ACCESS_KEY/,
    );
  });

  it('refuses the per-service names they replaced, naming the new one', () => {
    expect(() => loadConfig(Schema, { TICKETS_MEDIA_DIR: '/data/tickets-media' })).toThrow(ConfigError);
    expect(() => loadConfig(Schema, { WHATSAPP_MEDIA_S3_BUCKET: 'midia' })).toThrow(
      /WHATSAPP_MEDIA_S3_BUCKET.*renamed MEDIA_S3_BUCKET/,
    );
  });
});
