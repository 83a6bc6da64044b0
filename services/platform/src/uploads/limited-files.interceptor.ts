import {
  type CallHandler,
  type ExecutionContext,
  Inject,
  Injectable,
  mixin,
  type NestInterceptor,
  type Type,
} from '@nestjs/common';
import { FilesInterceptor } from '@nestjs/platform-express';
import { APP_CONFIG } from '../config/config.module.js';
import { LimitedMemoryStorage, uploadOptions } from './upload-limits.js';

/**
 * `FilesInterceptor` with the size limit read from the service's config at boot and enforced while the body
 * streams (`uploadOptions`; a file reaching it is answered 413 at once and the rest of the body is not read,
 * `LimitedMemoryStorage`): `@UseInterceptors(LimitedFilesInterceptor('file', 1, (c: MyConfig) => c.MAX_BYTES))`.
 */
export function LimitedFilesInterceptor<C>(
  field: string,
  maxFiles: number,
  maxBytes: (config: C) => number,
): Type<NestInterceptor> {
  @Injectable()
  class Limited implements NestInterceptor {
    private readonly inner: NestInterceptor;

    constructor(@Inject(APP_CONFIG) config: C) {
      const Inner = FilesInterceptor(field, maxFiles, {
        ...uploadOptions({ maxBytes: maxBytes(config), maxFiles }),
        storage: new LimitedMemoryStorage(),
      });
      this.inner = new Inner({});
    }

    intercept(context: ExecutionContext, next: CallHandler) {
      return this.inner.intercept(context, next);
    }
  }
  return mixin(Limited);
}
