/**
 * Merges the slices that a consumer's partitions hand over at the same moment into one call.
 *
 * kafkajs hands each partition of a fetch response to `eachBatch` separately, all in the same turn of the event loop
 * (one worker per partition, up to `partitionsConsumedConcurrently`). At moderate rates each partition brings one or
 * two events, so the consumer paid a transaction, an inbox insert and a commit per partition: twelve small
 * transactions where one would do. `submit` queues a slice and resolves once the call that carried it has; slices
 * submitted before the queue is flushed (on `setImmediate`, after the fetch's workers have all started) go together,
 * up to `limit` messages per call (at least one whole slice). Calls of one flush run side by side, as the partitions
 * did. A partition submits its next slice only once the previous one resolved, so each partition's order is kept.
 */
export class SliceCoalescer<T> {
  private pending: Array<{ slice: readonly T[]; resolve: () => void; reject: (error: unknown) => void }> = [];
  private scheduled = false;

  constructor(
    private readonly handle: (items: readonly T[]) => Promise<void>,
    private readonly limit: number,
  ) {}

  submit(slice: readonly T[]): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.pending.push({ slice, resolve, reject });
      if (this.scheduled) return;
      this.scheduled = true;
      setImmediate(() => this.flush());
    });
  }

  private flush(): void {
    this.scheduled = false;
    const pending = this.pending;
    this.pending = [];
    let at = 0;
    while (at < pending.length) {
      const taken = [pending[at] as (typeof pending)[number]];
      let size = taken[0]!.slice.length;
      at += 1;
      while (at < pending.length && size + pending[at]!.slice.length <= this.limit) {
        size += pending[at]!.slice.length;
        taken.push(pending[at]!);
        at += 1;
      }
      const items = taken.length === 1 ? taken[0]!.slice : taken.flatMap((entry) => entry.slice);
      this.handle(items).then(
        () => taken.forEach((entry) => entry.resolve()),
        (error: unknown) => taken.forEach((entry) => entry.reject(error)),
      );
    }
  }
}
