import { type ErrorCode, httpStatusOf } from '@cs/proto/errors';

/**
 * The one error domain code throws. The exception filter turns it into `{ error: code, message, requestId,
 * details }` with the status the catalogue gives the code. Never throw HttpException from domain code.
 */
export class DomainError extends Error {
  readonly status: number;
  readonly details: unknown;
  /** Response headers the answer carries (`Retry-After` of a 429). */
  readonly headers: Readonly<Record<string, string>>;

  constructor(
    readonly code: ErrorCode,
    options: { message?: string; details?: unknown; cause?: unknown; headers?: Record<string, string> } = {},
  ) {
    super(options.message ?? code, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'DomainError';
    this.status = httpStatusOf(code);
    this.details = options.details;
    this.headers = options.headers ?? {};
  }
}

/** A field-level validation problem, in the shape the web client shows next to each field. */
export interface FieldError {
  readonly path: string;
  readonly message: string;
}

export const validationError = (fields: readonly FieldError[]): DomainError =>
  new DomainError('ERR_VALIDATION', {
    message: fields.map((field) => `${field.path}: ${field.message}`).join('; '),
    details: fields,
  });
