/**
 * The public media route of every service over the local folder (the bucket's answers are relayed the same way,
 * `object-store.spec.ts` and the services' S3 suites): the bytes with the safe user-file headers, ranges, caching
 * and revalidation, 404 for a missing object.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import pino from 'pino';
import { DomainError } from '../errors/domain-error.js';
import { LocalObjectStore } from './local-object-store.js';
import { serveStoredObject } from './serve-stored-object.js';

const PNG = Buffer.from('89504e470d0a1a0a0000000d494844520000000100000001080600000000000000', 'hex');
const KEY = '2/messages/0f8e0e5c-1111-4222-8333-944445555666-foto da loja.png';

let dir: string;
let server: Server;
let base: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cs-serve-'));
  const store = new LocalObjectStore(dir);
  await store.write(KEY, PNG, { contentType: 'image/png' });
  await store.write('2/messages/uuid-pagina.html', Buffer.from('<html><script>x()</script></html>'), {
    contentType: 'text/html',
  });
  const app = express();
  app.get('/media/*path', (request, response, next) => {
    const path = request.params.path.join('/');
    serveStoredObject(store, path, request, response, pino({ level: 'silent' })).catch((error: unknown) => {
      if (error instanceof DomainError) response.status(404).json({ error: error.code });
      else next(error);
    });
  });
  server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/media/`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

it('serves the bytes inline with the sniffed type, the name without its random prefix, and the safe headers', async () => {
  const response = await fetch(base + KEY);
  expect(response.status).toBe(200);
  expect(Buffer.from(await response.arrayBuffer()).equals(PNG)).toBe(true);
  expect(response.headers.get('content-type')).toBe('image/png');
  expect(response.headers.get('content-disposition')).toBe(
    `inline; filename="foto da loja.png"; filename*=UTF-8''foto%20da%20loja.png`,
  );
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(response.headers.get('content-security-policy')).toContain('sandbox');
  expect(response.headers.get('cache-control')).toBe('public, max-age=604800');
  expect(response.headers.get('content-length')).toBe(String(PNG.length));
});

it('never lets a stored page run: markup is an attachment of no renderable type', async () => {
  const response = await fetch(`${base}2/messages/uuid-pagina.html`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/octet-stream');
  expect(response.headers.get('content-disposition')).toMatch(/^attachment/);
});

it('answers a range with 206, an unsatisfiable one with 416, and revalidation with 304', async () => {
  const part = await fetch(base + KEY, { headers: { range: 'bytes=1-3' } });
  expect(part.status).toBe(206);
  expect(part.headers.get('content-range')).toBe(`bytes 1-3/${PNG.length}`);
  expect(Buffer.from(await part.arrayBuffer()).equals(PNG.subarray(1, 4))).toBe(true);
  expect((await fetch(base + KEY, { headers: { range: 'bytes=999-' } })).status).toBe(416);

  const first = await fetch(base + KEY);
  await first.arrayBuffer();
  const etag = first.headers.get('etag') ?? '';
  const lastModified = first.headers.get('last-modified') ?? '';
  expect(etag).not.toBe('');
  expect((await fetch(base + KEY, { headers: { 'if-none-match': etag } })).status).toBe(304);
  expect((await fetch(base + KEY, { headers: { 'if-modified-since': lastModified } })).status).toBe(304);
  expect((await fetch(base + KEY, { headers: { 'if-none-match': '"other"' } })).status).toBe(200);
});

it('answers 404 for a missing object and for a key outside the folder', async () => {
  for (const path of ['2/messages/nao-existe.png', '2/.env', '..%2F..%2Fetc%2Fpasswd']) {
    const response = await fetch(base + path);
    expect({ path, status: response.status }).toEqual({ path, status: 404 });
  }
});
