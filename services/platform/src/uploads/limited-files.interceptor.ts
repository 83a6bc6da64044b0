import {
  type CallHandler,
  type ExecutionContext,
  Inject,
  Injectable,
  mixin,
  type NestInterceptor,
  type Type,
} from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { AnyFilesInterceptor, FilesInterceptor } from '@nestjs/platform-express';
import type { Request } from 'express';
import { catchError, from, mergeMap, type Observable, throwError } from 'rxjs';
import { APP_CONFIG } from '../config/config.module.js';
import type { DomainError } from '../errors/domain-error.js';
import type { AllowedType } from './sniff.js';
import { SniffingStorage, type SniffedUpload, type UploadTarget } from './sniffing-storage.js';
import { uploadOptions } from './upload-limits.js';

/** What a route accepts, and where its files go. */
export interface UploadRoute<C, P = never> {
  /** The config's size limit of one file (enforced while the body streams). */
  readonly maxBytes: (config: C) => number;
  /** The allowed sniffed types (`UPLOAD_ALLOW_LISTS`). */
  readonly allowed: readonly AllowedType[];
  /** The route's 415 (default: `ERR_UNSUPPORTED_MEDIA_TYPE` with the catalogue's message). */
  readonly refusal?: () => DomainError;
  /**
   * Streams accepted files into a store: `provider` is resolved from the module, `target` names where the request's
   * files go. Without it, files are kept in memory (bounded by `maxBytes`).
   */
  readonly store?: { readonly provider: Type<P>; readonly target: (provider: P, request: Request) => UploadTarget };
}

/**
 * `FilesInterceptor` over `SniffingStorage`: each file's type is sniffed from its first bytes as it arrives (415 at
 * once outside `allowed`), its size limited while streaming (413 at once; read from the service's config at boot),
 * and it is kept in memory or streamed into the route's store. Files stored for a request whose handler fails are
 * removed. `@UseInterceptors(LimitedFilesInterceptor('file', 1, { maxBytes: (c: MyConfig) => c.MAX, allowed }))`.
 */
export function LimitedFilesInterceptor<C, P = never>(
  /** The files' multipart field, or null for any field. */
  field: string | null,
  maxFiles: number,
  route: UploadRoute<C, P>,
): Type<NestInterceptor> {
  @Injectable()
  class Limited implements NestInterceptor {
    private readonly inner: NestInterceptor;
    private readonly target: ((request: Request) => UploadTarget) | undefined;

    constructor(@Inject(APP_CONFIG) config: C, modules: ModuleRef) {
      const store = route.store;
      this.target = store
        ? (request) => store.target(modules.get(store.provider, { strict: false }), request)
        : undefined;
      const options = {
        ...uploadOptions({ maxBytes: route.maxBytes(config), maxFiles }),
        storage: new SniffingStorage({
          allowed: route.allowed,
          target: this.target,
          ...(route.refusal ? { refusal: route.refusal } : {}),
        }),
      };
      const Inner = field === null ? AnyFilesInterceptor(options) : FilesInterceptor(field, maxFiles, options);
      this.inner = new Inner({});
    }

    async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
      const request = context.switchToHttp().getRequest<Request>();
      const handled = await this.inner.intercept(context, next);
      if (!this.target) return handled;
      return handled.pipe(
        catchError((error: unknown) => from(this.removeStored(request)).pipe(mergeMap(() => throwError(() => error)))),
      );
    }

    private async removeStored(request: Request): Promise<void> {
      // multer's files (its type augmentation of express is not part of this package's build)
      const stored = (request as { files?: unknown }).files;
      const files = Array.isArray(stored) ? (stored as SniffedUpload[]) : [];
      const target = this.target?.(request);
      for (const file of files) if (file.key && target) await target.remove(file.key);
    }
  }
  return mixin(Limited);
}
