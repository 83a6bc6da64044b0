/**
 * The web deployable (deploy/web on Debian's nginx, started as the image starts it) in front of a stand-in gateway:
 * the client's files with the caching a release needs, the security headers, /api routed without its prefix and
 * /socket.io upgraded to a WebSocket.
 */
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Server as SocketServer } from 'socket.io';
import { io } from 'socket.io-client';
import { freePort } from '@cs/platform/testing';
import { startWebServer, type WebServer } from './web-server.js';

const PUBLIC_URL = 'https://app.example.com.br/api';
const INDEX =
  '<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/index-Bx7q1.js"></script></body></html>';
const SCRIPT = 'console.log("app");';

interface Seen {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingMessage['headers'];
  readonly bytes: number;
}
const seen: Seen[] = [];
let gateway: Server;
let sockets: SocketServer;
let web: WebServer;
let root: string;

beforeAll(async () => {
  // the built client: a page and a hashed asset
  root = mkdtempSync(join(tmpdir(), 'cs-web-root-'));
  chmodSync(root, 0o755);
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'index.html'), INDEX);
  writeFileSync(join(root, 'assets', 'index-Bx7q1.js'), SCRIPT);

  // the gateway: records what reaches it, answers with its own cache header; socket.io beside it
  gateway = createServer((request, response) => {
    let bytes = 0;
    request.on('data', (chunk: Buffer) => (bytes += chunk.length));
    request.on('end', () => {
      seen.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, bytes });
      response.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      response.end(JSON.stringify({ path: request.url }));
    });
  });
  sockets = new SocketServer(gateway, { transports: ['websocket'] });
  sockets.on('connection', (socket) => socket.on('echo', (text: string, reply: (text: string) => void) => reply(text)));
  const gatewayPort = await freePort();
  await new Promise<void>((resolve) => gateway.listen(gatewayPort, '127.0.0.1', resolve));

  web = await startWebServer({
    GATEWAY_UPSTREAM: `127.0.0.1:${gatewayPort}`,
    PUBLIC_URL,
    WEB_ROOT: root,
    WEB_PORT: String(await freePort()),
  });
}, 60_000);

afterAll(async () => {
  await web?.stop();
  await sockets?.close();
  rmSync(root, { recursive: true, force: true });
});

describe('the web deployable', () => {
  it('serves the page revalidated on every load, with the security headers', async () => {
    const response = await fetch(`${web.url}/`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(INDEX);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain(`media-src 'self' data: blob: ${PUBLIC_URL}/;`);
    expect(csp).toContain(`connect-src 'self' wss://127.0.0.1 ${PUBLIC_URL}/;`);
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('server')).toBe('nginx');
  });

  it('answers the single-page app’s routes with the page', async () => {
    const response = await fetch(`${web.url}/tickets/0b6c1f8e-5f7e-4d2c-9a54-3c1c2d7e9f10`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(INDEX);
    expect(response.headers.get('cache-control')).toBe('no-cache');
  });

  it('caches hashed assets for a year, and a missing one is a 404, not the page', async () => {
    const asset = await fetch(`${web.url}/assets/index-Bx7q1.js`);
    expect(asset.status).toBe(200);
    expect(await asset.text()).toBe(SCRIPT);
    expect(asset.headers.get('content-type')).toMatch(/javascript/);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.get('content-security-policy')).toContain("default-src 'self'");

    const missing = await fetch(`${web.url}/assets/index-gone.js`);
    expect(missing.status).toBe(404);
  });

  it('routes /api to the gateway without the prefix, with the forwarding headers and the gateway’s own caching', async () => {
    const response = await fetch(`${web.url}/api/tickets?status=open&pageNumber=1`, {
      headers: { 'x-forwarded-for': '203.0.113.7', 'x-forwarded-proto': 'https' },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ path: '/tickets?status=open&pageNumber=1' });
    expect(response.headers.get('cache-control')).toBe('no-store');
    const request = seen.find((entry) => entry.url === '/tickets?status=open&pageNumber=1');
    expect(request?.headers['x-forwarded-for']).toBe('203.0.113.7, 127.0.0.1');
    expect(request?.headers['x-forwarded-proto']).toBe('https');
    expect(request?.headers['x-request-id']).toMatch(/^[0-9a-f]{32}$/);
  });

  it('streams an upload through to the gateway whole', async () => {
    const body = Buffer.alloc(3 * 1024 * 1024, 7);
    const response = await fetch(`${web.url}/api/messages/12`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body,
    });
    expect(response.status).toBe(200);
    expect(seen.find((entry) => entry.url === '/messages/12')).toMatchObject({ method: 'POST', bytes: body.length });
  });

  it('upgrades /socket.io to a WebSocket on the gateway', async () => {
    const socket = io(web.url, { path: '/socket.io', transports: ['websocket'], reconnection: false });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
      expect(socket.io.engine.transport.name).toBe('websocket');
      const echoed = await socket.timeout(5_000).emitWithAck('echo', 'olá');
      expect(echoed).toBe('olá');
    } finally {
      socket.close();
    }
  });
});
