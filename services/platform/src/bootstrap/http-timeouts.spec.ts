import { createServer, request, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import {
  applyServerTimeouts,
  createUpstreamAgent,
  PROXY_FREE_SOCKET_TIMEOUT_MS,
  SERVER_KEEP_ALIVE_TIMEOUT_MS,
} from './http-timeouts.js';

/** Who ended each connection the server accepted: the client (a FIN arrived first) or the server. */
interface Closing {
  socket: Socket;
  endedByClient: boolean;
  closed: boolean;
  /** Settles when the connection is closed. */
  gone: Promise<void>;
}

let server: Server;
let port: number;
const connections: Closing[] = [];

beforeAll(async () => {
  server = createServer((_request, response) => response.end('ok'));
  applyServerTimeouts(server);
  server.on('connection', (socket: Socket) => {
    const gone = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    const entry: Closing = { socket, endedByClient: false, closed: false, gone };
    connections.push(entry);
    socket.on('end', () => (entry.endedByClient = !entry.closed));
    socket.on('close', () => (entry.closed = true));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const get = (agent: ReturnType<typeof createUpstreamAgent>): Promise<{ status: number; reused: boolean }> =>
  new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: '/', agent }, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode ?? 0, reused: req.reusedSocket }));
    });
    req.on('error', reject);
    req.end();
  });

it('keeps idle connections on the service side longer than the proxy agent does', () => {
  expect(server.keepAliveTimeout).toBe(SERVER_KEEP_ALIVE_TIMEOUT_MS);
  expect(server.headersTimeout).toBeGreaterThan(server.keepAliveTimeout);
  expect(PROXY_FREE_SOCKET_TIMEOUT_MS).toBeLessThan(SERVER_KEEP_ALIVE_TIMEOUT_MS);
});

it('the gateway side drops an idle upstream socket first, so a request never goes out on a socket the service closed', async () => {
  const agent = createUpstreamAgent();
  try {
    // back-to-back requests reuse one connection
    expect(await get(agent)).toEqual({ status: 200, reused: false });
    expect(await get(agent)).toEqual({ status: 200, reused: true });
    // the agent ends the idle connection itself (its FIN arrives first), before the service's keep-alive would
    await connections[0]?.gone;
    expect(connections[0]).toMatchObject({ endedByClient: true, closed: true });
    expect(await get(agent)).toEqual({ status: 200, reused: false });
  } finally {
    agent.destroy();
  }
});
