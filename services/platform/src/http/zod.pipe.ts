import { type PipeTransform } from '@nestjs/common';
import type { z } from 'zod';
import { DomainError, validationError } from '../errors/domain-error.js';
import { findHostileInput } from '../validation/hostile-input.js';

/**
 * Validates a body, query or param with a zod schema (usually from `@cs/proto`):
 * `@Body(new ZodPipe(CreateQueueSchema)) body: CreateQueue`. A failure is 400 `ERR_VALIDATION` with
 * `details: [{ path, message }]`, the messages being the schema's own (the spec's texts).
 */
export class ZodPipe<S extends z.ZodType> implements PipeTransform<unknown, z.infer<S>> {
  constructor(private readonly schema: S) {}

  transform(value: unknown): z.infer<S> {
    const hostile = findHostileInput(value);
    if (hostile) throw validationError([hostile]);
    const result = this.schema.safeParse(value);
    if (result.success) return result.data;
    const details = result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
    throw new DomainError('ERR_VALIDATION', {
      message: details.map((detail) => (detail.path ? `${detail.path}: ${detail.message}` : detail.message)).join('; '),
      details,
    });
  }
}

/**
 * A numeric id from the path. Anything that is not a positive integer is answered with the given "not found"
 * code, as a missing record would be (no distinction an attacker could probe).
 */
export class IdPipe implements PipeTransform<string, number> {
  constructor(private readonly notFound: ConstructorParameters<typeof DomainError>[0] = 'ERR_NOT_FOUND') {}

  transform(value: string): number {
    const id = Number(value);
    if (!/^\d{1,10}$/.test(value) || !Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) {
      throw new DomainError(this.notFound);
    }
    return id;
  }
}
