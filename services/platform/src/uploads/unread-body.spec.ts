import http from 'node:http';
import { type AddressInfo, connect, type Socket } from 'node:net';
import { applyServerTimeouts } from '../bootstrap/http-timeouts.js';
import { chunkedUpload } from '../testing/chunked-upload.js';
import { answerUnread, closeAfterAnswer, discardAfterAnswer } from './unread-body.js';

const MIB = 1024 * 1024;

describe('closeAfterAnswer', () => {
  it('gets the whole answer to a client still uploading, and stops reading its body', async () => {
    let received = 0;
    let closed: Promise<void> = Promise.resolve();
    const server = http.createServer((request, response) => {
      request.on('data', (chunk: Buffer) => (received += chunk.length));
      request.pause();
      closed = new Promise((resolve) => request.socket.once('close', () => resolve()));
      closeAfterAnswer(request, response, { totalMs: 60_000, idleMs: 60_000 });
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

/**
 * A client that writes a chunked body for `writeMs` without reading (as one busy sending does), then reads what it got:
 * the answer's text, or the socket error that ended it.
 */
function busyWriter(port: number, writeMs: number): Promise<{ text: string; error?: string }> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const received: Buffer[] = [];
    let error: string | undefined;
    socket.pause();
    socket.on('error', (cause: NodeJS.ErrnoException) => (error ??= cause.code ?? cause.message));
    socket.on('close', () => resolve({ text: Buffer.concat(received).toString(), ...(error ? { error } : {}) }));
    socket.on('data', (chunk: Buffer) => received.push(chunk));
    socket.write('POST /upload HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n');
    const chunk = `${(16 * 1024).toString(16)}\r\n${'x'.repeat(16 * 1024)}\r\n`;
    const started = Date.now();
    const pace = setInterval(() => {
      if (socket.destroyed) return clearInterval(pace);
      if (Date.now() - started < writeMs) return void socket.write(chunk);
      clearInterval(pace);
      socket.resume();
    }, 10);
  });
}

describe('closeAfterAnswer, lingering', () => {
  it('keeps discarding while the body keeps coming, so a client that reads late still gets the answer', async () => {
    const server = http.createServer((request, response) => {
      closeAfterAnswer(request, response, { totalMs: 60_000, idleMs: 2_000 });
      response.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'Acesso negado' }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      // writing for longer than the idle bound: each chunk keeps the connection open, then the silence closes it
      const { text, error } = await busyWriter(port, 3_000);
      expect(error).toBeUndefined();
      expect(text).toMatch(/^HTTP\/1\.1 401 /);
      // the whole answer: its body and the chunked encoding's last chunk
      expect(text).toContain(JSON.stringify({ error: 'Acesso negado' }));
      expect(text.endsWith('\r\n0\r\n\r\n')).toBe(true);
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

/**
 * A raw client on a server that refuses every request before reading its body (`discardAfterAnswer`, then a 401): it
 * declares `declared` bytes and sends `firstBytes` of them with the headers; `onAnswer` runs once per answer's
 * status line seen; resolves with the status lines once the server closes the connection.
 */
async function refusingServer(
  linger: { totalMs: number; idleMs: number },
  client: (socket: Socket, answers: () => number) => void,
): Promise<{ statusLines: string[]; requests: number }> {
  let requests = 0;
  const server = http.createServer((request, response) => {
    requests += 1;
    discardAfterAnswer(request, response, linger);
    response.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'Acesso negado' }));
  });
  // a deployable's keep-alive (a minute), which would otherwise hold a stalled body's connection as long
  applyServerTimeouts(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const text = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1');
      let received = '';
      const answers = (): number => received.split('HTTP/1.1 ').length - 1;
      socket.on('data', (chunk: Buffer) => {
        received += chunk.toString();
        client(socket, answers);
      });
      socket.on('error', reject);
      socket.on('close', () => resolve(received));
      client(socket, answers);
    });
    return { statusLines: text.match(/HTTP\/1\.1 \d+ [^\r]*/g) ?? [], requests };
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

const declaring = (bytes: number): string =>
  `POST /upload HTTP/1.1\r\nHost: x\r\nContent-Type: application/octet-stream\r\nContent-Length: ${bytes}\r\n\r\n`;

describe('discardAfterAnswer', () => {
  it('closes the connection of a client that stops sending its body once refused', async () => {
    const result = await refusingServer({ totalMs: 60_000, idleMs: 200 }, (socket, answers) => {
      if (answers() === 0 && socket.bytesWritten === 0) socket.write(declaring(64 * 1024) + 'x'.repeat(1024));
    });
    expect(result).toEqual({ statusLines: ['HTTP/1.1 401 Unauthorized'], requests: 1 });
    // bounded far below the keep-alive's minute, which held such a connection before
  }, 30_000);

  it('keeps the connection for the next request once the refused body has ended', async () => {
    let step = 0;
    const result = await refusingServer({ totalMs: 60_000, idleMs: 60_000 }, (socket, answers) => {
      if (step === 0) {
        step = 1;
        socket.write(declaring(2048) + 'x'.repeat(1024));
      } else if (step === 1 && answers() === 1) {
        // the rest of the body after the refusal, then a second request on the same connection
        step = 2;
        socket.write('y'.repeat(1024));
        socket.write('GET /again HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
      }
    });
    expect(result).toEqual({
      statusLines: ['HTTP/1.1 401 Unauthorized', 'HTTP/1.1 401 Unauthorized'],
      requests: 2,
    });
  });
});
