import { presentedTokenVerdict, rotatedTokenVerdict } from './sessions.js';

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

describe('a refresh token presented with its session', () => {
  const now = new Date('2026-12-05T12:00:00.000Z');
  const later = new Date(now.getTime() + 1_000);
  const live = { expiresAt: later, rotatedAt: null };
  const open = { expiresAt: later, revokedAt: null };

  it('is exchanged while both live', () => {
    expect(presentedTokenVerdict(live, open, now, 10)).toBe('live');
  });

  it('is refused once its session is gone, revoked or expired, or it expired itself', () => {
    expect(presentedTokenVerdict(live, null, now, 10)).toBe('refused');
    expect(presentedTokenVerdict(live, { ...open, revokedAt: now }, now, 10)).toBe('refused');
    expect(presentedTokenVerdict(live, { ...open, expiresAt: now }, now, 10)).toBe('refused');
    expect(presentedTokenVerdict({ ...live, expiresAt: now }, open, now, 10)).toBe('refused');
  });

  it('is refused, not counted as a reuse, when a rotated token comes back to a revoked session', () => {
    expect(presentedTokenVerdict({ ...live, rotatedAt: new Date(0) }, { ...open, revokedAt: now }, now, 10)).toBe(
      'refused',
    );
    expect(presentedTokenVerdict({ ...live, rotatedAt: new Date(0) }, open, now, 10)).toBe('reuse');
    expect(presentedTokenVerdict({ ...live, rotatedAt: now }, open, now, 10)).toBe('grace');
  });
});
