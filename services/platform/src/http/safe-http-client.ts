import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { Readable, Transform } from 'node:stream';
import { isRefusedAddress } from './address-policy.js';

export type OutboundErrorCode =
  | 'ERR_OUTBOUND_URL'
  | 'ERR_OUTBOUND_ADDRESS'
  | 'ERR_OUTBOUND_TIMEOUT'
  | 'ERR_OUTBOUND_TOO_LARGE'
  | 'ERR_OUTBOUND_REDIRECTS'
  | 'ERR_OUTBOUND_NETWORK';

/** Why a server-side request to a user-supplied URL was refused or failed. The message never holds the body. */
export class OutboundRequestError extends Error {
  constructor(
    readonly code: OutboundErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'OutboundRequestError';
  }
}

export interface SafeHttpClientOptions {
  /**
   * Hosts (`host` or `host:port`, as written in the URL) exempt from the address policy. For tests and local
   * development against fakes on loopback only (`OUTBOUND_HTTP_ALLOWED_HOSTS`); never set in production.
   */
  readonly allowedHosts?: readonly string[];
  /** Whole-request deadline (connect, redirects, body), default 10 s. */
  readonly timeoutMs?: number;
  /** Largest response body accepted, default 16 MiB. */
  readonly maxBytes?: number;
  /** Redirects followed (each one checked like the first URL), default 3. */
  readonly maxRedirects?: number;
  readonly userAgent?: string;
}

export interface OutboundRequest {
  readonly method?: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string | Uint8Array;
  readonly timeoutMs?: number;
  readonly maxBytes?: number;
  readonly maxRedirects?: number;
  /** Ends the exchange early (the caller went away); it then fails as `ERR_OUTBOUND_NETWORK`. */
  readonly signal?: AbortSignal;
}

export interface OutboundResponse {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  /** The URL that answered (after redirects). */
  readonly url: string;
  readonly body: Buffer;
  text(): string;
  json<T = unknown>(): T;
}

/** An answer whose body is read as it arrives: the size limit and the deadline still hold while it streams. */
export interface OutboundStream {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly url: string;
  /** Fails with `OutboundRequestError` (`ERR_OUTBOUND_TOO_LARGE`, `ERR_OUTBOUND_TIMEOUT`) mid-stream. */
  readonly body: Readable;
}

const DEFAULTS = { timeoutMs: 10_000, maxBytes: 16 * 1024 * 1024, maxRedirects: 3 } as const;

/** Reads `OUTBOUND_HTTP_ALLOWED_HOSTS` style values: comma-separated `host` or `host:port`. */
export function parseAllowedHosts(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean);
}

/**
 * The syntactic check of a user-supplied URL, for validation at the edge: http or https, a host, no
 * credentials, and not an IP literal in a refused range. Names are resolved (and checked again) only when the
 * request is made. Throws `OutboundRequestError` `ERR_OUTBOUND_URL` / `ERR_OUTBOUND_ADDRESS`.
 */
export function checkOutboundUrl(input: string | URL, allowedHosts: readonly string[] = []): URL {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    throw new OutboundRequestError('ERR_OUTBOUND_URL', 'not a valid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new OutboundRequestError('ERR_OUTBOUND_URL', `scheme ${url.protocol} is not allowed`);
  }
  if (!url.hostname) throw new OutboundRequestError('ERR_OUTBOUND_URL', 'the URL has no host');
  if (url.username || url.password) {
    throw new OutboundRequestError('ERR_OUTBOUND_URL', 'credentials in the URL are not allowed');
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) && isRefusedAddress(host) && !isAllowed(url, allowedHosts)) {
    throw new OutboundRequestError('ERR_OUTBOUND_ADDRESS', 'the address is not reachable from here');
  }
  return url;
}

function isAllowed(url: URL, allowedHosts: readonly string[]): boolean {
  if (allowedHosts.length === 0) return false;
  const host = url.hostname.toLowerCase();
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return allowedHosts.includes(host) || allowedHosts.includes(`${host}:${port}`);
}

/** A DNS lookup that fails when any address the name resolves to is refused (no partial trust, no rebinding). */
const checkedLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) {
      callback(error, '', 0);
      return;
    }
    const refused = addresses.find((entry) => isRefusedAddress(entry.address));
    if (refused || addresses.length === 0) {
      const failure = new OutboundRequestError('ERR_OUTBOUND_ADDRESS', 'the address is not reachable from here');
      callback(failure, '', 0);
      return;
    }
    if (options.all) {
      (callback as unknown as (error: null, addresses: LookupAddress[]) => void)(null, addresses);
      return;
    }
    const first = addresses[0] as LookupAddress;
    callback(null, first.address, first.family);
  });
};

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * The one HTTP client for every URL a user can supply (webhooks, bot integrations, media URLs, signup
 * automation): http/https only; loopback, private, link-local, metadata and their IPv6 forms refused after DNS
 * resolution — the address checked is the one connected to — and again on every redirect; a deadline over the
 * whole exchange; a size limit enforced while the body streams in.
 */
export class SafeHttpClient {
  private readonly allowedHosts: readonly string[];
  private readonly defaults: Required<Omit<SafeHttpClientOptions, 'allowedHosts' | 'userAgent'>>;
  private readonly userAgent: string;

  constructor(options: SafeHttpClientOptions = {}) {
    this.allowedHosts = (options.allowedHosts ?? []).map((host) => host.toLowerCase());
    this.defaults = {
      timeoutMs: options.timeoutMs ?? DEFAULTS.timeoutMs,
      maxBytes: options.maxBytes ?? DEFAULTS.maxBytes,
      maxRedirects: options.maxRedirects ?? DEFAULTS.maxRedirects,
    };
    this.userAgent = options.userAgent ?? 'cs-platform';
  }

  /** `checkOutboundUrl` with this client's exemptions. */
  check(url: string | URL): URL {
    return checkOutboundUrl(url, this.allowedHosts);
  }

  async request(input: string | URL, init: OutboundRequest = {}): Promise<OutboundResponse> {
    const { response, url, maxBytes, deadline, timeoutMs } = await this.exchange(input, init);
    const payload = await readBody(response, maxBytes, deadline, timeoutMs);
    return toResponse(response, url, payload);
  }

  /**
   * The same exchange as `request` (every rule above), answered as soon as the headers arrive: the body streams,
   * cut off with `ERR_OUTBOUND_TOO_LARGE` once it passes `maxBytes` and with `ERR_OUTBOUND_TIMEOUT` at the deadline.
   */
  async stream(input: string | URL, init: OutboundRequest = {}): Promise<OutboundStream> {
    const { response, url, maxBytes, deadline, timeoutMs } = await this.exchange(input, init);
    let size = 0;
    const limited = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        size += chunk.length;
        if (size > maxBytes) {
          limited.destroy(new OutboundRequestError('ERR_OUTBOUND_TOO_LARGE', `body larger than ${maxBytes} bytes`));
          return;
        }
        callback(null, chunk);
      },
    });
    const fail = (error: unknown) => {
      if (!limited.destroyed) limited.destroy(failure(error, deadline, timeoutMs));
    };
    response.on('error', fail);
    response.on('aborted', () => fail(new Error('response aborted')));
    limited.on('close', () => response.destroy());
    response.pipe(limited);
    return { status: response.statusCode ?? 0, headers: response.headers, url: url.toString(), body: limited };
  }

  /**
   * This client as a WHATWG `fetch` (string or byte bodies), for SDKs that accept one (OpenAI's `fetch` option): the
   * answer's body streams through `stream`.
   */
  asFetch(defaults: Omit<OutboundRequest, 'method' | 'headers' | 'body' | 'signal'> = {}) {
    return async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
      const url = typeof input === 'string' || input instanceof URL ? input : input.url;
      const body = init.body;
      if (body !== undefined && body !== null && typeof body !== 'string' && !(body instanceof Uint8Array)) {
        throw new OutboundRequestError('ERR_OUTBOUND_URL', 'only string or byte bodies are sent');
      }
      const answer = await this.stream(url, {
        ...defaults,
        method: init.method ?? 'GET',
        headers: Object.fromEntries(new Headers(init.headers).entries()),
        ...(body === undefined || body === null ? {} : { body }),
        ...(init.signal ? { signal: init.signal } : {}),
      });
      const headers = new Headers();
      for (const [name, value] of Object.entries(answer.headers)) {
        if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
      }
      const empty = answer.status === 204 || answer.status === 304;
      if (empty) answer.body.resume();
      return new Response(empty ? null : (Readable.toWeb(answer.body) as ReadableStream<Uint8Array>), {
        status: answer.status,
        headers,
      });
    };
  }

  private async exchange(
    input: string | URL,
    init: OutboundRequest,
  ): Promise<{ response: IncomingMessage; url: URL; maxBytes: number; deadline: AbortSignal; timeoutMs: number }> {
    const timeoutMs = init.timeoutMs ?? this.defaults.timeoutMs;
    const maxBytes = init.maxBytes ?? this.defaults.maxBytes;
    const maxRedirects = init.maxRedirects ?? this.defaults.maxRedirects;
    const timer = AbortSignal.timeout(timeoutMs);
    const deadline = init.signal ? AbortSignal.any([timer, init.signal]) : timer;
    let url = this.check(input);
    let method = (init.method ?? 'GET').toUpperCase();
    let body = init.body;
    let headers: Record<string, string> = { 'user-agent': this.userAgent, ...lowerCased(init.headers) };
    for (let redirects = 0; ; redirects += 1) {
      const response = await this.once(url, method, headers, body, deadline, timeoutMs);
      const location = response.headers.location;
      if (!REDIRECTS.has(response.statusCode ?? 0) || !location) {
        return { response, url, maxBytes, deadline, timeoutMs };
      }
      response.resume();
      if (redirects >= maxRedirects) {
        throw new OutboundRequestError('ERR_OUTBOUND_REDIRECTS', `more than ${maxRedirects} redirects`);
      }
      const next = this.check(new URL(location, url));
      if (next.origin !== url.origin) {
        headers = Object.fromEntries(
          Object.entries(headers).filter(([name]) => name !== 'authorization' && name !== 'cookie'),
        );
      }
      if (response.statusCode === 303 || ((response.statusCode ?? 0) <= 302 && method === 'POST')) {
        method = 'GET';
        body = undefined;
        delete headers['content-type'];
        delete headers['content-length'];
      }
      url = next;
    }
  }

  private once(
    url: URL,
    method: string,
    headers: Record<string, string>,
    body: string | Uint8Array | undefined,
    deadline: AbortSignal,
    timeoutMs: number,
  ): Promise<IncomingMessage> {
    const exempt = isAllowed(url, this.allowedHosts);
    const options: RequestOptions = {
      method,
      headers: body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) },
      signal: deadline,
      ...(exempt ? {} : { lookup: checkedLookup }),
    };
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    return new Promise((resolve, reject) => {
      const request = send(url, options, resolve);
      request.on('error', (error) => reject(failure(error, deadline, timeoutMs)));
      request.end(body);
    });
  }
}

function lowerCased(headers: Readonly<Record<string, string>> | undefined): Record<string, string> {
  return Object.fromEntries(Object.entries(headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]));
}

function failure(error: unknown, deadline: AbortSignal, timeoutMs: number): OutboundRequestError {
  if (error instanceof OutboundRequestError) return error;
  if (deadline.aborted) {
    return (deadline.reason as { name?: string } | undefined)?.name === 'TimeoutError'
      ? new OutboundRequestError('ERR_OUTBOUND_TIMEOUT', `no complete answer within ${timeoutMs} ms`)
      : new OutboundRequestError('ERR_OUTBOUND_NETWORK', 'the request was cancelled');
  }
  const cause = (error as { cause?: unknown }).cause;
  if (cause instanceof OutboundRequestError) return cause;
  return new OutboundRequestError('ERR_OUTBOUND_NETWORK', (error as Error).message, { cause: error });
}

function readBody(
  response: IncomingMessage,
  maxBytes: number,
  deadline: AbortSignal,
  timeoutMs: number,
): Promise<Buffer> {
  const declared = Number(response.headers['content-length'] ?? NaN);
  if (Number.isFinite(declared) && declared > maxBytes) {
    response.destroy();
    return Promise.reject(new OutboundRequestError('ERR_OUTBOUND_TOO_LARGE', `body larger than ${maxBytes} bytes`));
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const fail = (error: OutboundRequestError) => {
      if (settled) return;
      settled = true;
      reject(error);
      response.destroy();
    };
    response.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        fail(new OutboundRequestError('ERR_OUTBOUND_TOO_LARGE', `body larger than ${maxBytes} bytes`));
        return;
      }
      chunks.push(chunk);
    });
    response.on('end', () => {
      if (settled) return;
      settled = true;
      resolve(Buffer.concat(chunks));
    });
    response.on('error', (error) => fail(failure(error, deadline, timeoutMs)));
    response.on('aborted', () => fail(failure(new Error('response aborted'), deadline, timeoutMs)));
  });
}

function toResponse(response: IncomingMessage, url: URL, body: Buffer): OutboundResponse {
  return {
    status: response.statusCode ?? 0,
    headers: response.headers,
    url: url.toString(),
    body,
    text: () => body.toString('utf8'),
    json: <T>() => JSON.parse(body.toString('utf8')) as T,
  };
}
