import type { ClientRequest, IncomingMessage, ServerResponse } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import { createProxyMiddleware, type RequestHandler } from 'http-proxy-middleware';
import type { Logger } from 'pino';
import { ERROR_CATALOGUE, type ErrorCode } from '@cs/proto/errors';
import { createUpstreamAgent } from '@cs/platform/bootstrap';
import { currentContext } from '@cs/platform/logging';
import { IDENTITY_HEADERS } from '@cs/platform/tenancy';
import { injectTraceContext } from '@cs/platform/telemetry';
import { answerUnread, closeAfterAnswer, discardAfterAnswer } from '@cs/platform/uploads';
import type { AccessTokenAuthenticator } from '../auth/access-token.authenticator.js';
import { type CallerIdentity, hasFlag, isExpired } from '../auth/auth-state.js';
import type { GatewayConfig } from '../config/env.js';
import { accessFor, planFlagFor, reachableWhenExpired, routeFor, SERVICE_URL_KEY, type ServiceName } from './routes.js';

/** Paths the gateway answers itself. */
const OWN_PATHS = /^\/(health\/|metrics$|version$|docs(\/|$)|socket\.io\/)/;

/** Headers a client may never set: the gateway alone vouches for identity. */
const STRIPPED_HEADERS = [
  IDENTITY_HEADERS.internalToken,
  IDENTITY_HEADERS.companyId,
  IDENTITY_HEADERS.userId,
  IDENTITY_HEADERS.profile,
  IDENTITY_HEADERS.isSuper,
  IDENTITY_HEADERS.sessionId,
  IDENTITY_HEADERS.clientIp,
  IDENTITY_HEADERS.requestId,
  IDENTITY_HEADERS.correlationId,
  'traceparent',
  'tracestate',
];

/** The spec's error answer `{ error, message, requestId }` for a code. */
function errorAnswer(code: ErrorCode, message?: string): { status: number; body: Record<string, string> } {
  const requestId = currentContext()?.requestId;
  return {
    status: ERROR_CATALOGUE[code].status,
    body: { error: code, message: message ?? ERROR_CATALOGUE[code].message, ...(requestId ? { requestId } : {}) },
  };
}

export function sendError(response: ServerResponse, code: ErrorCode, message?: string): void {
  if (response.headersSent) {
    response.end();
    return;
  }
  const { status, body } = errorAnswer(code, message);
  response.statusCode = status;
  response.setHeader('content-type', 'application/json; charset=utf-8');
  response.end(JSON.stringify(body));
}

/** A refusal before the body is read: the spec's error, the rest of the body discarded within bounds. */
function refuse(request: IncomingMessage, response: ServerResponse, code: ErrorCode): void {
  discardAfterAnswer(request, response);
  sendError(response, code);
}

/** The bearer token of a request; `null`/`undefined` (what a logged-out client sends) count as none. */
export function bearerOf(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  const token = match?.[1];
  return token && token !== 'null' && token !== 'undefined' ? token : undefined;
}

/** The gates a signed-in call passes before it is proxied: expiry, plan flag, role. */
export function gate(
  identity: CallerIdentity,
  method: string,
  path: string,
  graceDays: number,
  now: Date = new Date(),
): ErrorCode | undefined {
  if (isExpired(identity, graceDays, now) && !reachableWhenExpired(path)) return 'ERR_COMPANY_EXPIRED';
  const flag = planFlagFor(path);
  if (flag && !hasFlag(identity, flag)) return 'ERR_NO_PERMISSION';
  const access = accessFor(method, path);
  if (access === 'admin' && identity.profile !== 'admin' && !identity.isSuper) return 'ERR_NO_PERMISSION';
  if (access === 'super' && !identity.isSuper) return 'ERR_NO_SUPER';
  return undefined;
}

/** The upstream call of each proxied request, so a body cut at the limit stops it too. */
const upstreamCalls = new WeakMap<IncomingMessage, ClientRequest>();
/**
 * Requests whose upstream call ended early on purpose: cut at the limit, or answered by the service before it read
 * the body (it then closes the connection, and writing the rest fails): neither is an upstream failure, and the
 * service's answer still goes to the client.
 */
const settledRequests = new WeakSet<IncomingMessage>();

/**
 * Bounds a proxied body as it streams, chunked or not: past `limit` bytes the upstream call is stopped, the client
 * gets 413 `ERR_PAYLOAD_TOO_LARGE` (`answerUnread`; when an answer is already on its way, a closed connection) and
 * nothing more of the body is read. Whenever the service's answer ends before the body, the connection is closed
 * after it (`closeAfterAnswer`) instead of reading the rest.
 */
export function limitBody(request: IncomingMessage, response: ServerResponse, limit: number): void {
  closeAfterAnswer(request, response);
  if (request.complete) return;
  let seen = 0;
  const count = (chunk: Buffer): void => {
    // once the service has answered, nothing more is proxied: the rest is discarded (`closeAfterAnswer`), and the
    // limit no longer resets a connection whose client may still be reading that answer
    if (settledRequests.has(request)) {
      request.off('data', count);
      return;
    }
    seen += chunk.length;
    if (seen <= limit) return;
    request.off('data', count);
    settledRequests.add(request);
    request.unpipe();
    upstreamCalls.get(request)?.destroy();
    if (response.headersSent) {
      response.destroy();
      request.socket.destroy();
      return;
    }
    answerUnread(request, response, errorAnswer('ERR_PAYLOAD_TOO_LARGE'));
  };
  // paused first, so counting does not start the flow before the proxy pipes the body (pipe resumes it)
  request.pause();
  request.on('data', count);
}

/**
 * `Connection` and `Keep-Alive` are hop-by-hop (RFC 9110 §7.6.1): a service's speak of its connection to the gateway
 * (one refusing a body it has not read answers `Connection: close`), never of the client's. While the client's body
 * still arrives its connection stays open past the answer, and `closeAfterAnswer` closes it after the client has had
 * time to read it; forwarded `close`, Node would close it at once under the unread bytes, and the reset that follows
 * can reach the client before the answer does.
 */
function keepClientConnection(proxyResponse: IncomingMessage, request: IncomingMessage): void {
  delete proxyResponse.headers['keep-alive'];
  if (request.complete) delete proxyResponse.headers.connection;
  else proxyResponse.headers.connection = 'keep-alive';
}

export interface GatewayDeps {
  readonly config: GatewayConfig;
  readonly logger: Logger;
  readonly authenticator: AccessTokenAuthenticator;
}

/**
 * Routes every public path of the spec to its owning service, unchanged. Strips identity headers a client sent,
 * verifies the access token, applies the expiry, plan-flag and role gates, then sets the internal credential,
 * the caller's identity, request/correlation ids and the trace context for the service.
 */
export function createGatewayMiddleware({ config, logger, authenticator }: GatewayDeps) {
  const proxies = new Map<ServiceName, RequestHandler>();
  // idle upstream sockets are dropped before the services' keep-alive timeout (no "socket hang up" on reuse)
  const agent = createUpstreamAgent();
  const proxyFor = (service: ServiceName, target: string): RequestHandler => {
    let proxy = proxies.get(service);
    if (!proxy) {
      proxy = createProxyMiddleware<IncomingMessage, ServerResponse>({
        target,
        changeOrigin: true,
        xfwd: true,
        agent,
        proxyTimeout: 120_000,
        on: {
          proxyReq: (proxyRequest, request) => {
            upstreamCalls.set(request, proxyRequest);
          },
          proxyRes: (proxyResponse, request) => {
            settledRequests.add(request);
            keepClientConnection(proxyResponse, request);
          },
          error: (error, request, response) => {
            if (settledRequests.has(request)) return;
            logger.warn({ err: error, service }, 'upstream unavailable');
            if ('setHeader' in response) sendError(response, 'ERR_SERVICE_UNAVAILABLE');
            else response.destroy();
          },
        },
      });
      proxies.set(service, proxy);
    }
    return proxy;
  };

  const handle = async (request: Request, response: Response, next: NextFunction): Promise<void> => {
    const path = (request.originalUrl.split('?')[0] ?? '/').replace(/\/{2,}/g, '/');
    if (OWN_PATHS.test(path)) {
      next();
      return;
    }
    const route = routeFor(path);
    if (!route) {
      refuse(request, response, 'ERR_ROUTE_NOT_FOUND');
      return;
    }
    const declaredLength = Number(request.headers['content-length'] ?? 0);
    if (declaredLength > config.GATEWAY_BODY_LIMIT_BYTES) {
      answerUnread(request, response, errorAnswer('ERR_PAYLOAD_TOO_LARGE'));
      return;
    }
    for (const name of STRIPPED_HEADERS) delete request.headers[name];
    const access = accessFor(request.method, path);
    const token = bearerOf(request.headers.authorization);
    let identity: CallerIdentity | undefined;
    if (access !== 'public') {
      const authentication = await authenticator.authenticate(token);
      if (authentication.ok) identity = authentication.identity;
      // `service` routes authenticate their own callers (the external API's connection token, webhooks); a
      // caller that does present one of our access tokens is still held to its company's gates
      else if (access !== 'service') {
        refuse(request, response, authentication.code);
        return;
      }
    }
    if (identity) {
      const refused = gate(identity, request.method, path, config.COMPANY_EXPIRY_GRACE_DAYS);
      if (refused) {
        refuse(request, response, refused);
        return;
      }
    }
    const target = config[SERVICE_URL_KEY[route.service]] as string | undefined;
    if (!target) {
      refuse(request, response, 'ERR_SERVICE_UNAVAILABLE');
      return;
    }
    const context = currentContext();
    request.headers[IDENTITY_HEADERS.internalToken] = config.INTERNAL_TOKEN;
    request.headers[IDENTITY_HEADERS.clientIp] = request.ip ?? request.socket.remoteAddress ?? 'unknown';
    if (identity) {
      request.headers[IDENTITY_HEADERS.companyId] = String(identity.companyId);
      request.headers[IDENTITY_HEADERS.userId] = String(identity.userId);
      request.headers[IDENTITY_HEADERS.profile] = identity.profile;
      request.headers[IDENTITY_HEADERS.isSuper] = String(identity.isSuper);
      request.headers[IDENTITY_HEADERS.sessionId] = identity.sessionId;
    }
    if (context) {
      request.headers[IDENTITY_HEADERS.requestId] = context.requestId;
      request.headers[IDENTITY_HEADERS.correlationId] = context.correlationId;
    }
    Object.assign(request.headers, injectTraceContext({}));
    limitBody(request, response, config.GATEWAY_BODY_LIMIT_BYTES);
    await proxyFor(route.service, target)(request, response, next);
  };

  return (request: Request, response: Response, next: NextFunction): void => {
    handle(request, response, next).catch((error: unknown) => {
      logger.error({ err: error }, 'gateway failure');
      sendError(response, 'ERR_INTERNAL');
    });
  };
}
