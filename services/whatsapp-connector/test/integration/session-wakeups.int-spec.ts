/**
 * Wake-ups instead of fast polls, on real PostgreSQL and Kafka: with both fallback polls at an hour (longer than the
 * test may run), a simulated contact's message is delivered and a send command is carried out at all only because
 * the inserting transaction's NOTIFY woke the owner through its one listening connection; after that connection is
 * killed (`pg_terminate_backend`) the process listens again, sweeps what it may have missed, and still delivers both
 * ways. How long the wake-ups took is reported with `WAKEUP_LATENCY_REPORT=1`.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { runMigrations } from '@cs/platform/database';
import { type RunningApp, startServiceApp } from '@cs/platform/bootstrap';
import { expectEventually, nextCompanyId, serviceTestEnv, testRun } from '@cs/platform/testing';
import { whatsappConnectorService } from '../../src/app.js';
import { createWhatsappDataSource } from '../../src/database/data-source.js';
import { HEADERS, KafkaProbe } from '../support/kafka-probe.js';

/** Both fallback polls: never within the test, so whatever arrives came from a wake-up. */
const FALLBACK_MS = 60 * 60_000;
/** How long a test waits for a delivery before it fails (well within the test's own timeout). */
const WAIT_MS = 60_000;
const LISTENER = 'whatsapp-session-wakeups';

let app: RunningApp<typeof whatsappConnectorService.envSchema>;
let probe: KafkaProbe;
let db: pg.Client;
let companyId: number;
let connectionId: number;
let numberSeq = Math.floor(Math.random() * 1_000_000);
const contactNumber = (): string => `55218${String((numberSeq += 1)).padStart(8, '3')}`;
/** Per direction, how long each message took (database clock), reported with `WAKEUP_LATENCY_REPORT=1`. */
const latencies = { inbound: [] as number[], outbound: [] as number[] };

const call = (method: string, path: string, body?: unknown): Promise<Response> =>
  fetch(`${app.url}${path}`, {
    method,
    headers: { ...HEADERS(companyId), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

const statusIs = (status: string): Promise<void> =>
  expectEventually(
    async () => {
      const connection = (await (await call('GET', `/whatsapp/${connectionId}`)).json()) as { status: string };
      expect(connection.status).toBe(status);
    },
    { timeoutMs: 20_000 },
  );

/** A contact writes; resolves with how long the owner took to deliver it, by the database's clock. */
async function inboundDelivered(): Promise<number> {
  const response = await call('POST', `/simulator/connections/${connectionId}/messages`, {
    from: { number: contactNumber() },
    kind: 'text',
    body: 'Oi, chegou?',
  });
  expect(response.status).toBe(202);
  const { messageId } = (await response.json()) as { messageId: string };
  const ms = await expectEventually(
    async () => {
      const { rows } = await db.query<{ ms: number | null }>(
        `SELECT (extract(epoch FROM delivered_at - created_at) * 1000)::float8 AS ms FROM simulator_inbox
          WHERE message_id = $1`,
        [messageId],
      );
      expect(rows[0]?.ms).not.toBeNull();
      return rows[0]?.ms ?? 0;
    },
    { timeoutMs: WAIT_MS, intervalMs: 20 },
  );
  await probe.next('whatsapp.inbound-message.v1', (entry) => entry.envelope.data['messageId'] === messageId);
  latencies.inbound.push(ms);
  return ms;
}

/** A send command comes from Kafka; resolves with how long the owner took to carry it out once recorded. */
async function commandCarriedOut(): Promise<number> {
  const number = contactNumber();
  const commandId = await probe.send(companyId, connectionId, `${number}@s.whatsapp.net`, 'Olá!');
  const ms = await expectEventually(
    async () => {
      const { rows } = await db.query<{ ms: number | null }>(
        `SELECT (extract(epoch FROM s.sent_at - c.created_at) * 1000)::float8 AS ms
           FROM session_commands c JOIN simulator_sent s ON s.idempotency_key = 'cmd-' || c.command_id
          WHERE c.command_id = $1`,
        [commandId],
      );
      expect(rows[0]?.ms).toBeDefined();
      return rows[0]?.ms ?? 0;
    },
    { timeoutMs: WAIT_MS, intervalMs: 20 },
  );
  latencies.outbound.push(ms);
  return ms;
}

const listenerPids = async (): Promise<number[]> =>
  (
    await db.query<{ pid: number }>(
      'SELECT pid FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()',
      [LISTENER],
    )
  ).rows.map((row) => row.pid);

beforeAll(async () => {
  const dataSource = createWhatsappDataSource({ DATABASE_URL: testRun().databaseUrl });
  await runMigrations(dataSource);
  await dataSource.destroy();
  db = new pg.Client({ connectionString: testRun().databaseUrl, options: '-c search_path=whatsapp' });
  await db.connect();
  probe = new KafkaProbe();
  await probe.start();
  app = await startServiceApp(
    whatsappConnectorService,
    serviceTestEnv({
      CONNECTOR_HEARTBEAT_MS: '200',
      CONNECTOR_LEASE_TTL_MS: '3000',
      CONNECTOR_COMMAND_POLL_MS: String(FALLBACK_MS),
      SIMULATOR_ENABLED: 'true',
      SIMULATOR_AUTO_SCAN_MS: '0',
      SIMULATOR_POLL_MS: String(FALLBACK_MS),
      MEDIA_DIR: `/tmp/wa-media-${randomUUID()}`,
    }),
    { port: 0 },
  );
  companyId = await nextCompanyId();
  const created = await call('POST', '/whatsapp', {
    provider: 'simulator',
    name: `Rápida ${randomUUID().slice(0, 6)}`,
  });
  connectionId = ((await created.json()) as { id: number }).id;
  await statusIs('qrcode');
  // the scan is a write to the simulated device: it wakes the session too (no fallback poll's wait)
  await call('POST', `/simulator/connections/${connectionId}/scan`, {});
  await statusIs('CONNECTED');
});

afterAll(async () => {
  await app?.close();
  await probe?.stop();
  await db?.end();
  if (process.env['WAKEUP_LATENCY_REPORT'] === '1') {
    const summary = (list: number[]): string => {
      const sorted = [...list].sort((a, b) => a - b);
      const at = (q: number): number =>
        Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0);
      return `n=${sorted.length} p50=${at(0.5)} ms max=${at(1)} ms`;
    };
    process.stdout.write(
      `wake-up latency: inbound ${summary(latencies.inbound)}; outbound ${summary(latencies.outbound)}\n`,
    );
  }
});

describe('session wake-ups (LISTEN/NOTIFY, no fallback poll within the test)', () => {
  it('uses one listening connection for the process, not one per session', async () => {
    expect(await listenerPids()).toHaveLength(1);
  });

  it("delivers a contact's messages without a poll", async () => {
    for (let i = 0; i < 10; i += 1) await inboundDelivered();
  });

  it('carries out send commands without a poll', async () => {
    for (let i = 0; i < 10; i += 1) await commandCarriedOut();
  });

  it('listens again after its connection is killed, and still delivers both ways', async () => {
    const [pid] = await listenerPids();
    await db.query('SELECT pg_terminate_backend($1)', [pid]);
    // written while the listener is down: its NOTIFY is lost, the sweep after the reconnect finds it
    const missed = inboundDelivered();
    await expectEventually(
      async () => {
        const pids = await listenerPids();
        expect(pids).toHaveLength(1);
        expect(pids[0]).not.toBe(pid);
      },
      { timeoutMs: 20_000, intervalMs: 50 },
    );
    await missed;
    for (let i = 0; i < 3; i += 1) {
      await inboundDelivered();
      await commandCarriedOut();
    }
  });
});
