/**
 * The external API through the gateway with tickets real: a made-up token with a huge chunked upload is answered
 * 401 whole, at once, without the body being read into memory by the gateway or by tickets (both run in this
 * process, so its external memory is theirs).
 */
import { chunkedUpload } from '@cs/platform/testing';
import { type Stack, startStack, startTickets } from '../support/stack.js';

const MIB = 1024 * 1024;
let ticketsApp: Awaited<ReturnType<typeof startTickets>>;
let stack: Stack;

beforeAll(async () => {
  ticketsApp = await startTickets();
  stack = await startStack({ gatewayEnv: { TICKETS_URL: ticketsApp.url } });
});
afterAll(async () => {
  await stack?.close();
  await ticketsApp?.close();
});

describe('POST /api/messages/send through the gateway', () => {
  it('answers a chunked 200 MiB upload with a made-up token 401 at once, reading none of it into memory', async () => {
    const boundary = 'limite-gateway';
    const answer = await chunkedUpload(`${stack.gatewayUrl}/api/messages/send`, {
      headers: {
        authorization: 'Bearer token-inventado-no-gateway',
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      head:
        `--${boundary}\r\nContent-Disposition: form-data; name="number"\r\n\r\n5511987650001\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="medias"; filename="grande.bin"\r\n\r\n`,
      bodyBytes: 200 * MIB,
      tail: `\r\n--${boundary}--\r\n`,
    });
    expect(answer.status).toBe(401);
    expect(JSON.parse(answer.body)).toEqual({ error: 'Acesso não permitido' });
    expect(answer.sent).toBeLessThan(200 * MIB);
    // V8 frees external memory lazily: a generous bound, far below the body that was on its way
    expect(answer.arrayBuffersPeak).toBeLessThan(100 * MIB);
  });
});
