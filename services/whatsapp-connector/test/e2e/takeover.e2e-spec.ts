/**
 * Lease renewal and takeover with the production timings (15 s TTL, 5 s heartbeat), two connector processes on
 * the real PostgreSQL and Kafka: a claim that waits on a locked row never holds up the process's own renewals,
 * and the sessions of a frozen process (SIGSTOP, possibly in the middle of a fenced transaction) run on the other
 * one once their leases lapse, both ways, never on two processes at once. How long a takeover takes is measured by
 * bench/connector-takeover.mjs, not here.
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
import { connectedCount, leaseHistory, sessionsPerProcess } from '../support/connector-fleet.js';
import { HEADERS } from '../support/kafka-probe.js';

const SESSIONS = 8;
const ENTRY = 'services/whatsapp-connector/src/main.ts';

interface Process {
  readonly id: string;
  readonly url: string;
  readonly child: ChildHandle;
}

let db: pg.Client;
let companyId: number;
const processes = new Map<string, Process>();
const ids: number[] = [];

async function startProcess(id: string): Promise<Process> {
  const port = await freePort();
  const child = spawnTs(
    ENTRY,
    serviceTestEnv({
      CONNECTOR_PORT: String(port),
      CONNECTOR_INSTANCE_ID: id,
      SIMULATOR_ENABLED: 'true',
      SIMULATOR_AUTO_SCAN_MS: '0',
      MEDIA_DIR: `/tmp/wa-takeover-${id}`,
      DATABASE_POOL_SIZE: '6',
    }),
    `connector-${id}`,
  );
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(`${url}/health/ready`, { child, timeoutMs: 60_000 });
  const process = { id, url, child };
  processes.set(id, process);
  return process;
}

const post = async (url: string, path: string, body: unknown): Promise<Response> =>
  fetch(`${url}${path}`, {
    method: 'POST',
    headers: { ...HEADERS(companyId), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

const leases = async (): Promise<Map<number, { owner: string; epoch: number; renewedAt: Date; expiresAt: Date }>> => {
  const { rows } = await db.query<{
    connection_id: number;
    owner: string;
    epoch: string;
    renewed_at: Date;
    expires_at: Date;
  }>(
    `SELECT connection_id, owner, epoch, renewed_at, expires_at FROM session_leases
      WHERE connection_id = ANY($1::int[]) AND expires_at > now()`,
    [ids],
  );
  return new Map(
    rows.map((row) => [
      row.connection_id,
      { owner: row.owner, epoch: Number(row.epoch), renewedAt: row.renewed_at, expiresAt: row.expires_at },
    ]),
  );
};

/** Sessions started by `owner` after `since` (the simulator logs every start under the lease fence). */
const startedBy = async (owner: string, since: Date): Promise<Set<number>> => {
  const { rows } = await db.query<{ connection_id: number }>(
    `SELECT DISTINCT connection_id FROM simulator_log
      WHERE connection_id = ANY($1::int[]) AND owner = $2 AND event = 'start' AND at >= $3`,
    [ids, owner, since],
  );
  return new Set(rows.map((row) => row.connection_id));
};

/**
 * Once the two share the sessions, freezes `frozen` and waits until `survivor` runs all of them (every lease held,
 * and those the frozen process ran started again there), then thaws it. Each of the frozen process's sessions was taken over by `survivor` at the
 * next epoch, only once the lease the frozen process last renewed had lapsed (its history says `lapsed`).
 */
async function takeover(frozen: string, survivor: string): Promise<void> {
  const victim = processes.get(frozen)!;
  // the sessions shared (no hand-over under way) and running: what the frozen process holds is then its own
  await expectEventually(
    async () => {
      const { wanted, perOwner } = await sessionsPerProcess(db);
      const share = Math.ceil(wanted / 2);
      const counts = [frozen, survivor].map((id) => perOwner.get(id) ?? 0);
      expect({ fair: counts.every((count) => count > 0 && count <= share), held: counts[0]! + counts[1]! }).toEqual({
        fair: true,
        held: wanted,
      });
      expect(await connectedCount(db, ids)).toBe(SESSIONS);
    },
    { timeoutMs: 60_000, intervalMs: 200 },
  );
  const { rows } = await db.query<{ now: Date }>('SELECT now()');
  const since = rows[0]!.now;
  victim.child.process.kill('SIGSTOP');
  // what it committed before the freeze (a transaction it left open is rolled back, never committed)
  const orphaned = [...(await leases()).entries()].filter(([, lease]) => lease.owner === frozen);
  expect(orphaned.length).toBeGreaterThan(0);
  // a hang guard: how soon it happens is the benchmark's
  await expectEventually(
    async () => {
      const now = await leases();
      expect([...now.values()].filter((lease) => lease.owner === survivor)).toHaveLength(SESSIONS);
      const started = await startedBy(survivor, since);
      expect(orphaned.filter(([id]) => !started.has(id))).toEqual([]);
    },
    { timeoutMs: 60_000, intervalMs: 200 },
  );
  const history = await leaseHistory(
    db,
    orphaned.map(([id]) => id),
  );
  const takenOver = orphaned.map(([id, lease]) => {
    const previous = history.find((row) => row.connectionId === id && row.epoch === lease.epoch);
    const next = history.find((row) => row.connectionId === id && row.epoch > lease.epoch);
    return {
      id,
      reason: previous?.reason,
      owner: next?.owner,
      epoch: next?.epoch,
      afterLapse: next !== undefined && next.acquiredAt.getTime() >= lease.expiresAt.getTime(),
    };
  });
  expect(takenOver).toEqual(
    orphaned.map(([id, lease]) => ({
      id,
      reason: 'lapsed',
      owner: survivor,
      epoch: lease.epoch + 1,
      afterLapse: true,
    })),
  );
  victim.child.process.kill('SIGCONT');
  // the thawed process finds its leases lost and stops its sessions without touching them again
  await expectEventually(
    async () => {
      const response = await fetch(`${victim.url}/health/ready`);
      expect(response.status).toBe(200);
    },
    { timeoutMs: 30_000 },
  );
}

beforeAll(async () => {
  const dataSource = createWhatsappDataSource({ DATABASE_URL: testRun().databaseUrl });
  await runMigrations(dataSource);
  await dataSource.destroy();
  db = new pg.Client({ connectionString: testRun().databaseUrl, options: '-c search_path=whatsapp' });
  await db.connect();
  companyId = await nextCompanyId();
  // the sessions earlier files of this worker left wanted are theirs, finished: t2 joining must be handed this file's
  await db.query('UPDATE connections SET session_wanted = false WHERE session_wanted');
}, 120_000);

afterAll(async () => {
  for (const process of processes.values()) {
    process.child.process.kill('SIGCONT');
    await process.child.kill('SIGTERM');
  }
  await db?.end();
});

it('renews its own leases while a claim waits on a locked row, and takes 8 frozen sessions over once they lapse', async () => {
  const first = await startProcess('t1');
  for (let index = 0; index < SESSIONS; index += 1) {
    const response = await post(first.url, '/whatsapp', { name: `Takeover ${index}`, provider: 'simulator' });
    expect(response.status).toBe(200);
    ids.push(((await response.json()) as { id: number }).id);
  }
  await db.query(
    `INSERT INTO simulator_devices (connection_id, company_id, linked, number)
     SELECT id, company_id, true, '55118' || lpad(id::text, 8, '0') FROM connections WHERE id = ANY($1::int[])
     ON CONFLICT (connection_id) DO UPDATE SET linked = true, number = EXCLUDED.number`,
    [ids],
  );
  for (const id of ids) expect((await post(first.url, `/whatsappsession/${id}`, {})).status).toBe(201);
  await expectEventually(async () => expect((await leases()).size).toBe(SESSIONS), { timeoutMs: 30_000 });

  // a wanted connection whose lapsed lease row stays locked (a stuck transaction): the only process's claims of it
  // must give up after their lock timeout, and its renewals go on meanwhile
  const stuck = await post(first.url, '/whatsapp', { name: 'Takeover locked', provider: 'simulator' });
  const stuckId = ((await stuck.json()) as { id: number }).id;
  await db.query('UPDATE connections SET session_wanted = false WHERE id = $1', [stuckId]);
  await expectEventually(
    async () => {
      const { rows } = await db.query('SELECT 1 FROM session_leases WHERE connection_id = $1 AND expires_at > now()', [
        stuckId,
      ]);
      expect(rows).toHaveLength(0);
    },
    { timeoutMs: 20_000 },
  );
  const blocker = new pg.Client({ connectionString: testRun().databaseUrl, options: '-c search_path=whatsapp' });
  await blocker.connect();
  try {
    await blocker.query('BEGIN');
    await blocker.query(
      `INSERT INTO session_leases (connection_id, company_id, owner, epoch, renewed_at, expires_at)
       VALUES ($1, $2, 'ghost', 100, now(), now())
       ON CONFLICT (connection_id) DO UPDATE SET owner = 'ghost', epoch = 100, expires_at = now()`,
      [stuckId, companyId],
    );
    await db.query('UPDATE connections SET session_wanted = true WHERE id = $1', [stuckId]);
    const before = await leases();
    const {
      rows: [latest],
    } = await db.query<{ at: Date }>(
      'SELECT max(expires_at) AS at FROM session_leases WHERE connection_id = ANY($1::int[])',
      [[...before.keys()]],
    );
    // past a TTL: without renewals on their own timer the leases would have lapsed and been taken over, so each
    // is renewed after the moment it would have lapsed
    const after = await expectEventually(
      async () => {
        const now = await leases();
        expect(now.size).toBe(SESSIONS);
        for (const id of before.keys()) expect(now.get(id)?.renewedAt.getTime()).toBeGreaterThan(latest!.at.getTime());
        return now;
      },
      { timeoutMs: 60_000 },
    );
    for (const [id, lease] of before) {
      expect(after.get(id)?.epoch).toBe(lease.epoch);
      expect(after.get(id)?.renewedAt.getTime()).toBeGreaterThan(lease.renewedAt.getTime());
    }
  } finally {
    await blocker.query('ROLLBACK').catch(() => undefined);
    await blocker.end();
  }
  // the lock gone, the connection is claimed at a later pass
  await expectEventually(
    async () => {
      const { rows } = await db.query<{ owner: string }>(
        'SELECT owner FROM session_leases WHERE connection_id = $1 AND expires_at > now()',
        [stuckId],
      );
      expect(rows[0]?.owner).toBe('t1');
    },
    { timeoutMs: 20_000 },
  );
  await startProcess('t2');
  // t2 joins: t1 hands it its share
  await expectEventually(
    async () => {
      const owners = new Set([...(await leases()).values()].map((lease) => lease.owner));
      expect(owners).toEqual(new Set(['t1', 't2']));
    },
    { timeoutMs: 30_000, intervalMs: 200 },
  );

  // t1 freezes: t2 runs every session; once t1 has its share back, t2 freezes in turn
  await takeover('t1', 't2');
  // thawed, t1 has lost its leases; it is then given its share back, which it runs when t2 freezes
  await takeover('t2', 't1');

  // never two owners: each connection's fenced activity never goes back to an older epoch, one epoch one process
  const { rows: activity } = await db.query<{ connection_id: number; epoch: string; owner: string }>(
    `SELECT connection_id, epoch, owner FROM simulator_log
      WHERE connection_id = ANY($1::int[]) AND event <> 'stop' ORDER BY connection_id, at`,
    [ids],
  );
  const violations: string[] = [];
  const last = new Map<number, number>();
  const epochOwner = new Map<string, string>();
  for (const row of activity) {
    const epoch = Number(row.epoch);
    if (epoch < (last.get(row.connection_id) ?? 0)) violations.push(`connection ${row.connection_id} went back`);
    last.set(row.connection_id, Math.max(epoch, last.get(row.connection_id) ?? 0));
    const key = `${row.connection_id}:${epoch}`;
    if (epochOwner.has(key) && epochOwner.get(key) !== row.owner) violations.push(`epoch ${key} on two processes`);
    epochOwner.set(key, row.owner);
  }
  expect(violations).toEqual([]);
}, 300_000);
