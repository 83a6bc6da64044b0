import { randomUUID } from 'node:crypto';
import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException } from '@nestjs/common';
import type { Response } from 'express';
import { ZodError } from 'zod';
import { ERROR_CATALOGUE, type ErrorBody, type ErrorCode } from '@cs/proto/errors';
import type { Logger } from 'pino';
import { currentContext } from '../logging/request-context.js';
import { DomainError } from './domain-error.js';

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'ERR_VALIDATION',
  401: 'ERR_SESSION_EXPIRED',
  403: 'ERR_NO_PERMISSION',
  404: 'ERR_ROUTE_NOT_FOUND',
  409: 'ERR_CONFLICT',
  413: 'ERR_PAYLOAD_TOO_LARGE',
  415: 'ERR_UNSUPPORTED_MEDIA_TYPE',
  429: 'ERR_TOO_MANY_REQUESTS',
  503: 'ERR_SERVICE_UNAVAILABLE',
};

export interface MappedError {
  readonly status: number;
  readonly body: ErrorBody;
}

/** Maps anything thrown to the wire format. Unknown errors become 500 ERR_INTERNAL with a logged errorId. */
export function mapError(error: unknown, logger?: Logger): MappedError {
  const requestId = currentContext()?.requestId;
  if (error instanceof DomainError) {
    const body: ErrorBody = {
      error: error.code,
      message: error.message === error.code ? ERROR_CATALOGUE[error.code].message : error.message,
    };
    if (requestId) body.requestId = requestId;
    if (error.details !== undefined) body.details = error.details;
    return { status: error.status, body };
  }
  if (error instanceof ZodError) {
    const details = error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
    return {
      status: 400,
      body: {
        error: 'ERR_VALIDATION',
        message: ERROR_CATALOGUE.ERR_VALIDATION.message,
        details,
        ...(requestId ? { requestId } : {}),
      },
    };
  }
  if (error instanceof HttpException) {
    const status = error.getStatus();
    const code = CODE_BY_STATUS[status] ?? (status >= 500 ? 'ERR_INTERNAL' : 'ERR_VALIDATION');
    return {
      status,
      body: { error: code, message: ERROR_CATALOGUE[code].message, ...(requestId ? { requestId } : {}) },
    };
  }
  const bodyParserStatus = (error as { status?: unknown; type?: unknown })?.status;
  if (typeof bodyParserStatus === 'number' && bodyParserStatus >= 400 && bodyParserStatus < 500) {
    const code = CODE_BY_STATUS[bodyParserStatus] ?? 'ERR_VALIDATION';
    return {
      status: bodyParserStatus,
      body: { error: code, message: ERROR_CATALOGUE[code].message, ...(requestId ? { requestId } : {}) },
    };
  }
  const errorId = randomUUID();
  logger?.error({ err: error, errorId }, 'unhandled error');
  return {
    status: 500,
    body: {
      error: 'ERR_INTERNAL',
      message: ERROR_CATALOGUE.ERR_INTERNAL.message,
      details: { errorId },
      ...(requestId ? { requestId } : {}),
    },
  };
}

/** The one exception filter of every HTTP app: `{ error: "ERR_CODE", message, requestId, details? }`. */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  constructor(private readonly logger: Logger) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    if (host.getType() !== 'http') throw exception;
    const response = host.switchToHttp().getResponse<Response>();
    const { status, body } = mapError(exception, this.logger);
    if (response.headersSent) return;
    if (exception instanceof DomainError) {
      for (const [name, value] of Object.entries(exception.headers)) response.setHeader(name, value);
    }
    response.status(status).json(body);
  }
}
