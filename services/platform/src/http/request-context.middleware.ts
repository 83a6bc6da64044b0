import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import { runWithContext } from '../logging/request-context.js';
import { IDENTITY_HEADERS } from '../tenancy/identity.js';
import { extractTraceContext, SpanKind, withSpan } from '../telemetry/instrumentation.js';

const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;

const header = (request: Request, name: string): string | undefined => {
  const value = request.headers[name];
  const single = Array.isArray(value) ? value[0] : value;
  return single && REQUEST_ID_PATTERN.test(single) ? single : undefined;
};

/**
 * The first middleware of every HTTP app: request and correlation ids (kept from the gateway's headers or
 * created), the incoming trace context, a server span, and one access-log line per request (path only: query
 * strings may hold personal data).
 */
export function requestContextMiddleware(logger: Logger, options: { trustIncomingIds: boolean }) {
  return (request: Request, response: Response, next: NextFunction): void => {
    const requestId =
      (options.trustIncomingIds ? header(request, IDENTITY_HEADERS.requestId) : undefined) ?? randomUUID();
    const correlationId =
      (options.trustIncomingIds ? header(request, IDENTITY_HEADERS.correlationId) : undefined) ?? requestId;
    response.setHeader(IDENTITY_HEADERS.requestId, requestId);
    const startedAt = process.hrtime.bigint();
    const path = request.originalUrl.split('?')[0] ?? '/';
    const parent = extractTraceContext(request.headers);
    runWithContext({ requestId, correlationId }, () => {
      void withSpan(
        `HTTP ${request.method}`,
        { kind: SpanKind.SERVER, parent, attributes: { 'http.request.method': request.method, 'url.path': path } },
        (span) =>
          new Promise<void>((resolve) => {
            response.on('finish', () => {
              span.setAttribute('http.response.status_code', response.statusCode);
              const durationMs = Number(process.hrtime.bigint() - startedAt) / 1e6;
              if (!path.startsWith('/health') && path !== '/metrics') {
                logger.info(
                  {
                    method: request.method,
                    path,
                    status: response.statusCode,
                    durationMs: Math.round(durationMs * 10) / 10,
                  },
                  'request',
                );
              }
              resolve();
            });
            response.on('close', () => resolve());
            next();
          }),
      );
    });
  };
}
