/**
 * The lease fence against real PostgreSQL: checked (and share-locked) once per transaction, checked again in the
 * next one, and a takeover waits for a fenced transaction to end.
 */
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { DataSource, EntityManager } from 'typeorm';
import { type PreparedQuery, preparedQueries, runMigrations } from '@cs/platform/database';
import { expectEventually, nextCompanyId, testRun } from '@cs/platform/testing';
import { createWhatsappDataSource } from '../../src/database/data-source.js';
import { Leases } from '../../src/modules/sessions/lease.repository.js';

let dataSource: DataSource;
let companyId: number;
let connectionId = 900_000 + Math.floor(Math.random() * 90_000);

beforeAll(async () => {
  dataSource = createWhatsappDataSource({ DATABASE_URL: testRun().databaseUrl });
  await runMigrations(dataSource);
  if (!dataSource.isInitialized) await dataSource.initialize();
  companyId = await nextCompanyId();
});

afterAll(async () => {
  await dataSource?.destroy();
});

/** Counts the lease checks a manager's transaction sends (a prepared statement: `preparedQueries` sees each). */
function countingLeaseQueries(manager: EntityManager): { count: () => number } {
  let count = 0;
  const onQuery = (message: unknown): void => {
    const { runner, statement } = message as PreparedQuery;
    if (runner === manager.queryRunner && statement.text.includes('FROM session_leases')) count += 1;
  };
  subscribe(preparedQueries.name, onQuery);
  return {
    count: () => {
      unsubscribe(preparedQueries.name, onQuery);
      return count;
    },
  };
}

const claim = (id: number, owner: string): Promise<number | null> =>
  dataSource.transaction((manager) => Leases.claim(manager, { connectionId: id, companyId, owner, ttlMs: 60_000 }));

describe('the lease fence', () => {
  it('checks a lease once per transaction, and again in the next transaction', async () => {
    const id = (connectionId += 1);
    const epoch = await claim(id, 'process-a');
    expect(epoch).toBe(1);

    const seen = await dataSource.transaction(async (manager) => {
      const counter = countingLeaseQueries(manager);
      const answers = [
        await Leases.holds(manager, id, 'process-a', 1),
        await Leases.holds(manager, id, 'process-a', 1),
        await Leases.holds(manager, id, 'process-a', 1),
      ];
      // another epoch or owner is a different question, asked of the database
      answers.push(await Leases.holds(manager, id, 'process-a', 2));
      return { answers, queries: counter.count() };
    });
    expect(seen).toEqual({ answers: [true, true, true, false], queries: 2 });

    // released in a transaction that had checked it: a later fence in that transaction asks again and is refused
    const released = await dataSource.transaction(async (manager) => {
      const before = await Leases.holds(manager, id, 'process-a', 1);
      await Leases.release(manager, { connectionId: id, owner: 'process-a', epoch: 1, reason: 'test' });
      return { before, after: await Leases.holds(manager, id, 'process-a', 1) };
    });
    expect(released).toEqual({ before: true, after: false });

    // the lease lapses and another process takes it: the next transaction asks again and is refused
    await dataSource.query(
      "UPDATE whatsapp.session_leases SET expires_at = now() - interval '1 second' WHERE connection_id = $1",
      [id],
    );
    expect(await claim(id, 'process-b')).toBe(2);
    const after = await dataSource.transaction(async (manager) => {
      const counter = countingLeaseQueries(manager);
      return { held: await Leases.holds(manager, id, 'process-a', 1), queries: counter.count() };
    });
    expect(after).toEqual({ held: false, queries: 1 });
  });

  it('keeps a takeover waiting until the fenced transaction that checked the lease ended', async () => {
    const id = (connectionId += 1);
    await claim(id, 'process-a');
    await dataSource.query(
      "UPDATE whatsapp.session_leases SET expires_at = now() + interval '200 milliseconds' WHERE connection_id = $1",
      [id],
    );
    const order: string[] = [];
    let takeover: Promise<number | null> | undefined;
    await dataSource.transaction(async (manager) => {
      expect(await Leases.holds(manager, id, 'process-a', 1)).toBe(true);
      // the lease lapses meanwhile (its TTL, on the database's clock)
      await expectEventually(async () => {
        const [lease] = await dataSource.query<Array<{ lapsed: boolean }>>(
          'SELECT expires_at < now() AS lapsed FROM whatsapp.session_leases WHERE connection_id = $1',
          [id],
        );
        expect(lease?.lapsed).toBe(true);
      });
      takeover = claim(id, 'process-b').then((epoch) => {
        order.push('takeover');
        return epoch;
      });
      // the takeover is waiting for the lock this transaction's check holds
      await expectEventually(async () => {
        const waiting = await dataSource.query<unknown[]>(
          `SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'
              AND query ILIKE '%session_leases%'`,
        );
        expect(waiting.length).toBeGreaterThan(0);
      });
      // the second check of this transaction is still answered by the lock it holds
      expect(await Leases.holds(manager, id, 'process-a', 1)).toBe(true);
      order.push('fenced transaction ends');
    });
    expect(await takeover).toBe(2);
    expect(order).toEqual(['fenced transaction ends', 'takeover']);
  });
});
