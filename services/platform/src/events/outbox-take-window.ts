/**
 * Where the outbox relay's next take looks, so that it does not walk the index entries of the rows earlier takes
 * deleted. A take deletes the first rows of the outbox in id order; their index entries stay until no snapshot older
 * than the deletion remains, and a take that starts at the low end of the index walks all of them: while the xmin
 * horizon lags (a slow take holding it back for its own next round, say), thousands of dead entries a take
 * (bench/outbox-relay.mjs measures both ways).
 *
 * The window: every id up to `mark` is settled (published, or never to be committed) except the `gaps`, id ranges
 * that may still be committed. A take looks above the mark and in the gaps only. Why that misses nothing, and keeps
 * each key's order:
 * - The ids come from one sequence (cache 1), and a row's id is drawn after its transaction has an xid (the default
 *   `OutboxIdAfterXid1765000000000` sets). A take's rows were committed before its snapshot S, so every id below its
 *   highest candidate was drawn before S, by a transaction whose xid was assigned before S: lower than the take's own
 *   xid, which its DELETE is assigned after S. (Not necessarily in S's in-progress list: that lists only xids below
 *   S's xmax, and a transaction that began before S may have a higher one.)
 * - An id at or below the take's highest candidate that the take did not see (a hole) may still be committed by such
 *   a transaction, or was rolled back. The hole stays a gap `until` the take's own xid: once a later take's snapshot
 *   has its xmin above it, every transaction with an xid up to it has ended, that take looked in the gap, and it is
 *   dropped.
 * - A take looks in a gap only when one of the transactions that may still commit in it has ended since the last take
 *   that looked in all of it: `running` counts them, as of that take's snapshot (the xids up to `until` in its
 *   in-progress list or at or above its xmax). Only such a transaction can have committed a row in the gap since, and
 *   the count never grows (an xid up to `until` is assigned before the gap exists; one that ended stays ended), so a
 *   lower count at the take's own snapshot is what tells. The take decides it in its statement, under that snapshot.
 *   A transaction that runs for long (anywhere in the cluster: xids are the cluster's) then keeps a gap, never makes
 *   each take read it again.
 * - A row committed late, below the mark, is in a gap, so it is a candidate as soon as it is visible. Events of one
 *   key are written by transactions that lock the key's row, so a key's later event commits after its earlier one: a
 *   take that sees the later sees the earlier, with a lower id, and publishes it first.
 * - A take is cut at its batch size: gaps above the cut stay whatever their age, and the mark moves only to the cut.
 * - A take that rolled back (the publish failed) leaves the window as it was; so does one whose outcome is unknown.
 *   A window older than the last take (another replica took in between) is only wider, never wrong.
 */

/**
 * An id range a take looks in again; `until`: the highest xid that may still commit a row in it; `running`: how many
 * xids up to `until` had not ended at the snapshot of the last take that looked in all of it.
 */
interface Gap {
  readonly lo: bigint;
  readonly hi: bigint;
  readonly until: bigint;
  readonly running: number;
}

/** What a take knew of the transactions around it. */
export interface TakeTransactions {
  /** Its snapshot's xmax (`pg_current_snapshot()`): no transaction with this xid or a higher one had ended by then. */
  readonly xmax: bigint;
  /** Its snapshot's in-progress list: the xids below xmax that had not ended. */
  readonly xip: readonly bigint[];
  /** Its own xid, assigned after its snapshot was taken (by its DELETE); null when it deleted nothing. */
  readonly xid: bigint | null;
}

/** What the take looked at: how many candidates (at most the batch size) and the highest of them. */
export interface TakeCandidates {
  readonly count: number;
  readonly highest: bigint | null;
}

/**
 * The parameters of the next take: above `mark`, and in the ranges `lo[i]..hi[i]`, each only when fewer than
 * `running[i]` xids up to `until[i]` have not ended at the take's snapshot (`running[i]` -1: always).
 */
export interface TakeBounds {
  readonly mark: string;
  readonly lo: string[];
  readonly hi: string[];
  readonly until: string[];
  readonly running: string[];
}

/** More gaps than this are merged into one range (a wider look, still exact). */
const MAX_GAPS = 256;

export class OutboxTakeWindow {
  private mark = 0n;
  private gaps: Gap[] = [];

  /** The next take's bounds; `audit` adds everything up to the mark (see `advance`'s `untracked`). */
  bounds(audit = false): TakeBounds {
    const ranges: Gap[] = audit && this.mark > 0n ? [{ lo: 0n, hi: this.mark, until: 0n, running: -1 }] : [];
    ranges.push(...this.gaps);
    return {
      mark: String(this.mark),
      lo: ranges.map((range) => String(range.lo)),
      hi: ranges.map((range) => String(range.hi)),
      until: ranges.map((range) => String(range.until)),
      running: ranges.map((range) => String(range.running)),
    };
  }

  /**
   * After a take that committed: `transactions` as the take saw them, `candidates` as it counted them, `taken` the ids
   * it deleted (ascending), `batchSize` its limit, `audit` whether it had the audit's bounds. Returns how many taken
   * ids were neither above the mark nor in a gap: rows the window would have missed (only an audit take can find them;
   * a count above 0 is a bug, or ids not drawn as the window assumes).
   */
  advance(
    transactions: TakeTransactions,
    candidates: TakeCandidates,
    taken: readonly bigint[],
    batchSize: number,
    audit = false,
  ): { untracked: number } {
    const untracked = taken.filter((id) => id <= this.mark && !this.gaps.some((gap) => id >= gap.lo && id <= gap.hi));
    const cut = candidates.count >= batchSize ? candidates.highest : null;
    const kept: Gap[] = [];
    for (const gap of this.gaps) {
      const running = runningUpTo(transactions, gap.until);
      // the take looked in the gap as `bounds` told it (the audit's range holds every gap), in all of it unless it
      // was cut at its batch size below the gap's end
      const looked = audit || running < gap.running;
      if (!looked || (cut !== null && gap.hi > cut)) kept.push(gap);
      // done when every transaction that could still commit in it had ended before this take
      else if (running > 0) kept.push({ ...gap, running });
    }
    const highest = candidates.highest ?? 0n;
    // without an xid of its own (every candidate deleted by another relay meanwhile) the take moves nothing
    if (highest > this.mark && transactions.xid !== null) {
      const until = transactions.xid;
      const running = runningUpTo(transactions, until);
      kept.push(...holes(this.mark, highest, taken).map((hole) => ({ ...hole, until, running })));
      this.mark = highest;
    }
    // only a take that moved the mark adds gaps: its cut, if any, is above every gap, so no gap holds a row committed
    // before its snapshot that it did not see
    this.gaps = kept.length > MAX_GAPS ? [merged(kept, transactions)] : kept;
    return { untracked: untracked.length };
  }

  /** For tests and the relay's log. */
  describe(): { mark: bigint; gaps: ReadonlyArray<Gap> } {
    return { mark: this.mark, gaps: this.gaps };
  }
}

/**
 * The ids in (`after`, `upTo`] that are not in `seen` (ascending), as ranges. The ids deleted by another relay
 * between the take's snapshot and its lock are among them: harmless, they are never committed again.
 */
function holes(after: bigint, upTo: bigint, seen: readonly bigint[]): Array<{ lo: bigint; hi: bigint }> {
  const ranges: Array<{ lo: bigint; hi: bigint }> = [];
  let next = after + 1n;
  for (const id of seen) {
    if (id < next) continue;
    if (id > upTo) break;
    if (id > next) ranges.push({ lo: next, hi: id - 1n });
    next = id + 1n;
  }
  if (next <= upTo) ranges.push({ lo: next, hi: upTo });
  return ranges;
}

/**
 * The gaps as one range, looked in again once any transaction that could commit in one of them has ended after the
 * take (`transactions`) that saw every row committed in them before its snapshot.
 */
function merged(gaps: readonly Gap[], transactions: TakeTransactions): Gap {
  const range = gaps.reduce((all, gap) => ({
    lo: gap.lo < all.lo ? gap.lo : all.lo,
    hi: gap.hi > all.hi ? gap.hi : all.hi,
    until: gap.until > all.until ? gap.until : all.until,
    running: 0,
  }));
  return { ...range, running: runningUpTo(transactions, range.until) };
}

/**
 * How many xids up to `until` had not ended at the take's snapshot: those in its in-progress list, and every one from
 * its xmax on (the take's SQL counts the same way, see `TAKE_BATCH` in `outbox-relay.ts`).
 */
export function runningUpTo(transactions: TakeTransactions, until: bigint): number {
  const listed = transactions.xip.filter((xid) => xid <= until).length;
  return listed + (until >= transactions.xmax ? Number(until - transactions.xmax + 1n) : 0);
}
