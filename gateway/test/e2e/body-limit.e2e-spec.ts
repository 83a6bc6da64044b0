/**
 * The gateway's body limit on every proxied route, whatever the framing: a declared `Content-Length` over
 * GATEWAY_BODY_LIMIT_BYTES is refused before reading, and a chunked body is cut once it passes the limit (413 in
 * the spec's error format, the upstream call stopped, the rest never read).
 */
import { chunkedUpload } from '@cs/platform/testing';
import { call, createPlan, logIn, signUp, type Stack, startStack } from '../support/stack.js';

const MIB = 1024 * 1024;
let stack: Stack;

beforeAll(async () => {
  stack = await startStack({ gatewayEnv: { GATEWAY_BODY_LIMIT_BYTES: String(MIB) } });
});
afterAll(async () => {
  await stack?.close();
});

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

  it('refuses a declared Content-Length over the limit before reading', async () => {
    const answer = await call(stack.gatewayUrl, 'POST', '/api/messages/send', { body: { texto: 'x'.repeat(2 * MIB) } });
    expect(answer.status).toBe(413);
    expect(answer.body).toMatchObject({ error: 'ERR_PAYLOAD_TOO_LARGE' });
  });
});
