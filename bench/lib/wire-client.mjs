// A socket.io client that speaks the protocol on the wire and nothing more, for benchmarks that hold thousands of
// sockets on the same cores as the gateway they measure: one `ws` WebSocket (engine.io v4's websocket transport,
// no polling, no upgrade), the socket.io v5 CONNECT with the auth payload, pong for every ping, and event packets
// (`42[...]`) parsed only when their event is one the caller listens to. socket.io-client does the same work
// through four layers of emitters and decoders, and on the gateway's own cores that cost would be measured as the
// gateway's latency. Browsers run socket.io-client on their own machines.
import { WebSocket } from 'ws';

const OPEN = '0';
const PING = '2';
const PONG = '3';
const MESSAGE = '4';
const CONNECT = '0';
const EVENT = '2';
const CONNECT_ERROR = '4';

/**
 * Opens a socket as the web client does (websocket transport, `auth: { token }`, the main namespace) and resolves
 * once the gateway emits `ready`. The result: `on(event, handler)` (handler gets the event's first argument),
 * `connected`, `close()`.
 */
export function connectWire(base, token, { timeoutMs = 30_000, path = '/socket.io' } = {}) {
  const url = new URL(path.endsWith('/') ? path : `${path}/`, base);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.search = '?EIO=4&transport=websocket';
  const ws = new WebSocket(url, { perMessageDeflate: false });
  // an event packet starts with `42["<name>",`: the handler is found by that prefix, before any JSON is parsed
  const prefixes = new Map();
  const client = {
    connected: false,
    on(event, handler) {
      prefixes.set(`${MESSAGE}${EVENT}${JSON.stringify([event]).slice(0, -1)}`, handler);
      return client;
    },
    close() {
      client.connected = false;
      ws.terminate();
    },
  };
  return new Promise((resolve, reject) => {
    const fail = (error) => {
      clearTimeout(timer);
      client.close();
      reject(error);
    };
    const timer = setTimeout(() => fail(new Error('socket: no ready in time')), timeoutMs);
    ws.on('error', fail);
    ws.on('close', () => (client.connected = false));
    ws.on('message', (data) => {
      const text = data.toString();
      const type = text[0];
      if (type === PING) return ws.send(PONG);
      if (type === OPEN) return ws.send(`${MESSAGE}${CONNECT}${JSON.stringify({ token })}`);
      if (type !== MESSAGE) return undefined;
      const kind = text[1];
      if (kind === EVENT) {
        const comma = text.indexOf(',');
        const prefix = comma < 0 ? text.slice(0, -1) : text.slice(0, comma);
        if (prefix === '42["ready"') {
          clearTimeout(timer);
          return resolve(client);
        }
        const handler = prefixes.get(prefix);
        if (handler) handler(JSON.parse(text.slice(2))[1]);
        return undefined;
      }
      if (kind === CONNECT) client.connected = true;
      else if (kind === CONNECT_ERROR) fail(new Error(JSON.parse(text.slice(2))?.message ?? 'connect_error'));
      return undefined;
    });
  });
}
