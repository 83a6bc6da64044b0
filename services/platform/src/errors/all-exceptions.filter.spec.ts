import { NotFoundException } from '@nestjs/common';
import { z } from 'zod';
import { runWithContext } from '../logging/request-context.js';
import { mapError } from './all-exceptions.filter.js';
import { DomainError } from './domain-error.js';

describe(mapError.name, () => {
  it('answers a domain error with its catalogue status and the wire format the clients read', () => {
    const mapped = runWithContext({ requestId: 'r-9' }, () => mapError(new DomainError('ERR_NO_TICKET_FOUND')));
    expect(mapped.status).toBe(404);
    expect(mapped.body).toEqual({
      error: 'ERR_NO_TICKET_FOUND',
      message: 'Nenhum ticket encontrado com este ID.',
      requestId: 'r-9',
    });
  });

  it('keeps the details a client needs (the owner of another open ticket)', () => {
    const mapped = mapError(new DomainError('ERR_OTHER_OPEN_TICKET', { details: { user: { id: 3, name: 'Ana' } } }));
    expect(mapped.status).toBe(409);
    expect(mapped.body.details).toEqual({ user: { id: 3, name: 'Ana' } });
  });

  it('turns a zod failure into 400 ERR_VALIDATION with each field', () => {
    const result = z.object({ name: z.string().min(2, 'Too Short!') }).safeParse({ name: 'a' });
    const mapped = mapError(result.error);
    expect(mapped.status).toBe(400);
    expect(mapped.body.error).toBe('ERR_VALIDATION');
    expect(mapped.body.details).toEqual([{ path: 'name', message: 'Too Short!' }]);
  });

  it('maps an unknown route to ERR_ROUTE_NOT_FOUND', () => {
    expect(mapError(new NotFoundException()).body.error).toBe('ERR_ROUTE_NOT_FOUND');
  });

  it('hides an unexpected error behind ERR_INTERNAL with an error id, never its message', () => {
    const mapped = mapError(new Error('relation "tickets" does not exist at 10.0.0.3'));
    expect(mapped.status).toBe(500);
    expect(mapped.body.error).toBe('ERR_INTERNAL');
    expect(JSON.stringify(mapped.body)).not.toContain('10.0.0.3');
    expect((mapped.body.details as { errorId: string }).errorId).toMatch(/^[0-9a-f-]{36}$/);
  });
});
