import { rotatedTokenVerdict } from './sessions.js';

describe('a presented refresh token', () => {
  const rotatedAt = new Date('2026-12-05T12:00:00.000Z');
  const after = (ms: number) => new Date(rotatedAt.getTime() + ms);

  it('is live while it was never exchanged', () => {
    expect(rotatedTokenVerdict(null, after(0), 10)).toBe('live');
  });

  it('is a concurrent refresh up to the window after its rotation (answered with a sibling)', () => {
    expect(rotatedTokenVerdict(rotatedAt, after(0), 10)).toBe('grace');
    expect(rotatedTokenVerdict(rotatedAt, after(10_000), 10)).toBe('grace');
    // a request that read the clock before waiting for the row lock the first exchange held
    expect(rotatedTokenVerdict(rotatedAt, after(-50), 10)).toBe('grace');
  });

  it('is a reuse (the family is revoked) once the window has passed, or at once when there is none', () => {
    expect(rotatedTokenVerdict(rotatedAt, after(10_001), 10)).toBe('reuse');
    expect(rotatedTokenVerdict(rotatedAt, after(0), 0)).toBe('reuse');
  });
});
