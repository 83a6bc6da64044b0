import type { CallHandler, ExecutionContext, NestInterceptor } from '@nestjs/common';
import type { Request } from 'express';
import type { Observable } from 'rxjs';
import { validationError } from '../errors/domain-error.js';
import { badStringReason, findHostileInput } from './hostile-input.js';

const decodedPath = (request: Request): string | undefined => {
  try {
    return decodeURIComponent((request.originalUrl ?? request.url).split('?')[0] ?? '');
  } catch {
    return undefined;
  }
};

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
      const path = decodedPath(request);
      if (path === undefined || badStringReason(path))
        throw validationError([{ path: 'url', message: 'URL inválida' }]);
      const found =
        findHostileInput(request.params, 'params', false, 0, { ids: false, numericStrings: false }) ??
        findHostileInput(request.query, 'query', false, 0, { ids: true, numericStrings: true }) ??
        findHostileInput(request.body, 'body', false, 0, { ids: true, numericStrings: false });
      if (found) throw validationError([found]);
    }
    return next.handle();
  }
}
