// The one-machine shape's public HTTP server: the built web client, and the gateway on the same origin, as the
// distributed shape's web deployable routes them: `/api/*` goes to the gateway without its prefix (the API's own
// paths, e.g. `/api/tickets` → `/tickets`), `/socket.io/*` (polling and the WebSocket upgrade) as it is, `/metrics`
// too; `/health/live` and `/health/ready` answer for the whole process. Everything else is the client: its hashed
// assets cached for a year, anything else (index.html, the SPA's routes) revalidated on every load.
// The gateway gets each request on its own HTTP server (`emit('request' | 'upgrade')`): no second hop.
import { createServer } from 'node:http';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, resolve, sep } from 'node:path';

/**
 * The client's policy, as the distributed shape's web image has it (deploy/web/default.conf.template): only its own
 * scripts; Chakra's runtime styles need inline style elements; images from WhatsApp's CDN (profile pictures) and
 * YouTube (help videos); media from PUBLIC_URL; the API and socket.io on the origin (and its WebSocket, named for
 * the browsers that do not count it as 'self'); help videos play in YouTube's player; nobody frames the client.
 */
export function contentSecurityPolicy({ host, publicUrl }) {
  const media = publicUrl ? `${new URL(publicUrl).origin}/` : '';
  // the Host header is the client's: only a plain host[:port] goes into the header
  const sockets = host && /^[A-Za-z0-9.-]+(:\d+)?$/.test(host) ? `wss://${host} ws://${host}` : '';
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${media} https://*.whatsapp.net https://img.youtube.com`,
    `media-src 'self' data: blob: ${media}`,
    "font-src 'self' data:",
    `connect-src 'self' ${sockets} ${media}`,
    'frame-src https://www.youtube.com',
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ]
    .map((directive) => directive.replace(/\s+/g, ' ').trim())
    .join('; ');
}

export const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-opener-policy': 'same-origin',
  // voice notes are recorded in the browser
  'permissions-policy': 'camera=(), geolocation=(), microphone=(self), payment=()',
};

/** Vite's hashed output (`assets/<name>-<hash>.<ext>`): its content never changes under a name. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
  '.mp3': 'audio/mpeg',
};

/** The client's files, read once: a small set, served from memory. */
function loadClient(dir) {
  const webDir = resolve(dir);
  const index = join(webDir, 'index.html');
  if (!existsSync(index)) throw new Error(`no built web client in ${webDir} (index.html missing): build it first`);
  const cache = new Map();
  const read = (path) => {
    let file = cache.get(path);
    if (file === undefined) {
      const full = join(webDir, path);
      const inside = full.startsWith(`${webDir}${sep}`);
      file = inside && existsSync(full) && statSync(full).isFile() ? readFileSync(full) : null;
      cache.set(path, file);
    }
    return file;
  };
  return { index: readFileSync(index), read };
}

/**
 * `gateway`: the running gateway app (its HTTP server gets the API's requests); `readiness()`: the whole process's
 * readiness (`{ ready, apps }`); `publicUrl`: PUBLIC_URL (media are allowed from it). Returns the Node server, not
 * listening yet.
 */
export function createWebFront({ webDir, gateway, readiness, publicUrl }) {
  const client = loadClient(webDir);
  const gatewayServer = gateway.app.getHttpServer();
  let draining = false;

  const sendFile = (request, response, body, type, cacheControl) => {
    response.writeHead(200, {
      ...SECURITY_HEADERS,
      'content-security-policy': contentSecurityPolicy({ host: request.headers.host, publicUrl }),
      'content-type': type,
      'content-length': body.length,
      'cache-control': cacheControl,
      ...(draining ? { connection: 'close' } : {}),
    });
    response.end(request.method === 'HEAD' ? undefined : body);
  };
  const notFound = (response, status = 404, text = 'Not Found') => {
    response.writeHead(status, {
      ...SECURITY_HEADERS,
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'content-type': 'text/plain; charset=utf-8',
    });
    response.end(text);
  };

  const server = createServer((request, response) => {
    const url = request.url ?? '/';
    const path = url.split('?')[0];
    if (path === '/api' || path.startsWith('/api/')) {
      request.url = url.slice('/api'.length) || '/';
      if (!request.url.startsWith('/')) request.url = `/${request.url}`;
      gatewayServer.emit('request', request, response);
      return;
    }
    if (path.startsWith('/socket.io/') || path === '/metrics') {
      gatewayServer.emit('request', request, response);
      return;
    }
    if (path === '/health/live') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ status: 'ok' }));
      return;
    }
    if (path === '/health/ready') {
      void readiness().then((result) => {
        response.writeHead(result.ready && !draining ? 200 : 503, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ status: result.ready && !draining ? 'ok' : 'unavailable', ...result }));
      });
      return;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      notFound(response, 405, 'Method Not Allowed');
      return;
    }
    let decoded;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      notFound(response, 400, 'Bad Request');
      return;
    }
    const file = decoded === '/' || decoded === '/index.html' ? null : client.read(decoded);
    if (file) {
      const type = TYPES[extname(decoded).toLowerCase()] ?? 'application/octet-stream';
      sendFile(request, response, file, type, decoded.startsWith('/assets/') ? IMMUTABLE : REVALIDATE);
      return;
    }
    // a missing asset is a 404, never the page (a stale tab asking for an old chunk must fail, not parse HTML)
    if (decoded.startsWith('/assets/') || extname(decoded) !== '') {
      notFound(response);
      return;
    }
    sendFile(request, response, client.index, TYPES['.html'], REVALIDATE);
  });
  server.on('upgrade', (request, socket, head) => {
    if ((request.url ?? '').startsWith('/socket.io/')) gatewayServer.emit('upgrade', request, socket, head);
    else socket.destroy();
  });
  return {
    server,
    /** From now on readiness fails and responses close their connections. */
    drain: () => {
      draining = true;
    },
    get draining() {
      return draining;
    },
  };
}
