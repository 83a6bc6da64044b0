import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import { createProxyMiddleware, type RequestHandler } from 'http-proxy-middleware';
import type { Logger } from 'pino';
import { ERROR_CATALOGUE, type ErrorCode } from '@cs/proto/errors';
import { currentContext } from '@cs/platform/logging';
import { IDENTITY_HEADERS } from '@cs/platform/tenancy';
import { injectTraceContext } from '@cs/platform/telemetry';
import type { GatewayConfig } from '../config/env.js';
import { isPublic, routeFor, SERVICE_URL_KEY, type ServiceName } from './routes.js';

/** Paths the gateway answers itself. */
const OWN_PATHS = /^\/(health\/|metrics$|docs(\/|$)|socket\.io\/)/;

/** Headers a client may never set: the gateway alone vouches for identity. */
const STRIPPED_HEADERS = [
  IDENTITY_HEADERS.internalToken,
  IDENTITY_HEADERS.companyId,
  IDENTITY_HEADERS.userId,
  IDENTITY_HEADERS.profile,
  IDENTITY_HEADERS.isSuper,
  IDENTITY_HEADERS.sessionId,
  IDENTITY_HEADERS.requestId,
  IDENTITY_HEADERS.correlationId,
  'traceparent',
  'tracestate',
];

export function sendError(response: ServerResponse, code: ErrorCode, message?: string): void {
  if (response.headersSent) {
    response.end();
    return;
  }
  const requestId = currentContext()?.requestId;
  response.statusCode = ERROR_CATALOGUE[code].status;
  response.setHeader('content-type', 'application/json; charset=utf-8');
  response.end(
    JSON.stringify({
      error: code,
      message: message ?? ERROR_CATALOGUE[code].message,
      ...(requestId ? { requestId } : {}),
    }),
  );
}

/**
 * Routes every public path of the spec to its owning service, unchanged. Strips identity headers a client sent,
 * then sets the internal credential, request/correlation ids and the trace context for the service.
 */
export function createGatewayProxy(config: GatewayConfig, logger: Logger) {
  const proxies = new Map<ServiceName, RequestHandler>();
  const proxyFor = (service: ServiceName, target: string): RequestHandler => {
    let proxy = proxies.get(service);
    if (!proxy) {
      proxy = createProxyMiddleware<IncomingMessage, ServerResponse>({
        target,
        changeOrigin: true,
        xfwd: true,
        proxyTimeout: 120_000,
        on: {
          error: (error, _request, response) => {
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

  return (request: Request, response: Response, next: NextFunction): void => {
    const path = (request.originalUrl.split('?')[0] ?? '/').replace(/\/{2,}/g, '/');
    if (OWN_PATHS.test(path)) {
      next();
      return;
    }
    const route = routeFor(path);
    if (!route) {
      sendError(response, 'ERR_ROUTE_NOT_FOUND');
      return;
    }
    const declaredLength = Number(request.headers['content-length'] ?? 0);
    if (declaredLength > config.GATEWAY_BODY_LIMIT_BYTES) {
      sendError(response, 'ERR_PAYLOAD_TOO_LARGE');
      return;
    }
    for (const name of STRIPPED_HEADERS) delete request.headers[name];
    if (!isPublic(request.method, path)) {
      sendError(response, 'ERR_SESSION_EXPIRED');
      return;
    }
    const target = config[SERVICE_URL_KEY[route.service]] as string | undefined;
    if (!target) {
      sendError(response, 'ERR_SERVICE_UNAVAILABLE');
      return;
    }
    const context = currentContext();
    request.headers[IDENTITY_HEADERS.internalToken] = config.INTERNAL_TOKEN;
    if (context) {
      request.headers[IDENTITY_HEADERS.requestId] = context.requestId;
      request.headers[IDENTITY_HEADERS.correlationId] = context.correlationId;
    }
    Object.assign(request.headers, injectTraceContext({}));
    void proxyFor(route.service, target)(request, response, next);
  };
}
