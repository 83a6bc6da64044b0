/**
 * The gateway's body limit on every proxied route, whatever the framing: a declared `Content-Length` over
 * GATEWAY_BODY_LIMIT_BYTES is refused before reading, and a chunked body is cut once it passes the limit (413 in
 * the spec's error format, the upstream call stopped, the rest never read); and an app closed with a request in flight
 * answers it on a connection it then closes.
 */
import { Agent, request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { answerUnread } from '@cs/platform/uploads';
import { chunkedUpload } from '@cs/platform/testing';
import { call, createPlan, logIn, signUp, type Stack, startStack } from '../support/stack.js';

const MIB = 1024 * 1024;
const REFUSED_UNREAD = '/messages/refused-unread';
let stack: Stack;

beforeAll(async () => {
  stack = await startStack({
    gatewayEnv: { GATEWAY_BODY_LIMIT_BYTES: String(MIB) },
    // a service refusing a body from its first bytes, as the upload routes do (its answer says `Connection: close`)
    upstreamEarly: (request, response) => {
      if (request.url !== REFUSED_UNREAD) return false;
      answerUnread(request, response, {
        status: 415,
        body: { error: 'ERR_UNSUPPORTED_MEDIA_TYPE', message: 'Tipo de arquivo não permitido' },
      });
      return true;
    },
  });
});
afterAll(async () => {
  await stack?.close();
});

/**
 * A client that declares a body of `declared` bytes, sends `sent` of them and then stops, reading what comes back:
 * the answer's status line, once the gateway has closed the connection (its keep-alive timeout, a minute away, would
 * otherwise end it).
 */
function stalledUpload(path: string, declared: number, sent: number): Promise<string> {
  const { hostname, port } = new URL(stack.gatewayUrl);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
    // a reset after the answer still closes it
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(text.split('\r\n')[0] ?? ''));
    socket.write(
      `POST ${path} HTTP/1.1\r\nHost: ${hostname}\r\nContent-Type: application/octet-stream\r\n` +
        `Content-Length: ${declared}\r\n\r\n`,
    );
    socket.write(Buffer.alloc(sent, 1));
  });
}

const proxiedCalls = (path: string): number => stack.upstream.calls.filter((entry) => entry.path === path).length;

describe('body limit', () => {
  it('cuts a chunked body past the limit on a service route with 413 ERR_PAYLOAD_TOO_LARGE', async () => {
    const answer = await chunkedUpload(`${stack.gatewayUrl}/api/messages/send`, {
      headers: { 'content-type': 'application/octet-stream', authorization: 'Bearer qualquer' },
      bodyBytes: 64 * MIB,
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ error: 'ERR_PAYLOAD_TOO_LARGE', message: expect.any(String) });
    expect(answer.sent).toBeLessThan(64 * MIB);
    expect(proxiedCalls('/api/messages/send')).toBe(0);
  });

  it('cuts a chunked body past the limit on a signed-in route, and still proxies one within it', async () => {
    const tenant = await signUp(stack.gatewayUrl, await createPlan());
    const session = await logIn(stack.gatewayUrl, tenant.email, tenant.password);
    const headers = { authorization: `Bearer ${session.token}`, 'content-type': 'application/octet-stream' };
    const over = await chunkedUpload(`${stack.gatewayUrl}/messages/77`, { headers, bodyBytes: 64 * MIB });
    expect(over.status).toBe(413);
    expect(JSON.parse(over.body)).toMatchObject({ error: 'ERR_PAYLOAD_TOO_LARGE' });
    expect(proxiedCalls('/messages/77')).toBe(0);

    const within = await chunkedUpload(`${stack.gatewayUrl}/messages/78`, { headers, bodyBytes: MIB / 2 });
    expect(within.status).toBe(200);
    expect(proxiedCalls('/messages/78')).toBe(1);
  });

  it("passes on a service's refusal of a body still streaming, and the client reads it every time", async () => {
    const tenant = await signUp(stack.gatewayUrl, await createPlan());
    const session = await logIn(stack.gatewayUrl, tenant.email, tenant.password);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      // the body stays open below the gateway's limit, so the answer is the service's refusal however slow it is
      const answer = await chunkedUpload(`${stack.gatewayUrl}${REFUSED_UNREAD}`, {
        headers: { authorization: `Bearer ${session.token}`, 'content-type': 'application/octet-stream' },
        bodyBytes: 64 * MIB,
        holdAfterBytes: MIB / 2,
      });
      expect(answer.status).toBe(415);
      expect(JSON.parse(answer.body)).toMatchObject({ error: 'ERR_UNSUPPORTED_MEDIA_TYPE' });
      // the gateway closes the client's connection itself once the client had time to read the answer
      expect(answer.headers.connection).toBe('keep-alive');
      expect(answer.sent).toBeLessThan(64 * MIB);
    }
  });

  it('refuses a declared Content-Length over the limit before reading', async () => {
    const answer = await call(stack.gatewayUrl, 'POST', '/api/messages/send', { body: { texto: 'x'.repeat(2 * MIB) } });
    expect(answer.status).toBe(413);
    expect(answer.body).toMatchObject({ error: 'ERR_PAYLOAD_TOO_LARGE' });
  });

  it('closes the connection of a client that stops sending the body it declared, once refused', async () => {
    // over the limit (refused before reading), and within it on a signed-in route without a token
    const [overLimit, noToken] = await Promise.all([
      stalledUpload('/api/messages/send', 2 * MIB, 64 * 1024),
      stalledUpload('/messages/79', MIB / 2, 64 * 1024),
    ]);
    expect({ overLimit, noToken }).toEqual({
      overLimit: 'HTTP/1.1 413 Payload Too Large',
      noToken: 'HTTP/1.1 401 Unauthorized',
    });
    expect(proxiedCalls('/messages/79')).toBe(0);
    // bounded far below the gateway's keep-alive minute, which held such connections (and the gateway's close) before
  }, 30_000);
});

describe('closing an app', () => {
  const HELD = '/messages/held';
  let arrived: () => void = () => undefined;
  let answer: () => void = () => undefined;
  let held: Stack;
  let token: string;

  beforeAll(async () => {
    held = await startStack({
      upstreamEarly: (request, response) => {
        if (request.url !== HELD) return false;
        request.resume();
        answer = () => response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
        arrived();
        return true;
      },
    });
    const tenant = await signUp(held.gatewayUrl, await createPlan());
    token = (await logIn(held.gatewayUrl, tenant.email, tenant.password)).token;
  });

  // a client that keeps an idle connection as long as the server does (as fetch does with the server's keep-alive
  // hint); the bound is under the deployables' keep-alive (65 s), for which such a connection held the close before
  it('answers a request in flight, then closes its connection though the client would keep it', async () => {
    const reached = new Promise<void>((resolve) => (arrived = resolve));
    const agent = new Agent({ keepAlive: true });
    const { hostname, port } = new URL(held.gatewayUrl);
    const ended = new Promise<number | undefined>((resolve, reject) => {
      const outgoing = httpRequest(
        { host: hostname, port, agent, method: 'POST', path: HELD, headers: { authorization: `Bearer ${token}` } },
        (incoming) => {
          incoming.resume();
          incoming.socket.once('close', () => resolve(incoming.statusCode));
        },
      );
      outgoing.on('error', reject);
      outgoing.end();
    });
    await reached;
    // the gateway first: its close waits for the request it is proxying
    const closed = held.close();
    answer();
    expect(await ended).toBe(200);
    await closed;
    agent.destroy();
  }, 30_000);
});
