/**
 * Who claims a wanted session nobody holds. Every live process computes the same fair share of everything wanted;
 * a process below it claims (several fill up at once), and beyond it only the least-loaded process claims (ties:
 * the smallest process id), so a new session goes to the least-loaded process.
 */
export function fairShare(load: ReadonlyMap<string, number>, orphans: number): number {
  const leased = [...load.values()].reduce((sum, count) => sum + count, 0);
  return Math.ceil((leased + orphans) / load.size);
}

/** Whether `processId`, now running `mine` sessions, claims one more (its capacity is checked by the caller). */
export function mayClaim(input: {
  readonly load: ReadonlyMap<string, number>;
  readonly processId: string;
  readonly mine: number;
  readonly share: number;
}): boolean {
  const { load, processId, mine, share } = input;
  const leastLoaded = [...load.entries()].every(
    ([id, count]) => id === processId || mine < count || (mine === count && processId < id),
  );
  return leastLoaded || mine + 1 < share;
}

/** PostgreSQL's `lock_not_available`: a statement gave up waiting for a row lock (`lock_timeout`). */
const LOCK_NOT_AVAILABLE = '55P03';

/** A claim that met a locked lease row (a lapsed owner's open fenced transaction, another claim): skip it for now. */
export function isLockNotAvailable(error: unknown): boolean {
  const failure = error as { code?: string; driverError?: { code?: string } } | null | undefined;
  return failure?.driverError?.code === LOCK_NOT_AVAILABLE || failure?.code === LOCK_NOT_AVAILABLE;
}
