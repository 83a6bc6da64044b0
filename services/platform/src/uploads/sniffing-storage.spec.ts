import http from 'node:http';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import express from 'express';
import multer from 'multer';
import pino from 'pino';
import { DomainError } from '../errors/domain-error.js';
import { LocalObjectStore } from '../storage/local-object-store.js';
import { MediaFiles } from '../storage/media-files.js';
import { chunkedUpload } from '../testing/chunked-upload.js';
import { UPLOAD_ALLOW_LISTS } from './sniff.js';
import { type SniffedUpload, SniffingStorage, type UploadTarget } from './sniffing-storage.js';
import { uploadOptions } from './upload-limits.js';

const MIB = 1024 * 1024;
const PNG = Buffer.from('89504e470d0a1a0a0000000d494844520000000100000001080600000000000000', 'hex');
const BOUNDARY = 'cs-boundary';
const partHead = (name: string, type: string): string =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`;
const MULTIPART = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };

interface Served {
  readonly url: string;
  /** Each request's end in multer: its error (null when accepted) and the files it handed over. */
  readonly outcomes: Array<Promise<{ error: unknown; files: SniffedUpload[] }>>;
  /** Settles once every write the target started has settled. */
  writesSettled(): Promise<void>;
  /** Resolves when the target's first write starts. */
  readonly firstWrite: Promise<void>;
  close(): Promise<void>;
}

/** A route of multer over `SniffingStorage`, its files in a local folder (`target`) or in memory. */
async function serve(options: { root?: string; maxBytes: number; allowed: readonly string[] }): Promise<Served> {
  const files = options.root
    ? new MediaFiles(new LocalObjectStore(options.root), {
        publicUrl: 'http://test',
        route: 'media',
        layout: /^\d+\/uploads\/[^/]+$/,
        logger: pino({ level: 'silent' }),
      })
    : undefined;
  const writes: Array<Promise<unknown>> = [];
  let started!: () => void;
  const firstWrite = new Promise<void>((resolve) => (started = resolve));
  const target = files
    ? (): UploadTarget => {
        const inner = files.uploadTarget('7/uploads');
        return {
          write: (file, body: Readable) => {
            started();
            const written = inner.write(file, body);
            writes.push(written.catch(() => undefined));
            return written;
          },
          remove: (key) => inner.remove(key),
        };
      }
    : undefined;
  const upload = multer({
    storage: new SniffingStorage({ allowed: options.allowed, target }),
    ...uploadOptions({ maxBytes: options.maxBytes, maxFiles: 2 }),
  }).array('file', 2);
  const outcomes: Served['outcomes'] = [];
  const app = express();
  app.post('/upload', (request, response) => {
    outcomes.push(
      new Promise((resolve) =>
        upload(request, response, (error: unknown) => {
          const handed = (request.files ?? []) as unknown as SniffedUpload[];
          resolve({ error: error ?? null, files: handed });
          if (error) {
            if (!response.headersSent) response.status(500).json({ error: 'unanswered' });
            return;
          }
          response.json(
            handed.map(({ key, sniffedType, size, buffer }) => ({ key, sniffedType, size, buffer: !!buffer })),
          );
        }),
      ),
    );
  });
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/upload`,
    outcomes,
    firstWrite,
    writesSettled: async () => {
      await Promise.all(writes);
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Every file under `root`, temporary ones included. */
async function filesUnder(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
}

describe('SniffingStorage', () => {
  let root: string;
  let served: Served | undefined;

  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'sniffing-storage-'));
  });
  afterEach(async () => {
    await served?.close();
    served = undefined;
    await rm(root, { recursive: true, force: true });
  });

  it('refuses a type outside the allow-list from its first bytes: 415 at once, the rest unread, nothing stored', async () => {
    served = await serve({ root, maxBytes: 1024 * MIB, allowed: UPLOAD_ALLOW_LISTS.images });
    const answer = await chunkedUpload(served.url, {
      headers: MULTIPART,
      // a page declared and named as a PNG: the bytes decide
      head: `${partHead('foto.png', 'image/png')}<!doctype html><html><body>`,
      bodyBytes: 256 * MIB,
      tail: `\r\n--${BOUNDARY}--\r\n`,
    });
    expect(answer.status).toBe(415);
    expect(JSON.parse(answer.body)).toMatchObject({ error: 'ERR_UNSUPPORTED_MEDIA_TYPE' });
    expect(answer.sent).toBeLessThan(256 * MIB);
    const { error } = await served.outcomes[0]!;
    expect(error).toBeInstanceOf(DomainError);
    expect(await filesUnder(root)).toEqual([]);
  });

  it('answers 413 at the size limit while streaming into the store, and leaves no object behind', async () => {
    served = await serve({ root, maxBytes: MIB, allowed: UPLOAD_ALLOW_LISTS.messageMedia });
    const answer = await chunkedUpload(served.url, {
      headers: MULTIPART,
      head: partHead('nota.txt', 'text/plain'),
      bodyBytes: 256 * MIB,
      tail: `\r\n--${BOUNDARY}--\r\n`,
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ error: 'ERR_PAYLOAD_TOO_LARGE' });
    expect(answer.sent).toBeLessThan(256 * MIB);
    await served.outcomes[0];
    await served.writesSettled();
    expect(await filesUnder(root)).toEqual([]);
  });

  it('streams an accepted file into the store under its sniffed type, never keeping it in memory', async () => {
    served = await serve({ root, maxBytes: 4 * MIB, allowed: UPLOAD_ALLOW_LISTS.images });
    const bytes = Buffer.concat([PNG, Buffer.alloc(MIB, 7)]);
    const form = new FormData();
    form.append('file', new Blob([bytes], { type: 'text/plain' }), 'minha foto.txt');
    const answer = await fetch(served.url, { method: 'POST', body: form });
    expect(answer.status).toBe(200);
    const [file] = (await answer.json()) as Array<{ key: string; sniffedType: string; size: number; buffer: boolean }>;
    expect(file).toMatchObject({ sniffedType: 'image/png', size: bytes.length, buffer: false });
    expect(file!.key).toMatch(/^7\/uploads\/[0-9a-f-]{36}-minha_foto\.txt$/);
    const stored = await new LocalObjectStore(root).open(file!.key);
    const chunks: Buffer[] = [];
    for await (const chunk of stored!.body) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
  });

  it('keeps an accepted file in memory without a target, still sniffed first', async () => {
    served = await serve({ maxBytes: 4 * MIB, allowed: UPLOAD_ALLOW_LISTS.spreadsheets });
    const csv = Buffer.from('nome;numero\nAna;5511999990001\n'.repeat(5_000));
    const form = new FormData();
    form.append('file', new Blob([csv]), 'lista.csv');
    const answer = await fetch(served.url, { method: 'POST', body: form });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual([{ sniffedType: 'text/csv', size: csv.length, buffer: true }]);
    const [handed] = (await served.outcomes[0]!).files;
    expect(handed!.buffer!.equals(csv)).toBe(true);
  });

  it('removes a stored file when a later file of the same request is refused', async () => {
    served = await serve({ root, maxBytes: 4 * MIB, allowed: UPLOAD_ALLOW_LISTS.images });
    const form = new FormData();
    form.append('file', new Blob([PNG]), 'a.png');
    form.append('file', new Blob(['<svg onload=alert(1)>']), 'b.png');
    const answer = await fetch(served.url, { method: 'POST', body: form });
    expect(answer.status).toBe(415);
    // answered once the first file is gone
    expect(await filesUnder(root)).toEqual([]);
    await served.outcomes[0];
    await served.writesSettled();
    expect(await filesUnder(root)).toEqual([]);
  });

  it('leaves no object behind when the client aborts mid-upload', async () => {
    served = await serve({ root, maxBytes: 1024 * MIB, allowed: UPLOAD_ALLOW_LISTS.messageMedia });
    const request = http.request(served.url, { method: 'POST', headers: MULTIPART });
    request.on('error', () => undefined);
    request.write(partHead('nota.txt', 'text/plain'));
    const chunk = Buffer.alloc(MIB, 0x61);
    // enough for the head to be sniffed and the write into the store to start
    for (let i = 0; i < 4; i += 1) request.write(chunk);
    await served.firstWrite;
    request.destroy();
    const { error } = await served.outcomes[0]!;
    expect(error).toBeTruthy();
    await served.writesSettled();
    expect(await filesUnder(root)).toEqual([]);
  });
});
