import { OutboxTakeWindow, runningUpTo, type TakeTransactions } from './outbox-take-window.js';

const ids = (...values: number[]): bigint[] => values.map((value) => BigInt(value));
/** A snapshot in which every xid below `xmin` had ended and none from it on (no in-progress list). */
const ended = (xmin: number): Omit<TakeTransactions, 'xid'> => ({ xmax: BigInt(xmin), xip: [] });
/**
 * A take whose snapshot had `xmin` (or was `snapshot`), whose own xid was `xid`, that saw `taken` (all of its
 * candidates, unless `count` says more) under a limit of 10.
 */
const take = (
  window: OutboxTakeWindow,
  snapshot: number | Omit<TakeTransactions, 'xid'>,
  xid: number,
  taken: bigint[],
  count = taken.length,
) =>
  window.advance(
    { ...(typeof snapshot === 'number' ? ended(snapshot) : snapshot), xid: taken.length > 0 ? BigInt(xid) : null },
    { count, highest: taken.at(-1) ?? null },
    taken,
    10,
  );
/** Where the next take looks: above the mark and in the gaps' ranges (each when its transactions say so). */
const where = (window: OutboxTakeWindow, audit = false) => {
  const { mark, lo, hi } = window.bounds(audit);
  return { mark, lo, hi };
};
/** The counts of running transactions under which the next take looks in each gap again (-1: whatever they are). */
const lookAgain = (window: OutboxTakeWindow) => window.bounds().running;

describe('OutboxTakeWindow', () => {
  it('looks at the whole outbox first, then only above the last id taken', () => {
    const window = new OutboxTakeWindow();
    expect(where(window)).toEqual({ mark: '0', lo: [], hi: [] });
    take(window, 50, 51, ids(1, 2, 3));
    expect(where(window)).toEqual({ mark: '3', lo: [], hi: [] });
  });

  it('keeps the ids it did not see until every transaction older than it has ended, then drops them', () => {
    const window = new OutboxTakeWindow();
    // 4 and 6 not seen: the take's own xid is 65, so whatever drew them has an xid below 65
    take(window, 60, 65, ids(1, 2, 3, 5, 7));
    expect(where(window)).toEqual({ mark: '7', lo: ['4', '6'], hi: ['4', '6'] });
    // 63 is still running: 4 or 6 may still commit
    take(window, 63, 70, ids(8));
    expect(where(window)).toEqual({ mark: '8', lo: ['4', '6'], hi: ['4', '6'] });
    // 6 committed late and this take, which looked in the gaps, took it; everything up to 65 has ended
    take(window, 66, 72, ids(6));
    expect(where(window)).toEqual({ mark: '8', lo: [], hi: [] });
  });

  it('keeps the gaps of a take that deleted nothing, and moves nothing for it', () => {
    const window = new OutboxTakeWindow();
    take(window, 60, 65, ids(1, 3));
    // candidates 4..5 were deleted by another relay after this take's snapshot: it has no xid of its own
    window.advance({ ...ended(61), xid: null }, { count: 2, highest: 5n }, [], 10);
    expect(where(window)).toEqual({ mark: '3', lo: ['2'], hi: ['2'] });
  });

  it('keeps a gap that a full take did not reach, even when its time is over, until a take looked in all of it', () => {
    const window = new OutboxTakeWindow();
    take(window, 10, 12, ids(1, 2, 20));
    expect(where(window)).toEqual({ mark: '20', lo: ['3'], hi: ['19'] });
    // 3..19 committed; a take of 10 reached 12 only: the mark stays, the gap too although 12 has ended
    take(window, 20, 21, ids(3, 4, 5, 6, 7, 8, 9, 10, 11, 12));
    expect(where(window)).toEqual({ mark: '20', lo: ['3'], hi: ['19'] });
    take(window, 22, 23, ids(13, 14, 15, 16, 17, 18, 19));
    expect(where(window)).toEqual({ mark: '20', lo: [], hi: [] });
  });

  it('drops an ended gap below the cut of a full take', () => {
    const window = new OutboxTakeWindow();
    take(window, 10, 12, ids(1, 2, 4));
    take(window, 20, 21, ids(3, 5, 6, 7, 8, 9, 10, 11, 12, 13));
    expect(where(window)).toEqual({ mark: '13', lo: [], hi: [] });
  });

  it('counts the rows an audit take found outside the window', () => {
    const window = new OutboxTakeWindow();
    take(window, 10, 12, ids(1, 2, 4, 5));
    expect(where(window, true)).toEqual({ mark: '5', lo: ['0', '3'], hi: ['5', '3'] });
    // 3 was a gap (tracked); 2 was taken before and came back: untracked
    expect(take(window, 13, 14, ids(2, 3))).toEqual({ untracked: 1 });
  });

  it('counts as holes the candidates it did not delete (another relay did, after its snapshot): harmless', () => {
    const window = new OutboxTakeWindow();
    window.advance({ ...ended(30), xid: 31n }, { count: 5, highest: 5n }, ids(1, 4, 5), 10);
    expect(where(window)).toEqual({ mark: '5', lo: ['2'], hi: ['3'] });
  });

  it('merges gaps into one range beyond 256 (a wider look, still exact)', () => {
    const window = new OutboxTakeWindow();
    const taken = Array.from({ length: 300 }, (_, i) => BigInt(2 * i + 2));
    window.advance({ ...ended(90), xid: 95n }, { count: 300, highest: 600n }, taken, 1000);
    expect(where(window)).toEqual({ mark: '600', lo: ['1'], hi: ['599'] });
    // this take looked in all of them: the range is looked in again once one of 90..95 ended
    expect(lookAgain(window)).toEqual(['6']);
  });

  it('looks in a gap again only once a transaction that may commit in it has ended', () => {
    const window = new OutboxTakeWindow();
    // 50 and 55 in progress, and every xid from 60 on: 4 may still commit, by any of 50, 55 and 60..65
    const first = { xmax: 60n, xip: ids(50, 55) };
    take(window, first, 65, ids(1, 2, 3, 5));
    expect(runningUpTo({ ...first, xid: 65n }, 65n)).toBe(8);
    expect(lookAgain(window)).toEqual(['8']);
    // 60 and 65 ended: the take looked in the gap and counts 6 left
    take(window, { xmax: 70n, xip: ids(50, 55, 61, 62, 63, 64) }, 72, ids(6));
    expect(where(window)).toEqual({ mark: '6', lo: ['4'], hi: ['4'] });
    expect(lookAgain(window)).toEqual(['6']);
    // none of them ended (75 is newer than the gap): the take did not look in it, nothing changes
    take(window, { xmax: 80n, xip: ids(50, 55, 61, 62, 63, 64, 75) }, 81, ids(7));
    expect(lookAgain(window)).toEqual(['6']);
    // only 55 is left, for as long as it runs: the gap stays, looked in again only when it ends
    take(window, { xmax: 90n, xip: ids(55) }, 91, ids(8));
    expect(where(window)).toEqual({ mark: '8', lo: ['4'], hi: ['4'] });
    expect(lookAgain(window)).toEqual(['1']);
    take(window, { xmax: 100n, xip: ids(55, 95) }, 101, ids(9));
    expect(lookAgain(window)).toEqual(['1']);
    take(window, ended(102), 103, ids(10));
    expect(where(window)).toEqual({ mark: '10', lo: [], hi: [] });
  });
});
