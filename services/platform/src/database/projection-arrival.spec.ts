import type { DataSource } from 'typeorm';
import { awaitProjectedRow, PROJECTION_ARRIVAL_MAX_WAITING } from './projection-arrival.js';

/** A data source whose projection holds the row from its `arrivesAtLook`-th look on (never when undefined). */
function projection(arrivesAtLook?: number) {
  let looks = 0;
  const dataSource = {
    query: async () => {
      looks += 1;
      return arrivesAtLook !== undefined && looks >= arrivesAtLook ? [{ '?column?': 1 }] : [];
    },
  } as unknown as DataSource;
  return { dataSource, looks: () => looks };
}

describe(awaitProjectedRow.name, () => {
  it('looks once when the row is there already', async () => {
    const present = projection(1);
    await awaitProjectedRow(present.dataSource, 'contacts', 7);
    expect(present.looks()).toBe(1);
  });

  it('returns at the look that finds a row arriving a moment later', async () => {
    const arriving = projection(3);
    await awaitProjectedRow(arriving.dataSource, 'contacts', 7);
    expect(arriving.looks()).toBe(3);
  });

  it('looks ever less often for a row that never comes, then gives up at the deadline', async () => {
    const never = projection();
    const started = Date.now();
    await awaitProjectedRow(never.dataSource, 'contacts', 7, 1_000);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    // pauses of 25, 50, 100, 200, 400 ms, then the rest: at most eight looks in a second (a fixed 50 ms made twenty)
    expect(never.looks()).toBeLessThanOrEqual(8);
  });

  it('does not wait once as many requests as the bound wait already', async () => {
    const never = projection();
    const waits = Array.from({ length: PROJECTION_ARRIVAL_MAX_WAITING }, () =>
      awaitProjectedRow(never.dataSource, 'contacts', 7, 1_000),
    );
    const over = projection();
    await awaitProjectedRow(over.dataSource, 'contacts', 8, 1_000);
    expect(over.looks()).toBe(1);
    await Promise.all(waits);
    // the waits ended: the next request waits again
    const after = projection(2);
    await awaitProjectedRow(after.dataSource, 'contacts', 9, 1_000);
    expect(after.looks()).toBe(2);
  });

  it('refuses a table name that is not a plain identifier', async () => {
    await expect(awaitProjectedRow(projection(1).dataSource, 'contacts; DROP TABLE x', 7)).rejects.toThrow(
      /invalid projection table name/,
    );
  });
});
