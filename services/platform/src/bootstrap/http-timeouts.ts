import { Agent } from 'node:http';
import type { Server } from 'node:http';

/**
 * Keep-alive between the gateway and the services. A reused idle connection fails with "socket hang up" /
 * ECONNRESET when the server closes it at the moment the client writes a new request on it; with Node's defaults
 * both sides give up an idle socket after 5 s, so that race is run on every idle pause of that length.
 * The rule: the client (the gateway's proxy agent) always drops an idle socket well before the server does.
 */
export const PROXY_FREE_SOCKET_TIMEOUT_MS = 4_000;
/** How long a service keeps an idle keep-alive connection open (far beyond the proxy's free-socket timeout). */
export const SERVER_KEEP_ALIVE_TIMEOUT_MS = 65_000;
/** Must exceed the keep-alive timeout, or Node may end a reused connection while the next request's headers arrive. */
export const SERVER_HEADERS_TIMEOUT_MS = SERVER_KEEP_ALIVE_TIMEOUT_MS + 1_000;

/** Applies the keep-alive timeouts to a deployable's HTTP server. */
export function applyServerTimeouts(server: Server): void {
  server.keepAliveTimeout = SERVER_KEEP_ALIVE_TIMEOUT_MS;
  server.headersTimeout = SERVER_HEADERS_TIMEOUT_MS;
}

/** The agent the gateway proxies through: keep-alive, idle sockets dropped after `PROXY_FREE_SOCKET_TIMEOUT_MS`. */
export function createUpstreamAgent(): Agent {
  return new Agent({ keepAlive: true, timeout: PROXY_FREE_SOCKET_TIMEOUT_MS, scheduling: 'lifo' });
}
