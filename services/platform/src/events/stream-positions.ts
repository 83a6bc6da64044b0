/**
 * Events of one partition that a subscription may never have handed over: from `from` (the offset it expected
 * next) up to `to` (the first offset it was given instead). `from` is null when the subscription had no position in
 * that partition (a partition added to the topic after it started): what was published there before is unknown.
 */
export interface StreamGap {
  readonly topic: string;
  readonly partition: number;
  readonly from: string | null;
  readonly to: string | null;
}

export interface PartitionOffset {
  readonly topic: string;
  readonly partition: number;
  readonly offset: string;
}

const keyOf = (topic: string, partition: number): string => `${topic}\u0000${partition}`;

/**
 * Where a subscription that started at the latest offsets is in each partition: the next offset it will hand over.
 * It starts at the partitions' ends when the subscription starts and moves past each event once it was handled.
 * Every time a consumer (re)joins the group, each assigned partition is sought to its position, so a consumer
 * replaced after a crash, a rebalance or a broker restart resumes exactly where the subscription was, whatever the
 * broker holds for the group. Where that is impossible (the position was deleted by retention, so the client jumps
 * to the end) the first event handed over lies past the position: that is reported as a gap.
 */
export class StreamPositions {
  private readonly next = new Map<string, bigint>();

  /** The subscription's starting point in a partition (its end when the subscription starts). */
  start(topic: string, partition: number, offset: string): void {
    this.next.set(keyOf(topic, partition), BigInt(offset));
  }

  /**
   * For a consumer that was just assigned these partitions: where each is to be read from, and the partitions with
   * no position (reported as gaps whose start is unknown).
   */
  assigned(assignment: Readonly<Record<string, readonly number[]>>): {
    readonly seeks: PartitionOffset[];
    readonly unknown: StreamGap[];
  } {
    const seeks: PartitionOffset[] = [];
    const unknown: StreamGap[] = [];
    for (const [topic, partitions] of Object.entries(assignment)) {
      for (const partition of partitions) {
        const next = this.next.get(keyOf(topic, partition));
        if (next === undefined) unknown.push({ topic, partition, from: null, to: null });
        else seeks.push({ topic, partition, offset: next.toString() });
      }
    }
    return { seeks, unknown };
  }

  /**
   * The first offset of a fetched batch, before it is handled: a gap when it lies past the position. The position
   * then moves to it, so the gap is reported once. An offset before the position (the partition read again) is no
   * gap: those events are handed over again.
   */
  delivered(topic: string, partition: number, offset: string): StreamGap | null {
    const key = keyOf(topic, partition);
    const next = this.next.get(key);
    const at = BigInt(offset);
    if (next === undefined) {
      this.next.set(key, at);
      return null;
    }
    if (at <= next) return null;
    this.next.set(key, at);
    return { topic, partition, from: next.toString(), to: offset };
  }

  /** Events up to `offset` (included) were handled: the partition is read from the one after. */
  handled(topic: string, partition: number, offset: string): void {
    this.next.set(keyOf(topic, partition), BigInt(offset) + 1n);
  }
}
