import { randomFillSync } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';

/** Random bytes for 256 ids, drawn from the system at once. */
const pool = new Uint8Array(16 * 256);
let poolAt = pool.length;
/** uuid's own v7 state (RFC 9562 §6.2, method 1): the millisecond, and a counter that orders ids within it. */
const state = { msecs: -Infinity, seq: 0 };

/**
 * A new event id: a UUID v7, ordered within this process as uuid's `v7()` orders its ids (a counter seeded from the
 * random bytes at each new millisecond, incremented within one), with the random bytes taken from a pool refilled
 * 4 KiB at a time: one call to the system's random source per 256 ids, where uuid's `v7()` makes one per id.
 */
export function newEventId(): string {
  if (poolAt + 16 > pool.length) {
    randomFillSync(pool);
    poolAt = 0;
  }
  const random = pool.subarray(poolAt, (poolAt += 16));
  const now = Date.now();
  if (now > state.msecs) {
    state.msecs = now;
    state.seq = ((random[6]! & 0x7f) << 24) | (random[7]! << 16) | (random[8]! << 8) | random[9]!;
  } else {
    state.seq = (state.seq + 1) | 0;
    if (state.seq === 0) state.msecs += 1;
  }
  return uuidv7({ random, msecs: state.msecs, seq: state.seq });
}
