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
 * - A row committed late, below the mark, is in a gap, so it is a candidate as soon as it is visible. Events of one
 *   key are written by transactions that lock the key's row, so a key's later event commits after its earlier one: a
 *   take that sees the later sees the earlier, with a lower id, and publishes it first.
 * - A take is cut at its batch size: gaps above the cut stay whatever their age, and the mark moves only to the cut.
 * - A take that rolled back (the publish failed) leaves the window as it was; so does one whose outcome is unknown.
 *   A window older than the last take (another replica took in between) is only wider, never wrong.
 */

/** An id range the next take looks in again; `until`: the highest xid that may still commit a row in it. */
interface Gap {
  readonly lo: bigint;
  readonly hi: bigint;
  readonly until: bigint;
}

/** What a take knew of the transactions around it. */
export interface TakeTransactions {
  /** Its snapshot's xmin: every transaction with a lower xid had ended before it (`pg_current_snapshot()`). */
  readonly xmin: bigint;
  /** Its own xid, assigned after its snapshot was taken (by its DELETE); null when it deleted nothing. */
  readonly xid: bigint | null;
}

/** What the take looked at: how many candidates (at most the batch size) and the highest of them. */
export interface TakeCandidates {
  readonly count: number;
  readonly highest: bigint | null;
}

/** The parameters of the next take: above `mark`, and in the ranges `lo[i]..hi[i]`. */
export interface TakeBounds {
  readonly mark: string;
  readonly lo: string[];
  readonly hi: string[];
}

/** More gaps than this are merged into one range (a wider look, still exact). */
const MAX_GAPS = 256;

export class OutboxTakeWindow {
  private mark = 0n;
  private gaps: Gap[] = [];

  /** The next take's bounds; `audit` adds everything up to the mark (see `advance`'s `untracked`). */
  bounds(audit = false): TakeBounds {
    const ranges: Array<{ lo: bigint; hi: bigint }> = audit && this.mark > 0n ? [{ lo: 0n, hi: this.mark }] : [];
    ranges.push(...this.gaps);
    return {
      mark: String(this.mark),
      lo: ranges.map((range) => String(range.lo)),
      hi: ranges.map((range) => String(range.hi)),
    };
  }

  /**
   * After a take that committed: `transactions` as the take saw them, `candidates` as it counted them, `taken` the ids
   * it deleted (ascending), `batchSize` its limit. Returns how many taken ids were neither above the mark nor in a gap:
   * rows the window would have missed (only an audit take can find them; a count above 0 is a bug, or ids not drawn as
   * the window assumes).
   */
  advance(
    transactions: TakeTransactions,
    candidates: TakeCandidates,
    taken: readonly bigint[],
    batchSize: number,
  ): { untracked: number } {
    const untracked = taken.filter((id) => id <= this.mark && !this.gaps.some((gap) => id >= gap.lo && id <= gap.hi));
    const cut = candidates.count >= batchSize ? candidates.highest : null;
    // a gap is done when every transaction that could still commit in it had ended before this take, which looked
    // in all of it (a take cut at its batch size looked up to the cut only)
    const kept = this.gaps.filter((gap) => !(transactions.xmin > gap.until && (cut === null || gap.hi <= cut)));
    const highest = candidates.highest ?? 0n;
    // without an xid of its own (every candidate deleted by another relay meanwhile) the take moves nothing
    if (highest > this.mark && transactions.xid !== null) {
      const until = transactions.xid;
      kept.push(...holes(this.mark, highest, taken).map((hole) => ({ ...hole, until })));
      this.mark = highest;
    }
    this.gaps = kept.length > MAX_GAPS ? [merged(kept)] : kept;
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

function merged(gaps: readonly Gap[]): Gap {
  return gaps.reduce((all, gap) => ({
    lo: gap.lo < all.lo ? gap.lo : all.lo,
    hi: gap.hi > all.hi ? gap.hi : all.hi,
    until: gap.until > all.until ? gap.until : all.until,
  }));
}
