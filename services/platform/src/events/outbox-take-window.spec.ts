import { OutboxTakeWindow } from './outbox-take-window.js';

const ids = (...values: number[]): bigint[] => values.map((value) => BigInt(value));
/**
 * A take whose snapshot had `xmin`, whose own xid was `xid`, that saw `taken` (all of its candidates, unless `count`
 * says more) under a limit of 10.
 */
const take = (window: OutboxTakeWindow, xmin: number, xid: number, taken: bigint[], count = taken.length) =>
  window.advance(
    { xmin: BigInt(xmin), xid: taken.length > 0 ? BigInt(xid) : null },
    { count, highest: taken.at(-1) ?? null },
    taken,
    10,
  );

describe('OutboxTakeWindow', () => {
  it('looks at the whole outbox first, then only above the last id taken', () => {
    const window = new OutboxTakeWindow();
    expect(window.bounds()).toEqual({ mark: '0', lo: [], hi: [] });
    take(window, 50, 51, ids(1, 2, 3));
    expect(window.bounds()).toEqual({ mark: '3', lo: [], hi: [] });
  });

  it('keeps the ids it did not see until every transaction older than it has ended, then drops them', () => {
    const window = new OutboxTakeWindow();
    // 4 and 6 not seen: the take's own xid is 65, so whatever drew them has an xid below 65
    take(window, 60, 65, ids(1, 2, 3, 5, 7));
    expect(window.bounds()).toEqual({ mark: '7', lo: ['4', '6'], hi: ['4', '6'] });
    // 63 is still running: 4 or 6 may still commit
    take(window, 63, 70, ids(8));
    expect(window.bounds()).toEqual({ mark: '8', lo: ['4', '6'], hi: ['4', '6'] });
    // 6 committed late and this take, which looked in the gaps, took it; everything up to 65 has ended
    take(window, 66, 72, ids(6));
    expect(window.bounds()).toEqual({ mark: '8', lo: [], hi: [] });
  });

  it('keeps the gaps of a take that deleted nothing, and moves nothing for it', () => {
    const window = new OutboxTakeWindow();
    take(window, 60, 65, ids(1, 3));
    // candidates 4..5 were deleted by another relay after this take's snapshot: it has no xid of its own
    window.advance({ xmin: 61n, xid: null }, { count: 2, highest: 5n }, [], 10);
    expect(window.bounds()).toEqual({ mark: '3', lo: ['2'], hi: ['2'] });
  });

  it('keeps a gap that a full take did not reach, even when its time is over, until a take looked in all of it', () => {
    const window = new OutboxTakeWindow();
    take(window, 10, 12, ids(1, 2, 20));
    expect(window.bounds()).toEqual({ mark: '20', lo: ['3'], hi: ['19'] });
    // 3..19 committed; a take of 10 reached 12 only: the mark stays, the gap too although 12 has ended
    take(window, 20, 21, ids(3, 4, 5, 6, 7, 8, 9, 10, 11, 12));
    expect(window.bounds()).toEqual({ mark: '20', lo: ['3'], hi: ['19'] });
    take(window, 22, 23, ids(13, 14, 15, 16, 17, 18, 19));
    expect(window.bounds()).toEqual({ mark: '20', lo: [], hi: [] });
  });

  it('drops an ended gap below the cut of a full take', () => {
    const window = new OutboxTakeWindow();
    take(window, 10, 12, ids(1, 2, 4));
    take(window, 20, 21, ids(3, 5, 6, 7, 8, 9, 10, 11, 12, 13));
    expect(window.bounds()).toEqual({ mark: '13', lo: [], hi: [] });
  });

  it('counts the rows an audit take found outside the window', () => {
    const window = new OutboxTakeWindow();
    take(window, 10, 12, ids(1, 2, 4, 5));
    expect(window.bounds(true)).toEqual({ mark: '5', lo: ['0', '3'], hi: ['5', '3'] });
    // 3 was a gap (tracked); 2 was taken before and came back: untracked
    expect(take(window, 13, 14, ids(2, 3))).toEqual({ untracked: 1 });
  });

  it('counts as holes the candidates it did not delete (another relay did, after its snapshot): harmless', () => {
    const window = new OutboxTakeWindow();
    window.advance({ xmin: 30n, xid: 31n }, { count: 5, highest: 5n }, ids(1, 4, 5), 10);
    expect(window.bounds()).toEqual({ mark: '5', lo: ['2'], hi: ['3'] });
  });

  it('merges gaps into one range beyond 256 (a wider look, still exact)', () => {
    const window = new OutboxTakeWindow();
    const taken = Array.from({ length: 300 }, (_, i) => BigInt(2 * i + 2));
    window.advance({ xmin: 90n, xid: 95n }, { count: 300, highest: 600n }, taken, 1000);
    expect(window.bounds()).toEqual({ mark: '600', lo: ['1'], hi: ['599'] });
  });
});
