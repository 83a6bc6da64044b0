/**
 * `TransactionHost` on real PostgreSQL: `run` joins the transaction already open around it (an event consumer's,
 * with its inbox row); work started with `TransactionHost.outside` from inside one (a timer that fires after it
 * ended) opens a transaction of its own instead of joining the released one.
 */
import { randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { TransactionHost } from '@cs/platform/database';
import { migratedProbeDataSource } from '../fixtures/probe-migrations.js';

describe('transaction-host', () => {
  const schema = `transaction_host_${randomBytes(3).toString('hex')}`;
  let dataSource: DataSource;
  let transactions: TransactionHost;

  beforeAll(async () => {
    dataSource = await migratedProbeDataSource(schema);
    await dataSource.query('CREATE TABLE notes (text text NOT NULL)');
    transactions = new TransactionHost(dataSource);
  });

  afterAll(async () => {
    await dataSource?.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await dataSource?.destroy();
  });

  const later = (arm: (fire: () => void) => void): Promise<unknown> =>
    new Promise((resolve) => {
      arm(() => {
        transactions
          .run((manager) => manager.query("INSERT INTO notes (text) VALUES ('later')"))
          .then(resolve, resolve);
      });
    });

  describe('TransactionHost', () => {
    it('joins the open transaction: a rollback undoes the inner work', async () => {
      await expect(
        transactions.run(async (manager) => {
          await manager.query("INSERT INTO notes (text) VALUES ('outer')");
          await transactions.run((inner) => inner.query("INSERT INTO notes (text) VALUES ('inner')"));
          throw new Error('roll back');
        }),
      ).rejects.toThrow('roll back');
      expect(await dataSource.query('SELECT text FROM notes')).toEqual([]);
    });

    it('a timer armed inside a transaction joins it even after it ended; armed outside it, it commits on its own', async () => {
      let joined!: Promise<unknown>;
      let own!: Promise<unknown>;
      // each timer fires once the transaction has ended, however long its commit takes (not after a fixed delay)
      let ended!: () => void;
      const transactionEnded = new Promise<void>((resolve) => (ended = resolve));
      const afterTheEnd = (fire: () => void) => setTimeout(() => void transactionEnded.then(fire), 0);
      await transactions.run(async () => {
        joined = later(afterTheEnd);
        own = later((fire) => TransactionHost.outside(() => afterTheEnd(fire)));
      });
      ended();
      // the first timer's `run` joined the released transaction and failed; the second wrote its row
      expect(await joined).toBeInstanceOf(Error);
      expect(await own).toEqual([]);
      expect(await dataSource.query('SELECT text FROM notes')).toEqual([{ text: 'later' }]);
    });
  });
});
