import { setTimeout as sleep } from 'node:timers/promises';
import type { DataSource } from 'typeorm';

/**
 * How long a request waits for a record another service created a moment ago to reach this service's projection
 * by its event (tens of milliseconds, seconds on a loaded machine).
 */
export const PROJECTION_ARRIVAL_WAIT_MS = 5_000;
const PROJECTION_ARRIVAL_POLL_MS = 50;

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
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const rows = await dataSource.query<unknown[]>(`SELECT 1 FROM ${table} WHERE id = $1 LIMIT 1`, [id]);
    if (rows.length > 0 || Date.now() >= deadline) return;
    await sleep(PROJECTION_ARRIVAL_POLL_MS);
  }
}
