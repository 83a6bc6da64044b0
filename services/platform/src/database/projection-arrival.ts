import { setTimeout as sleep } from 'node:timers/promises';
import type { DataSource } from 'typeorm';

/**
 * How long a request waits for a record another service created a moment ago to reach this service's projection
 * by its event (tens of milliseconds, seconds on a loaded machine).
 */
export const PROJECTION_ARRIVAL_WAIT_MS = 5_000;
/** The pauses between looks: the first short (most records arrive within it), each next one doubled up to the last. */
export const PROJECTION_ARRIVAL_POLLS_MS = { first: 25, last: 400 } as const;
/**
 * How many requests of a process wait for a projected row at once. Past it a request looks once and does not wait:
 * requests naming ids that exist nowhere cannot keep the pool busy with looks for five seconds each.
 */
export const PROJECTION_ARRIVAL_MAX_WAITING = 64;

let waiting = 0;

/**
 * Waits, outside any transaction, until the projection `table` (of the data source's schema) holds a row with id
 * `id`, at most `timeoutMs`: a request naming a contact, connection or list created a moment ago through its owner
 * must not fail with "not found" because the event is still on its way. A row of any company (deleted or not) ends
 * the wait at once: the caller's company-scoped read then decides, so another company's record is refused without
 * delay. `id` must be indexed on its own (a primary key, or an index of its own).
 */
export async function awaitProjectedRow(
  dataSource: DataSource,
  table: string,
  id: number,
  timeoutMs = PROJECTION_ARRIVAL_WAIT_MS,
): Promise<void> {
  if (!/^[a-z_]+$/.test(table)) throw new Error(`invalid projection table name: ${table}`);
  const present = async (): Promise<boolean> =>
    (await dataSource.query<unknown[]>(`SELECT 1 FROM ${table} WHERE id = $1 LIMIT 1`, [id])).length > 0;
  if ((await present()) || waiting >= PROJECTION_ARRIVAL_MAX_WAITING) return;
  waiting += 1;
  try {
    const deadline = Date.now() + timeoutMs;
    let pause: number = PROJECTION_ARRIVAL_POLLS_MS.first;
    while (Date.now() < deadline) {
      await sleep(Math.min(pause, deadline - Date.now()));
      if (await present()) return;
      pause = Math.min(pause * 2, PROJECTION_ARRIVAL_POLLS_MS.last);
    }
  } finally {
    waiting -= 1;
  }
}
