import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OutboundRequestError, SafeHttpClient, checkOutboundUrl, parseAllowedHosts } from './safe-http-client.js';

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

/** A loopback listener that records what reached it. */
async function listener(handler: Handler): Promise<{ server: Server; port: number; hits: IncomingMessage[] }> {
  const hits: IncomingMessage[] = [];
  const server = createServer((request, response) => {
    hits.push(request);
    handler(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port, hits };
}

const servers: Server[] = [];
async function start(handler: Handler) {
  const started = await listener(handler);
  servers.push(started.server);
  return started;
}
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map((server) => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    }),
  );
});

async function refusal(promise: Promise<unknown>): Promise<OutboundRequestError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(OutboundRequestError);
  return error as OutboundRequestError;
}

describe('SafeHttpClient', () => {
  const client = new SafeHttpClient({ timeoutMs: 2_000 });

  it('refuses loopback, metadata and private addresses written as IP literals, in every spelling', async () => {
    const target = await start((_request, response) => response.end('secret'));
    for (const url of [
      `http://127.0.0.1:${target.port}/metrics`,
      `http://2130706433:${target.port}/`,
      `http://0x7f000001:${target.port}/`,
      `http://[::ffff:127.0.0.1]:${target.port}/`,
      `http://[::1]:${target.port}/`,
      'http://169.254.169.254/latest/meta-data/',
      'http://[::ffff:169.254.169.254]/latest/meta-data/',
      'http://10.0.0.1/',
      'http://192.168.0.1/',
    ]) {
      expect((await refusal(client.request(url))).code).toBe('ERR_OUTBOUND_ADDRESS');
    }
    expect(target.hits).toHaveLength(0);
  });

  it('refuses a DNS name that resolves to loopback, after resolving it', async () => {
    const target = await start((_request, response) => response.end('secret'));
    const error = await refusal(client.request(`http://localhost:${target.port}/`));
    expect(error.code).toBe('ERR_OUTBOUND_ADDRESS');
    expect(target.hits).toHaveLength(0);
  });

  it('refuses other schemes and credentials in the URL', async () => {
    for (const url of ['javascript:alert(1)', 'file:///etc/passwd', 'ftp://example.com/a', 'gopher://x/', 'nonsense']) {
      expect((await refusal(client.request(url))).code).toBe('ERR_OUTBOUND_URL');
    }
    expect(() => checkOutboundUrl('https://user:pass@example.com/')).toThrow(OutboundRequestError);
    expect(checkOutboundUrl('https://example.com/a?b=1').hostname).toBe('example.com');
  });

  it('checks every redirect: an allowed host redirecting to loopback is refused before the second request', async () => {
    const inner = await start((_request, response) => response.end('internal'));
    const outer = await start((_request, response) => {
      response.writeHead(302, { location: `http://localhost:${inner.port}/internal` }).end();
    });
    const exempt = new SafeHttpClient({ allowedHosts: [`127.0.0.1:${outer.port}`], timeoutMs: 2_000 });
    const error = await refusal(exempt.request(`http://127.0.0.1:${outer.port}/start`));
    expect(error.code).toBe('ERR_OUTBOUND_ADDRESS');
    expect(outer.hits).toHaveLength(1);
    expect(inner.hits).toHaveLength(0);
  });

  it('follows allowed redirects, turning a POST into a GET on 303 and dropping credentials across origins', async () => {
    const second = await start((request, response) =>
      response.end(JSON.stringify({ method: request.method, auth: request.headers.authorization ?? null })),
    );
    const first = await start((_request, response) => {
      response.writeHead(303, { location: `http://127.0.0.1:${second.port}/done` }).end();
    });
    const exempt = new SafeHttpClient({ allowedHosts: ['127.0.0.1'], timeoutMs: 2_000 });
    const response = await exempt.request(`http://127.0.0.1:${first.port}/`, {
      method: 'POST',
      headers: { Authorization: 'Bearer t', 'Content-Type': 'application/json' },
      body: '{"a":1}',
    });
    expect(response.status).toBe(200);
    expect(response.url).toBe(`http://127.0.0.1:${second.port}/done`);
    expect(response.json()).toEqual({ method: 'GET', auth: null });
  });

  it('stops after the redirect limit', async () => {
    const loop = await start((_request, response) => response.writeHead(307, { location: '/again' }).end());
    const exempt = new SafeHttpClient({ allowedHosts: [`127.0.0.1:${loop.port}`], maxRedirects: 2, timeoutMs: 2_000 });
    expect((await refusal(exempt.request(`http://127.0.0.1:${loop.port}/`))).code).toBe('ERR_OUTBOUND_REDIRECTS');
    expect(loop.hits).toHaveLength(3);
  });

  it('enforces the size limit while the body streams, declared or chunked', async () => {
    const chunk = Buffer.alloc(64 * 1024, 1);
    const chunked = await start((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/octet-stream' });
      const timer = setInterval(() => response.write(chunk), 1);
      response.on('close', () => clearInterval(timer));
    });
    const declared = await start((_request, response) => {
      response.writeHead(200, { 'content-length': String(10 * 1024 * 1024) });
      response.write(chunk);
    });
    const exempt = new SafeHttpClient({ allowedHosts: ['127.0.0.1'], maxBytes: 1024 * 1024, timeoutMs: 5_000 });
    expect((await refusal(exempt.request(`http://127.0.0.1:${chunked.port}/`))).code).toBe('ERR_OUTBOUND_TOO_LARGE');
    expect((await refusal(exempt.request(`http://127.0.0.1:${declared.port}/`))).code).toBe('ERR_OUTBOUND_TOO_LARGE');
  });

  it('gives up at its deadline when the server never answers', async () => {
    const silent = await start(() => undefined);
    const url = `http://127.0.0.1:${silent.port}/`;
    const patient = new SafeHttpClient({ allowedHosts: ['127.0.0.1'], timeoutMs: 10 * 60_000 }).request(url);
    const settled = patient.then(
      () => true,
      () => true,
    );
    const hasty = new SafeHttpClient({ allowedHosts: ['127.0.0.1'], timeoutMs: 300 });
    expect((await refusal(hasty.request(url))).code).toBe('ERR_OUTBOUND_TIMEOUT');
    // the same silence, with a later deadline, is still waited for: the deadline, nothing else, ended the first
    expect(await Promise.race([settled, Promise.resolve(false)])).toBe(false);
    silent.server.closeAllConnections();
    await settled;
  });

  it('sends the body and returns status, headers and body of an allowed host', async () => {
    const echo = await start((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (c: Buffer) => chunks.push(c));
      request.on('end', () => response.writeHead(201, { 'x-seen': request.method ?? '' }).end(Buffer.concat(chunks)));
    });
    const exempt = new SafeHttpClient({ allowedHosts: parseAllowedHosts(` 127.0.0.1:${echo.port} , other `) });
    const response = await exempt.request(`http://127.0.0.1:${echo.port}/hook`, { method: 'post', body: 'olá' });
    expect(response.status).toBe(201);
    expect(response.headers['x-seen']).toBe('POST');
    expect(response.text()).toBe('olá');
  });
});

describe('SafeHttpClient streaming', () => {
  it('hands the body over as it arrives, before the server has finished', async () => {
    let finish!: () => void;
    const finished = new Promise<void>((resolve) => (finish = resolve));
    const slow = await start((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write('data: first\n\n');
      void finished.then(() => response.end('data: last\n\n'));
    });
    const exempt = new SafeHttpClient({ allowedHosts: [`127.0.0.1:${slow.port}`], timeoutMs: 5_000 });
    const answer = await exempt.stream(`http://127.0.0.1:${slow.port}/events`);
    expect(answer.status).toBe(200);
    const chunks: string[] = [];
    for await (const chunk of answer.body) {
      chunks.push(String(chunk));
      if (chunks.length === 1) finish();
    }
    expect(chunks.join('')).toBe('data: first\n\ndata: last\n\n');
    expect(chunks[0]).toBe('data: first\n\n');
  });

  it('cuts a stream off past the size limit', async () => {
    const endless = await start((_request, response) => {
      response.writeHead(200);
      const timer = setInterval(() => response.write(Buffer.alloc(16 * 1024, 1)), 1);
      response.on('close', () => clearInterval(timer));
    });
    const exempt = new SafeHttpClient({ allowedHosts: ['127.0.0.1'], maxBytes: 256 * 1024, timeoutMs: 5_000 });
    const answer = await exempt.stream(`http://127.0.0.1:${endless.port}/`);
    const read = (async () => {
      for await (const _chunk of answer.body) void _chunk;
    })();
    expect((await refusal(read)).code).toBe('ERR_OUTBOUND_TOO_LARGE');
  });

  it('as fetch, keeps every address rule and answers a streaming Response', async () => {
    const target = await start((request, response) => {
      response.writeHead(201, { 'content-type': 'application/json', 'x-seen': request.headers.authorization ?? '' });
      response.end('{"ok":true}');
    });
    const refused = new SafeHttpClient({ timeoutMs: 2_000 }).asFetch()(
      `http://127.0.0.1:${target.port}/v1/chat/completions`,
      { method: 'POST' },
    );
    expect((await refusal(refused)).code).toBe('ERR_OUTBOUND_ADDRESS');
    expect(target.hits).toHaveLength(0);
    const exempt = new SafeHttpClient({ allowedHosts: [`127.0.0.1:${target.port}`] });
    const response = await exempt.asFetch()(`http://127.0.0.1:${target.port}/v1`, {
      method: 'POST',
      headers: new Headers({ Authorization: 'Bearer sk-x' }),
      body: '{}',
    });
    expect(response.status).toBe(201);
    expect(response.headers.get('x-seen')).toBe('Bearer sk-x');
    expect(await response.json()).toEqual({ ok: true });
  });
});
