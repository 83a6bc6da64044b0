import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { chunkedUpload } from '../testing/chunked-upload.js';
import { answerUnread, closeAfterAnswer } from './unread-body.js';

const MIB = 1024 * 1024;

describe('closeAfterAnswer', () => {
  it('gets the whole answer to a client still uploading, and stops reading its body', async () => {
    let received = 0;
    let closed: Promise<void> = Promise.resolve();
    const server = http.createServer((request, response) => {
      request.on('data', (chunk: Buffer) => (received += chunk.length));
      request.pause();
      closed = new Promise((resolve) => request.socket.once('close', () => resolve()));
      closeAfterAnswer(request, response, 60_000);
      response.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'Acesso negado' }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const answer = await chunkedUpload(`http://127.0.0.1:${port}/upload`, { bodyBytes: 256 * MIB });
      expect(answer.status).toBe(401);
      expect(JSON.parse(answer.body)).toEqual({ error: 'Acesso negado' });
      expect(answer.sent).toBeLessThan(256 * MIB);
      // the client closes once answered; the server's socket goes with it, long before the linger bound
      await closed;
      expect(received).toBeLessThan(256 * MIB);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe('answerUnread', () => {
  it.each([
    ['kept alive', {}],
    ['Connection: close', { connection: 'close' }],
  ])(
    'gets the whole answer to a client still uploading (%s), and closes without reading the body',
    async (_, headers) => {
      let closed: Promise<void> = Promise.resolve();
      const server = http.createServer((request, response) => {
        closed = new Promise((resolve) => request.socket.once('close', () => resolve()));
        answerUnread(request, response, {
          status: 413,
          body: { error: 'ERR_PAYLOAD_TOO_LARGE' },
          headers: { 'x-a': '1' },
        });
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      try {
        const { port } = server.address() as AddressInfo;
        const answer = await chunkedUpload(`http://127.0.0.1:${port}/upload`, { headers, bodyBytes: 256 * MIB });
        expect(answer.status).toBe(413);
        expect(answer.headers['x-a']).toBe('1');
        expect(JSON.parse(answer.body)).toEqual({ error: 'ERR_PAYLOAD_TOO_LARGE' });
        expect(answer.sent).toBeLessThan(256 * MIB);
        await closed;
      } finally {
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      }
    },
  );
});
