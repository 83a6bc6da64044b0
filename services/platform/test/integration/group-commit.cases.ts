/**
 * `GroupCommit` on real PostgreSQL: units submitted at the same moment commit in one transaction (each unit's rows
 * carry the transaction's id), a failing unit fails alone while the rest of its group commits, each unit runs in its
 * caller's async context and joins the group's transaction from there, and after-commit callbacks see the rows.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import { GroupCommit, TransactionHost } from '@cs/platform/database';
import { expectEventually } from '@cs/platform/testing';
import { migratedProbeDataSource } from '../fixtures/probe-migrations.js';

describe('group-commit', () => {
  const schema = `group_commit_${randomBytes(3).toString('hex')}`;
  let dataSource: DataSource;
  let transactions: TransactionHost;

  beforeAll(async () => {
    dataSource = await migratedProbeDataSource(schema);
    await dataSource.query(
      `CREATE TABLE notes (text text PRIMARY KEY, tx bigint NOT NULL DEFAULT txid_current(), caller text)`,
    );
    transactions = new TransactionHost(dataSource);
  });

  beforeEach(async () => {
    await dataSource.query('TRUNCATE notes');
  });

  afterAll(async () => {
    await dataSource?.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await dataSource?.destroy();
  });

  const note = (text: string) => (manager: EntityManager) =>
    manager.query('INSERT INTO notes (text) VALUES ($1) RETURNING text', [text]).then(() => text);

  const transactionsOf = async (): Promise<Array<{ texts: string[] }>> =>
    dataSource.query('SELECT array_agg(text ORDER BY text) AS texts FROM notes GROUP BY tx ORDER BY min(text)');

  describe('GroupCommit', () => {
    it('commits the units submitted together in one transaction, each caller getting its own result', async () => {
      const group = new GroupCommit(transactions);
      const results = await Promise.all(['a', 'b', 'c', 'd'].map((text) => group.run(note(text))));
      expect(results).toEqual(['a', 'b', 'c', 'd']);
      expect(await transactionsOf()).toEqual([{ texts: ['a', 'b', 'c', 'd'] }]);
    });

    it('a failing unit fails alone: the others of its group commit, each in a transaction of its own', async () => {
      const group = new GroupCommit(transactions);
      const outcomes = await Promise.allSettled([
        group.run(note('a')),
        group.run(async (manager) => {
          await note('b')(manager);
          throw new Error('unit b refused');
        }),
        // a unit that breaks the transaction itself (a duplicate key) fails alone too
        group.run(note('a')),
        group.run(note('c')),
      ]);
      expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'fulfilled']);
      expect((outcomes[1] as PromiseRejectedResult).reason).toEqual(new Error('unit b refused'));
      expect(String((outcomes[2] as PromiseRejectedResult).reason)).toMatch(/duplicate key/);
      // nothing of the failed group stayed: "b" is gone, "a" and "c" committed alone
      expect(await transactionsOf()).toEqual([{ texts: ['a'] }, { texts: ['c'] }]);
    });

    it('runs each unit in its caller async context, where `run` joins the group transaction', async () => {
      const group = new GroupCommit(transactions);
      const caller = new AsyncLocalStorage<string>();
      await Promise.all(
        ['x', 'y'].map((name) =>
          caller.run(name, () =>
            group.run(async () => {
              // no manager handed down: the unit finds the transaction as code deeper in a call would
              await transactions.run((manager) =>
                manager.query('INSERT INTO notes (text, caller) VALUES ($1, $2)', [name, caller.getStore()]),
              );
            }),
          ),
        ),
      );
      expect(await dataSource.query('SELECT text, caller FROM notes ORDER BY text')).toEqual([
        { text: 'x', caller: 'x' },
        { text: 'y', caller: 'y' },
      ]);
      expect(await transactionsOf()).toEqual([{ texts: ['x', 'y'] }]);
    });

    it('runs after-commit callbacks once the group committed, never for a group that rolled back', async () => {
      const group = new GroupCommit(transactions);
      const seen: string[][] = [];
      const withCallback = (text: string, fail = false) =>
        group.run(async (manager) => {
          await note(text)(manager);
          transactions.afterCommit(() => {
            void dataSource
              .query<Array<{ text: string }>>('SELECT text FROM notes ORDER BY text')
              .then((rows) => seen.push([text, ...rows.map((row) => row.text)]));
          });
          if (fail) throw new Error(`unit ${text} refused`);
        });
      await Promise.all([withCallback('a'), withCallback('b')]);
      await expect(Promise.all([withCallback('c'), withCallback('d', true)])).rejects.toThrow('unit d refused');
      // a later unit's callback: once it has run, one for d would have too
      await withCallback('e');
      await expectEventually(() => expect(seen.map((entry) => entry[0])).toContain('e'));
      // a and b once after their common commit; c once after committing alone; d never
      expect(seen.map((entry) => entry[0]).sort()).toEqual(['a', 'b', 'c', 'e']);
      expect(seen.find((entry) => entry[0] === 'a')?.slice(1)).toEqual(expect.arrayContaining(['a', 'b']));
    });

    it('joins a transaction already open around the call instead of queueing', async () => {
      const group = new GroupCommit(transactions);
      await expect(
        transactions.run(async () => {
          await group.run(note('inner'));
          throw new Error('outer rolled back');
        }),
      ).rejects.toThrow('outer rolled back');
      expect(await dataSource.query('SELECT text FROM notes')).toEqual([]);
    });

    it('keeps at most `maxUnits` in a transaction and the units in order', async () => {
      const group = new GroupCommit(transactions, { maxUnits: 2, concurrency: 1 });
      await Promise.all(['a', 'b', 'c', 'd', 'e'].map((text) => group.run(note(text))));
      expect(await transactionsOf()).toEqual([{ texts: ['a', 'b'] }, { texts: ['c', 'd'] }, { texts: ['e'] }]);
    });
  });
});
