/**
 * The multi-process test of the issue, on the real Kafka and PostgreSQL: three connector processes own 30
 * simulator sessions; one is killed with SIGKILL while contacts keep sending (simulator API) and agents keep
 * replying (send commands on Kafka). Its sessions then run on the other two; no session ever ran on two
 * processes at once (the simulator's connection log, sends and deliveries, each written under the lease fence,
 * never go back to an older epoch; the lease history hands over only after release or lapse); every inbound and
 * outbound message is delivered exactly once.
 */
import pg from 'pg';
import { runMigrations } from '@cs/platform/database';
import {
  type ChildHandle,
  expectEventually,
  freePort,
  nextCompanyId,
  serviceTestEnv,
  spawnTs,
  testRun,
  waitForHttp,
} from '@cs/platform/testing';
import { createWhatsappDataSource } from '../../src/database/data-source.js';
import { HEADERS, KafkaProbe } from '../support/kafka-probe.js';

const SESSIONS = 30;
const ENTRY = 'services/whatsapp-connector/src/main.ts';

interface Process {
  readonly id: string;
  readonly url: string;
  readonly child: ChildHandle;
}

let db: pg.Client;
let probe: KafkaProbe;
const processes: Process[] = [];
let companyId: number;

async function startProcess(id: string): Promise<Process> {
  const port = await freePort();
  const child = spawnTs(
    ENTRY,
    serviceTestEnv({
      CONNECTOR_PORT: String(port),
      CONNECTOR_INSTANCE_ID: id,
      CONNECTOR_MAX_SESSIONS: '20',
      // leases short enough that a killed process's sessions move within seconds, long enough that a survivor starved
      // of CPU for a few seconds keeps its own instead of churning them
      CONNECTOR_LEASE_TTL_MS: '8000',
      CONNECTOR_HEARTBEAT_MS: '1000',
      SIMULATOR_ENABLED: 'true',
      SIMULATOR_AUTO_SCAN_MS: '0',
      MEDIA_DIR: `/tmp/wa-failover-${id}`,
      DATABASE_POOL_SIZE: '6',
    }),
    `connector-${id}`,
  );
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(`${url}/health/ready`, { child, timeoutMs: 60_000 });
  return { id, url, child };
}

const post = async (url: string, path: string, body: unknown): Promise<Response> =>
  fetch(`${url}${path}`, {
    method: 'POST',
    headers: { ...HEADERS(companyId), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

const owners = async (): Promise<Map<number, string>> => {
  const { rows } = await db.query<{ connection_id: number; owner: string }>(
    `SELECT l.connection_id, l.owner FROM session_leases l JOIN connections c ON c.id = l.connection_id
      WHERE c.company_id = $1 AND l.expires_at > now()`,
    [companyId],
  );
  return new Map(rows.map((row) => [row.connection_id, row.owner]));
};

const connectedCount = async (): Promise<number> => {
  const { rows } = await db.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM connections WHERE company_id = $1 AND status = 'CONNECTED'`,
    [companyId],
  );
  return rows[0]?.count ?? 0;
};

beforeAll(async () => {
  const dataSource = createWhatsappDataSource({ DATABASE_URL: testRun().databaseUrl });
  await runMigrations(dataSource);
  await dataSource.destroy();
  db = new pg.Client({ connectionString: testRun().databaseUrl, options: '-c search_path=whatsapp' });
  await db.connect();
  probe = new KafkaProbe();
  await probe.start();
  companyId = await nextCompanyId();
  processes.push(...(await Promise.all(['p1', 'p2', 'p3'].map((id) => startProcess(id)))));
}, 120_000);

afterAll(async () => {
  for (const process of processes) await process.child.kill('SIGTERM');
  await probe?.stop();
  await db?.end();
});

it('moves the sessions of a killed process to the others, never running one twice, losing and doubling nothing', async () => {
  // 30 simulated connections (their sessions start at once, showing a QR); their phones are then linked and the
  // sessions restarted, so they come up CONNECTED without a QR
  const ids: number[] = [];
  for (let index = 0; index < SESSIONS; index += 1) {
    const response = await post(processes[index % 3]!.url, '/whatsapp', {
      name: `Failover ${index}`,
      provider: 'simulator',
    });
    expect(response.status).toBe(200);
    ids.push(((await response.json()) as { id: number }).id);
  }
  await db.query(
    `INSERT INTO simulator_devices (connection_id, company_id, linked, number)
     SELECT id, company_id, true, '55119' || lpad(id::text, 8, '0') FROM connections WHERE id = ANY($1::int[])
     ON CONFLICT (connection_id) DO UPDATE SET linked = true, number = EXCLUDED.number`,
    [ids],
  );
  for (const id of ids) expect((await post(processes[id % 3]!.url, `/whatsappsession/${id}`, {})).status).toBe(201);
  await expectEventually(async () => expect(await connectedCount()).toBe(SESSIONS), { timeoutMs: 30_000 });
  const before = await owners();
  expect(before.size).toBe(SESSIONS);
  const perOwner = (map: Map<number, string>, owner: string): number[] =>
    [...map.entries()].filter(([, who]) => who === owner).map(([id]) => id);
  for (const owner of ['p1', 'p2', 'p3']) expect(perOwner(before, owner).length).toBeGreaterThan(0);

  // traffic: contacts write (through the survivors' HTTP) and agents reply (commands on Kafka), all along
  const inbound: string[] = [];
  const outbound: Array<{ commandId: string; connectionId: number }> = [];
  let running = true;
  let round = 0;
  const traffic = (async () => {
    while (running) {
      round += 1;
      const connectionId = ids[round % SESSIONS]!;
      const number = `5521988${String(round).padStart(6, '0')}`;
      const url = processes[1 + (round % 2)]!.url;
      const response = await post(url, `/simulator/connections/${connectionId}/messages`, {
        from: { number, name: `Contato ${round}` },
        kind: 'text',
        body: `mensagem ${round}`,
      });
      if (response.status === 202) inbound.push(((await response.json()) as { messageId: string }).messageId);
      const commandId = await probe.send(companyId, connectionId, `${number}@s.whatsapp.net`, `resposta ${round}`);
      outbound.push({ commandId, connectionId });
      // the load's pace, not a wait for anything
      await new Promise((resolve) => setTimeout(resolve, 60));
    }
  })();

  await expectEventually(() => expect(inbound.length).toBeGreaterThan(20), { timeoutMs: 20_000 });
  const victim = processes[0]!;
  const orphaned = perOwner(before, victim.id);
  await victim.child.kill('SIGKILL');

  // every session of the killed process runs on another one, CONNECTED again (seconds after its lease lapses; the
  // bound is a guard against a hang, not a speed check: a busy machine stretches every session's start)
  await expectEventually(
    async () => {
      const now = await owners();
      for (const id of orphaned) expect(['p2', 'p3']).toContain(now.get(id));
      expect(now.size).toBe(SESSIONS);
      expect(await connectedCount()).toBe(SESSIONS);
    },
    { timeoutMs: 90_000, intervalMs: 200 },
  );
  // more traffic on the new owners, then stop
  const mark = inbound.length;
  await expectEventually(() => expect(inbound.length).toBeGreaterThan(mark + 20), { timeoutMs: 20_000 });
  running = false;
  await traffic;

  // every inbound message once on whatsapp.inbound-message.v1 (one event id per message id)
  await expectEventually(
    async () => {
      const events = new Map<string, Set<string>>();
      for (const entry of probe.events('whatsapp.inbound-message.v1')) {
        const messageId = String(entry.envelope.data['messageId']);
        const set = events.get(messageId) ?? new Set<string>();
        set.add(entry.envelope.id);
        events.set(messageId, set);
      }
      const missing = inbound.filter((id) => !events.has(id));
      if (missing.length > 0) {
        // what the database knows of them, to tell a message never delivered from an event never published
        const { rows } = await db.query(
          `SELECT i.message_id, i.connection_id, i.delivered_by, i.delivered_epoch, m.message_id IS NOT NULL AS deduped,
                  (SELECT count(*)::int FROM outbox o WHERE o.payload->'data'->>'messageId' = i.message_id) AS in_outbox,
                  (SELECT owner || '@' || epoch FROM session_leases l WHERE l.connection_id = i.connection_id) AS lease
             FROM simulator_inbox i LEFT JOIN inbound_messages m
               ON m.connection_id = i.connection_id AND m.message_id = i.message_id
            WHERE i.message_id = ANY($1::text[])`,
          [missing],
        );
        expect(rows).toEqual([]);
      }
      const doubled = inbound.filter((id) => (events.get(id)?.size ?? 0) > 1);
      expect(doubled).toEqual([]);
    },
    // commands on the killed consumer's partitions wait for Kafka's session timeout (30 s) before a rebalance
    { timeoutMs: 60_000, intervalMs: 500 },
  );
  // every reply sent once to the simulated phone, and reported once
  await expectEventually(
    async () => {
      const { rows } = await db.query<{ key: string; count: number }>(
        `SELECT idempotency_key AS key, count(*)::int AS count FROM simulator_sent
          WHERE company_id = $1 GROUP BY idempotency_key`,
        [companyId],
      );
      const sent = new Map(rows.map((row) => [row.key, row.count]));
      expect(outbound.filter(({ commandId }) => sent.get(`cmd-${commandId}`) !== 1)).toEqual([]);
      const reported = new Map<string, Set<string>>();
      for (const entry of probe.events('whatsapp.message-ack.v1', (e) => e.envelope.type === 'whatsapp.message.sent')) {
        const commandId = String(entry.envelope.data['commandId']);
        const set = reported.get(commandId) ?? new Set<string>();
        set.add(entry.envelope.id);
        reported.set(commandId, set);
      }
      expect(outbound.filter(({ commandId }) => reported.get(commandId)?.size !== 1)).toEqual([]);
    },
    { timeoutMs: 60_000, intervalMs: 500 },
  );
  expect(outbound.length).toBeGreaterThan(40);

  // no session ever ran on two processes at once: along time, each connection's activity (starts, sends,
  // deliveries, all written under the fence) never returns to an older epoch, and one epoch is one process
  const { rows: activity } = await db.query<{ connection_id: number; epoch: string; owner: string; what: string }>(
    `SELECT connection_id, epoch, owner, what FROM (
       SELECT connection_id, at, epoch, owner, 'log:' || event AS what FROM simulator_log WHERE event <> 'stop'
       UNION ALL SELECT connection_id, sent_at, sent_epoch, sent_by, 'sent' FROM simulator_sent
       UNION ALL SELECT connection_id, delivered_at, delivered_epoch, delivered_by, 'delivered'
                   FROM simulator_inbox WHERE delivered_at IS NOT NULL
     ) a WHERE connection_id = ANY($1::int[]) ORDER BY connection_id, at`,
    [ids],
  );
  const violations: string[] = [];
  const last = new Map<number, { epoch: number; owner: string }>();
  const epochOwner = new Map<string, string>();
  for (const row of activity) {
    const epoch = Number(row.epoch);
    const previous = last.get(row.connection_id);
    if (previous && epoch < previous.epoch) {
      violations.push(
        `connection ${row.connection_id}: ${row.what} by ${row.owner}@${epoch} after epoch ${previous.epoch}`,
      );
    }
    const key = `${row.connection_id}:${epoch}`;
    if (epochOwner.has(key) && epochOwner.get(key) !== row.owner) violations.push(`epoch ${key} on two processes`);
    epochOwner.set(key, row.owner);
    last.set(row.connection_id, { epoch: Math.max(epoch, previous?.epoch ?? 0), owner: row.owner });
  }
  expect(violations).toEqual([]);
  // the killed process's sessions were started again by a survivor under a newer epoch
  for (const id of orphaned) {
    const starts = activity.filter((row) => row.connection_id === id && row.what === 'log:start');
    expect(starts.map((row) => row.owner)).toEqual(expect.arrayContaining(['p1']));
    expect(['p2', 'p3']).toContain(starts.at(-1)?.owner);
  }
  // the lease history: a connection changes hands only once the previous lease was released or lapsed
  const { rows: history } = await db.query<{
    connection_id: number;
    owner: string;
    epoch: string;
    acquired_at: Date;
    released_at: Date | null;
  }>(
    `SELECT connection_id, owner, epoch, acquired_at, released_at FROM session_lease_history
      WHERE connection_id = ANY($1::int[]) ORDER BY connection_id, epoch`,
    [ids],
  );
  for (let index = 1; index < history.length; index += 1) {
    const previous = history[index - 1]!;
    const current = history[index]!;
    if (previous.connection_id !== current.connection_id) continue;
    expect(Number(current.epoch)).toBeGreaterThan(Number(previous.epoch));
    expect(previous.released_at).not.toBeNull();
    expect(previous.released_at!.getTime()).toBeLessThanOrEqual(current.acquired_at.getTime());
  }
  // p1's leases lapsed (it never released them) and were taken over
  expect(history.filter((row) => row.owner === 'p1' && orphaned.includes(row.connection_id)).length).toBeGreaterThan(0);
}, 180_000);
