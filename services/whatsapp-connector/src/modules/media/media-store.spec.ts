import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ConnectorConfig } from '../../config/env.js';
import { MediaRejectedError } from '../../providers/provider.port.js';
import { MediaStoreService } from './media-store.js';

describe('MediaStoreService (local folder)', () => {
  let dir: string;
  let store: MediaStoreService;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'wa-media-'));
    store = new MediaStoreService({
      WHATSAPP_MEDIA_DIR: dir,
      MEDIA_MAX_BYTES: 10,
      PUBLIC_URL: 'https://app.example.com/api/',
    } as ConnectorConfig);
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('stores a file once under an unguessable name and reads it back by its URL', async () => {
    const stored = await store.put({
      companyId: 2,
      connectionId: 7,
      data: Buffer.from('hello'),
      mimeType: 'image/png',
      fileName: '../foto do bolo.png',
    });
    expect(stored).toMatchObject({ mimeType: 'image/png', fileName: '_foto_do_bolo.png', size: 5 });
    expect(stored.url).toMatch(
      /^https:\/\/app\.example\.com\/api\/media\/whatsapp\/2\/7\/[0-9a-f-]{36}-_foto_do_bolo\.png$/,
    );
    const read = await store.get(stored.url);
    expect(read.data.toString()).toBe('hello');
    expect(read.fileName).toBe('_foto_do_bolo.png');
  });

  it('refuses files over the size limit, streamed or not, and types outside the allow-list', async () => {
    const put = (data: Buffer | AsyncIterable<Uint8Array>, mimeType = 'application/pdf') =>
      store.put({ companyId: 2, connectionId: 7, data, mimeType, fileName: 'a.pdf' });
    await expect(put(Buffer.alloc(11))).rejects.toMatchObject({ reason: 'too-large' });
    async function* chunks(): AsyncIterable<Uint8Array> {
      yield new Uint8Array(6);
      yield new Uint8Array(6);
    }
    await expect(put(chunks())).rejects.toBeInstanceOf(MediaRejectedError);
    await expect(put(Buffer.from('MZ'), 'application/x-msdownload')).rejects.toMatchObject({
      reason: 'type-not-allowed',
    });
    await expect(put(Buffer.from('<html>'), 'text/html')).rejects.toMatchObject({ reason: 'type-not-allowed' });
  });

  it('resolves only paths inside the folder, without dot-segments', () => {
    expect(store.resolvePath('2/7/file.png')).toBe(join(dir, '2/7/file.png'));
    expect(store.resolvePath('../etc/passwd')).toBeNull();
    expect(store.resolvePath('2/.secret')).toBeNull();
    expect(store.resolvePath('2//x')).toBeNull();
  });
});
