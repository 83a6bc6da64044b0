import { describe, expect, it } from 'vitest';
import { secondStepOf } from './challenge';

const error = (code: string, details: unknown) => ({ status: 401, data: { error: code, message: 'x', details } });

describe('secondStepOf', () => {
  it('reads the challenge of a code step and of an enrolment', () => {
    const challenge = { challengeToken: 'tok-123', expiresIn: 300 };
    expect(secondStepOf(error('ERR_TWO_FACTOR_REQUIRED', challenge))).toEqual({ kind: 'code', challenge });
    expect(secondStepOf(error('ERR_TWO_FACTOR_ENROLMENT_REQUIRED', challenge))).toEqual({ kind: 'enrol', challenge });
  });

  it('is null for other errors and malformed details', () => {
    expect(secondStepOf(error('ERR_INVALID_CREDENTIALS', undefined))).toBeNull();
    expect(secondStepOf(error('ERR_TWO_FACTOR_REQUIRED', { challengeToken: 1 }))).toBeNull();
    expect(secondStepOf(new Error('network'))).toBeNull();
    expect(secondStepOf(null)).toBeNull();
  });
});
