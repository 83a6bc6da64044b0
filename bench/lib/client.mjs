// The browser's side of the product, as a benchmark drives it: HTTP through the gateway with a bearer token,
// socket.io clients, and a small closed-loop HTTP load tool (keep-alive agent, fixed concurrency).
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { io } from 'socket.io-client';
import { summarize } from './report.mjs';

/** Calls the gateway: `{ status, body }` (body parsed as JSON when it is). */
export async function api(base, method, path, { token, body } = {}) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  let parsed = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // not JSON
  }
  return { status: response.status, body: parsed };
}

/** Like api() but throws unless the status is 2xx. */
export async function call(base, method, path, options) {
  const response = await api(base, method, path, options);
  if (response.status < 200 || response.status >= 300) {
    throw new Error(`${method} ${path} answered ${response.status}: ${JSON.stringify(response.body)}`);
  }
  return response.body;
}

/** Signs in through the gateway: `{ token, user }`. */
export async function logIn(base, email, password) {
  return call(base, 'POST', '/auth/login', { body: { email, password } });
}

/**
 * A socket.io client as the web client opens it (websocket transport, its own connection), resolved once the
 * gateway says `ready`.
 */
export function connectSocket(base, token, { timeoutMs = 30_000 } = {}) {
  const socket = io(base, {
    path: '/socket.io',
    transports: ['websocket'],
    auth: { token },
    forceNew: true,
    reconnection: false,
    timeout: timeoutMs,
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.close();
      reject(new Error('socket: no ready in time'));
    }, timeoutMs);
    socket.once('ready', () => {
      clearTimeout(timer);
      resolve(socket);
    });
    socket.once('connect_error', (error) => {
      clearTimeout(timer);
      socket.close();
      reject(error);
    });
  });
}

/** Emits an event with an acknowledgement and waits for it. */
export function emitAck(socket, event, ...args) {
  return new Promise((resolve) => socket.emit(event, ...args, (applied) => resolve(applied)));
}

/**
 * Closed-loop load: `concurrency` workers each send a request, wait for the answer, send the next, for
 * `durationMs` (after `warmupMs` whose requests are not counted). `path(i)` gives the i-th request's path.
 * Returns latency percentiles (ms), requests per second and status counts.
 */
export async function httpLoad(
  base,
  { path, token, headers: extraHeaders = {}, concurrency = 10, durationMs = 10_000, warmupMs = 1_000 },
) {
  const url = new URL(base);
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const headers = { ...(token ? { authorization: `Bearer ${token}` } : {}), ...extraHeaders };
  const latencies = [];
  const statuses = {};
  let sequence = 0;
  let bytes = 0;
  const request = (requestPath) =>
    new Promise((resolve) => {
      const started = performance.now();
      const req = http.request(
        { host: url.hostname, port: url.port, path: requestPath, method: 'GET', agent, headers },
        (res) => {
          let size = 0;
          res.on('data', (chunk) => (size += chunk.length));
          res.on('end', () => resolve({ status: res.statusCode, ms: performance.now() - started, size }));
        },
      );
      req.on('error', () => resolve({ status: 'error', ms: performance.now() - started }));
      req.end();
    });
  const warmupEnd = performance.now() + warmupMs;
  const end = warmupEnd + durationMs;
  let measuredFrom = null;
  const worker = async () => {
    while (performance.now() < end) {
      const result = await request(path(sequence++));
      if (performance.now() - result.ms < warmupEnd) continue; // started during the warm-up
      measuredFrom ??= warmupEnd;
      latencies.push(result.ms);
      bytes += result.size ?? 0;
      statuses[result.status] = (statuses[result.status] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  agent.destroy();
  const elapsed = (performance.now() - (measuredFrom ?? warmupEnd)) / 1000;
  return {
    ...summarize(latencies),
    rps: Math.round((latencies.length / Math.max(elapsed, 0.001)) * 10) / 10,
    statuses,
    kbPerResponse: latencies.length ? Math.round(bytes / latencies.length / 102.4) / 10 : null,
  };
}
