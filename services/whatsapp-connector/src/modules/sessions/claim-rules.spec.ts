import { fairShare, isLockNotAvailable, mayClaim } from './claim-rules.js';

const load = (entries: Record<string, number>): Map<string, number> => new Map(Object.entries(entries));

describe('claim rules', () => {
  it('shares everything wanted evenly over the live processes, rounding up', () => {
    expect(fairShare(load({ a: 0, b: 0 }), 5)).toBe(3);
    expect(fairShare(load({ a: 4, b: 2, c: 0 }), 3)).toBe(3);
    expect(fairShare(load({ a: 1 }), 0)).toBe(1);
  });

  it('lets every process below its fair share claim, so several fill up at once', () => {
    const processes = load({ a: 0, b: 0, c: 0 });
    const share = fairShare(processes, 9);
    expect(mayClaim({ load: processes, processId: 'b', mine: 0, share })).toBe(true);
    expect(mayClaim({ load: processes, processId: 'c', mine: 1, share })).toBe(true);
  });

  it('beyond the fair share, only the least-loaded process claims', () => {
    const processes = load({ a: 3, b: 2, c: 4 });
    const share = fairShare(processes, 1);
    expect(share).toBe(4);
    expect(mayClaim({ load: processes, processId: 'b', mine: 2, share })).toBe(true);
    expect(mayClaim({ load: processes, processId: 'a', mine: 3, share })).toBe(false);
    expect(mayClaim({ load: processes, processId: 'c', mine: 4, share })).toBe(false);
  });

  it('breaks a tie between equally loaded processes by the smallest process id', () => {
    const processes = load({ 'pod-a': 2, 'pod-b': 2 });
    const share = fairShare(processes, 1);
    expect(mayClaim({ load: processes, processId: 'pod-a', mine: 2, share })).toBe(true);
    expect(mayClaim({ load: processes, processId: 'pod-b', mine: 2, share })).toBe(false);
  });

  it('a process alone claims whatever is wanted', () => {
    const processes = load({ solo: 7 });
    expect(mayClaim({ load: processes, processId: 'solo', mine: 7, share: fairShare(processes, 3) })).toBe(true);
  });

  it("recognises PostgreSQL's lock_not_available, bare or wrapped by TypeORM", () => {
    expect(isLockNotAvailable({ code: '55P03' })).toBe(true);
    expect(isLockNotAvailable({ driverError: { code: '55P03' } })).toBe(true);
    expect(isLockNotAvailable({ code: '40P01' })).toBe(false);
    expect(isLockNotAvailable(new Error('boom'))).toBe(false);
    expect(isLockNotAvailable(null)).toBe(false);
  });
});
