import {
  claimOrder,
  expiryWakeDelay,
  fairShare,
  handOverCount,
  type HeldSession,
  isLockNotAvailable,
  type Member,
  memberWindowMs,
  type Orphan,
  orphansToClaim,
  pickHandOvers,
  planClaims,
} from './claim-rules.js';

const members = (entries: Record<string, number>, capacity = 500): Member[] =>
  Object.entries(entries).map(([id, sessions]) => ({ id, sessions, capacity }));
const orphans = (count: number, lapsedForMs: number | null = 0, from = 1): Orphan[] =>
  Array.from({ length: count }, (_, index) => ({ connectionId: from + index, lapsedForMs }));

describe('fair share', () => {
  it('shares everything wanted over the live processes, rounding up', () => {
    expect(fairShare(30, 3)).toBe(10);
    expect(fairShare(31, 3)).toBe(11);
    expect(fairShare(2, 3)).toBe(1);
    expect(fairShare(0, 3)).toBe(0);
    expect(fairShare(7, 1)).toBe(7);
  });
});

describe('claim plan', () => {
  it('hands the orphans of a dead process to the survivors evenly, each its part at once', () => {
    // p1 died with 10 sessions; p2 and p3 ran 10 each
    const plan = planClaims(members({ p2: 10, p3: 10 }), 10);
    expect(Object.fromEntries(plan)).toEqual({ p2: 5, p3: 5 });
  });

  it('fills the least-loaded process first: a restarted process takes most, the busy ones their part', () => {
    const plan = planClaims(members({ p1: 12, p2: 8, restarted: 0 }), 10);
    expect(Object.fromEntries(plan)).toEqual({ p1: 0, p2: 1, restarted: 9 });
    expect([...plan.values()].reduce((sum, count) => sum + count, 0)).toBe(10);
  });

  it('breaks ties by the smallest process id, so a single new session goes to one process', () => {
    expect(Object.fromEntries(planClaims(members({ 'pod-b': 2, 'pod-a': 2 }), 1))).toEqual({ 'pod-a': 1, 'pod-b': 0 });
  });

  it('never plans beyond a process capacity, and leaves what nobody has room for', () => {
    const plan = planClaims(
      [
        { id: 'small', sessions: 2, capacity: 3 },
        { id: 'big', sessions: 5, capacity: 8 },
      ],
      10,
    );
    expect(Object.fromEntries(plan)).toEqual({ small: 1, big: 3 });
  });
});

describe('claim order', () => {
  it('puts new sessions first, then those waiting longest', () => {
    const order = claimOrder(
      [
        { connectionId: 1, lapsedForMs: 200 },
        { connectionId: 2, lapsedForMs: 30_000 },
        { connectionId: 3, lapsedForMs: null },
        { connectionId: 4, lapsedForMs: 12_000 },
      ],
      'p1',
      5_000,
    );
    expect(order.map((orphan) => orphan.connectionId)).toEqual([3, 2, 4, 1]);
  });

  it('gives processes claiming the same lapsed sessions different orders, so they rarely meet on a row', () => {
    const lapsed = orphans(40, 150);
    const first = claimOrder(lapsed, 'p2', 5_000).slice(0, 20);
    const second = claimOrder(lapsed, 'p3', 5_000).slice(0, 20);
    const overlap = first.filter((orphan) => second.includes(orphan)).length;
    // two independent random halves of 40 share about 10; identical orders would share all 20
    expect(overlap).toBeLessThan(16);
    // each process's order is stable from one pass to the next
    expect(claimOrder(lapsed, 'p2', 5_000)).toEqual(claimOrder([...lapsed].reverse(), 'p2', 5_000));
  });
});

describe('orphans to claim', () => {
  it('claims its part of the plan only, in its own order', () => {
    const lapsed = orphans(9, 100);
    const mine = orphansToClaim({
      members: members({ p1: 0, p2: 0, p3: 0 }),
      processId: 'p2',
      orphans: lapsed,
      staleAfterMs: 5_000,
      bucketMs: 5_000,
    });
    expect(mine).toHaveLength(3);
    expect(mine).toEqual(
      claimOrder(lapsed, 'p2', 5_000)
        .slice(0, 3)
        .map((orphan) => orphan.connectionId),
    );
  });

  it('claims nothing fresh while at its share and another live process has room', () => {
    expect(
      orphansToClaim({
        members: members({ p1: 5, p2: 1 }),
        processId: 'p1',
        orphans: orphans(2, 100),
        staleAfterMs: 5_000,
        bucketMs: 5_000,
      }),
    ).toEqual([]);
  });

  it('takes sessions left waiting past a heartbeat by whichever process has room (their planned claimer is gone)', () => {
    const mine = orphansToClaim({
      members: members({ p1: 5, ghost: 0 }),
      processId: 'p1',
      orphans: [...orphans(2, 6_000, 1), ...orphans(1, 100, 3), ...orphans(1, null, 4)],
      staleAfterMs: 5_000,
      bucketMs: 5_000,
    });
    expect(mine.sort()).toEqual([1, 2]);
  });

  it('never claims beyond its capacity, stale or not', () => {
    const mine = orphansToClaim({
      members: [{ id: 'p1', sessions: 9, capacity: 10 }],
      processId: 'p1',
      orphans: orphans(5, 60_000),
      staleAfterMs: 5_000,
      bucketMs: 5_000,
    });
    expect(mine).toHaveLength(1);
  });

  it('claims nothing when it is not a live process', () => {
    expect(
      orphansToClaim({
        members: members({ p2: 0 }),
        processId: 'p1',
        orphans: orphans(3, 60_000),
        staleAfterMs: 5_000,
        bucketMs: 5_000,
      }),
    ).toEqual([]);
  });
});

describe('hand-over count', () => {
  it('hands over what is beyond the fair share when two processes join one that runs everything', () => {
    const fleet = members({ p1: 30, p2: 0, p3: 0 });
    expect(handOverCount({ members: fleet, processId: 'p1', wanted: 30, orphans: 0, batch: 100 })).toBe(20);
    expect(handOverCount({ members: fleet, processId: 'p2', wanted: 30, orphans: 0, batch: 100 })).toBe(0);
  });

  it('hands over at most a batch per pass', () => {
    expect(
      handOverCount({ members: members({ p1: 300, p2: 0 }), processId: 'p1', wanted: 300, orphans: 0, batch: 25 }),
    ).toBe(25);
  });

  it('keeps sessions while earlier hand-overs are not claimed yet (they fill the room first)', () => {
    const fleet = members({ p1: 20, p2: 0, p3: 0 });
    expect(handOverCount({ members: fleet, processId: 'p1', wanted: 30, orphans: 10, batch: 100 })).toBe(10);
    expect(handOverCount({ members: fleet, processId: 'p1', wanted: 30, orphans: 20, batch: 100 })).toBe(0);
  });

  it('hands nothing over at or below the share, alone, or when the others have no room', () => {
    expect(
      handOverCount({ members: members({ p1: 4, p2: 4, p3: 2 }), processId: 'p1', wanted: 10, orphans: 0, batch: 9 }),
    ).toBe(0);
    expect(handOverCount({ members: members({ p1: 9 }), processId: 'p1', wanted: 9, orphans: 0, batch: 9 })).toBe(0);
    const full: Member[] = [
      { id: 'p1', sessions: 12, capacity: 20 },
      { id: 'p2', sessions: 2, capacity: 2 },
    ];
    expect(handOverCount({ members: full, processId: 'p1', wanted: 14, orphans: 0, batch: 9 })).toBe(0);
  });
});

describe('which sessions are handed over', () => {
  const held = (connectionId: number, extra: Partial<HeldSession> = {}): HeldSession => ({
    connectionId,
    status: 'CONNECTED',
    busy: false,
    claimedAt: connectionId,
    ...extra,
  });

  it('settled and idle first, the most recently claimed first; sessions being linked last', () => {
    const sessions = [
      held(1),
      held(2, { status: 'qrcode', claimedAt: 100 }),
      held(3, { busy: true, claimedAt: 90 }),
      held(4, { claimedAt: 50 }),
      held(5, { status: undefined, claimedAt: 80 }),
      held(6, { status: 'DISCONNECTED', claimedAt: 40 }),
    ];
    expect(pickHandOvers(sessions, 6)).toEqual([4, 6, 1, 3, 2, 5]);
    expect(pickHandOvers(sessions, 2)).toEqual([4, 6]);
    expect(pickHandOvers(sessions, 0)).toEqual([]);
  });
});

describe('timing', () => {
  it('drops a silent process from the live ones a heartbeat before its leases lapse', () => {
    expect(memberWindowMs(15_000, 5_000)).toBe(10_000);
    expect(memberWindowMs(3_000, 500)).toBe(2_500);
  });

  it('looks for orphans right after a lease lapses when that comes before the next heartbeat', () => {
    expect(expiryWakeDelay(1_200, 5_000)).toBe(1_220);
    expect(expiryWakeDelay(-5, 5_000)).toBe(20);
    expect(expiryWakeDelay(9_000, 5_000)).toBeNull();
    expect(expiryWakeDelay(null, 5_000)).toBeNull();
  });
});

it("recognises PostgreSQL's lock_not_available, bare or wrapped by TypeORM", () => {
  expect(isLockNotAvailable({ code: '55P03' })).toBe(true);
  expect(isLockNotAvailable({ driverError: { code: '55P03' } })).toBe(true);
  expect(isLockNotAvailable({ code: '40P01' })).toBe(false);
  expect(isLockNotAvailable(new Error('boom'))).toBe(false);
  expect(isLockNotAvailable(null)).toBe(false);
});
