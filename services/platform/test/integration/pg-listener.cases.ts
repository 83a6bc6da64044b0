/**
 * `PgListener` on real PostgreSQL: a NOTIFY reaches the handler; when its connection is killed
 * (`pg_terminate_backend`) it connects again, listens again, calls `onReconnect` (notifications sent meanwhile are
 * lost: the caller sweeps), and notifications reach it again.
 */
import { randomBytes } from 'node:crypto';
import pino from 'pino';
import type { DataSource } from 'typeorm';
import { createServiceDataSource, PgListener } from '@cs/platform/database';
import { expectEventually, testRun } from '@cs/platform/testing';

describe('pg-listener', () => {
  const suffix = randomBytes(3).toString('hex');
  const channel = `probe_${suffix}`;
  const applicationName = `pg-listener-test-${suffix}`;
  let dataSource: DataSource;
  let listener: PgListener;
  const received: string[] = [];
  let reconnects = 0;

  beforeAll(async () => {
    dataSource = createServiceDataSource({
      url: testRun().databaseUrl,
      schema: 'public',
      entities: [],
      migrations: [],
    });
    await dataSource.initialize();
    listener = new PgListener({
      dataSource,
      channels: [channel],
      applicationName,
      logger: pino({ level: 'silent' }),
      onNotification: (from, payload) => received.push(`${from}:${payload}`),
      onReconnect: () => (reconnects += 1),
      reconnectDelayMs: 100,
    });
    await listener.start();
  });

  afterAll(async () => {
    await listener?.stop();
    await dataSource?.destroy();
  });

  const notify = (payload: string): Promise<unknown> =>
    dataSource.query('SELECT pg_notify($1, $2)', [channel, payload]);

  describe('PgListener', () => {
    it('hands every NOTIFY of its channels over, with its payload', async () => {
      await notify('7');
      await expectEventually(() => expect(received).toEqual([`${channel}:7`]), { timeoutMs: 2_000, intervalMs: 10 });
      expect(reconnects).toBe(0);
    });

    it('reconnects after its connection was killed, calls onReconnect, and receives again', async () => {
      const [killed] = await dataSource.query<Array<{ count: number }>>(
        `SELECT count(pg_terminate_backend(pid))::int AS count FROM pg_stat_activity WHERE application_name = $1`,
        [applicationName],
      );
      expect(killed?.count).toBe(1);
      await expectEventually(() => expect(reconnects).toBe(1), { timeoutMs: 5_000, intervalMs: 20 });
      expect(listener.client).toBeDefined();
      await notify('8');
      await expectEventually(() => expect(received).toContain(`${channel}:8`), { timeoutMs: 2_000, intervalMs: 10 });
    });

    it('closes its connection on stop', async () => {
      await listener.stop();
      await expectEventually(
        async () => {
          const rows = await dataSource.query<unknown[]>('SELECT 1 FROM pg_stat_activity WHERE application_name = $1', [
            applicationName,
          ]);
          expect(rows).toHaveLength(0);
        },
        { timeoutMs: 2_000 },
      );
    });
  });
});
