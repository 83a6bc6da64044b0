import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import type { ConnectorConfig } from '../../config/env.js';
import { MediaRejectedError } from '../../providers/provider.port.js';
import { LocalObjectStore } from '@cs/platform/storage';
import { MediaStoreService } from './media-store.js';

/** A real PNG header: the folder keeps no type, its reads sniff the bytes. */
const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.from('bolo')]);

describe('MediaStoreService (local folder)', () => {
  let dir: string;
  let store: MediaStoreService;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'wa-media-'));
    store = new MediaStoreService(
      { MEDIA_DIR: dir, MEDIA_MAX_BYTES: 100, PUBLIC_URL: 'https://app.example.com/api/' } as ConnectorConfig,
      new LocalObjectStore(dir),
      pino({ level: 'silent' }),
    );
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('stores a file once under an unguessable name and reads it back by its URL', async () => {
    const stored = await store.put({
      companyId: 2,
      connectionId: 7,
      data: PNG,
      mimeType: 'image/png',
      fileName: '../foto do bolo.png',
    });
    expect(stored).toMatchObject({ mimeType: 'image/png', fileName: '_foto_do_bolo.png', size: PNG.length });
    expect(stored.url).toMatch(
      /^https:\/\/app\.example\.com\/api\/media\/whatsapp\/2\/7\/[0-9a-f-]{36}-_foto_do_bolo\.png$/,
    );
    const read = await store.get(stored.url);
    expect(read.data.equals(PNG)).toBe(true);
    expect(read.fileName).toBe('_foto_do_bolo.png');
    expect(read.mimeType).toBe('image/png');
    await expect(store.get('https://app.example.com/api/media/whatsapp/2/7/missing.png')).rejects.toMatchObject({
      reason: 'unreadable',
    });
    await expect(store.get('https://app.example.com/api/media/whatsapp/2/7/..%2F..%2Fx')).rejects.toMatchObject({
      reason: 'unreadable',
    });
  });

  it('refuses files over the size limit, streamed or not, and types outside the allow-list', async () => {
    const put = (data: Buffer | AsyncIterable<Uint8Array>, mimeType = 'application/pdf') =>
      store.put({ companyId: 2, connectionId: 7, data, mimeType, fileName: 'a.pdf' });
    await expect(put(Buffer.alloc(101))).rejects.toMatchObject({ reason: 'too-large' });
    async function* chunks(): AsyncIterable<Uint8Array> {
      yield new Uint8Array(60);
      yield new Uint8Array(60);
    }
    await expect(put(chunks())).rejects.toBeInstanceOf(MediaRejectedError);
    // nothing of the refused stream is left in the folder
    expect(readdirSync(join(dir, '2', '7'))).toEqual([]);
    await expect(put(Buffer.from('MZ'), 'application/x-msdownload')).rejects.toMatchObject({
      reason: 'type-not-allowed',
    });
    await expect(put(Buffer.from('<html>'), 'text/html')).rejects.toMatchObject({ reason: 'type-not-allowed' });
  });

  it('reads and serves only keys of its layout (<company>/<connection>/<name>), no dot-led segment', () => {
    expect(store.files.owns('2/7/uuid-file.png')).toBe(true);
    for (const key of ['../etc/passwd', '2/7/.secret', '2//x', '2/7/a/b', 'x/7/file', '2/7/a\\b', '2/7/a\nb']) {
      expect(store.files.owns(key)).toBe(false);
    }
    // another service's keys in a shared folder or bucket
    expect(store.files.owns('2/messages/uuid-a.png')).toBe(false);
    expect(store.files.owns('2/campaign/3/uuid-a.png')).toBe(false);
  });
});
