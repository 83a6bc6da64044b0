import type { CallHandler, ExecutionContext, NestInterceptor } from '@nestjs/common';
import type { Request } from 'express';
import type { Observable } from 'rxjs';
import { type FieldError, validationError } from '../errors/domain-error.js';
import { badStringReason, findHostileInput } from './hostile-input.js';

const decodedPath = (request: Request): string | undefined => {
  try {
    return decodeURIComponent((request.originalUrl ?? request.url).split('?')[0] ?? '');
  } catch {
    return undefined;
  }
};

/**
 * The first problem `HostileInputInterceptor` refuses in a request: its percent-decoded path (`undefined`: a
 * malformed escape), then `findHostileInput` in its params, query and body (path ids are left to `IdPipe`);
 * `undefined` when it lets the request through.
 */
export function hostileRequestInput(request: {
  readonly path: string | undefined;
  readonly params?: unknown;
  readonly query?: unknown;
  readonly body?: unknown;
}): FieldError | undefined {
  if (request.path === undefined || badStringReason(request.path)) return { path: 'url', message: 'URL inválida' };
  return (
    findHostileInput(request.params, 'params', false, 0, { ids: false, numericStrings: false }) ??
    findHostileInput(request.query, 'query', false, 0, { ids: true, numericStrings: true }) ??
    findHostileInput(request.body, 'body', false, 0, { ids: true, numericStrings: false })
  );
}

/**
 * Global (every HTTP route of every service): refuses hostile params, query and body with the spec's 400
 * `ERR_VALIDATION` before any pipe or handler sees them. Multipart fields are parsed later by the route's file
 * interceptor; `ZodPipe` applies the same check to them. Out-of-range path ids are left to `IdPipe` (404, as a
 * missing record).
 */
export class HostileInputInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() === 'http') {
      const request = context.switchToHttp().getRequest<Request>();
      const found = hostileRequestInput({
        path: decodedPath(request),
        params: request.params,
        query: request.query,
        body: request.body as unknown,
      });
      if (found) throw validationError([found]);
    }
    return next.handle();
  }
}
