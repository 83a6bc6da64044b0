/**
 * Takeover after a process dies without a word (SIGKILL), issue 51, on the real PostgreSQL and Kafka, three
 * connector processes under inbound traffic:
 * - a killed process's sessions are claimed by the processes that are left once their leases lapse, never before,
 *   each at the next epoch (how soon after the lapse: bench/connector-takeover.mjs);
 * - a process restarted under the same instance identity (a pod's name) takes its predecessor's leases back at
 *   once, before they could lapse;
 * - a second process started under a live process's identity (a misconfiguration) makes the older one give way:
 *   it stops its sessions, the newer one runs them;
 * - never two owners; every message that contacts sent is delivered exactly once.
 * The heartbeat is long (20 s), as in bench/connector-takeover.mjs, where claims made as a lease lapses are told
 * apart from claims made at a heartbeat.
 */
import { expectEventually, nextCompanyId, testRun } from '@cs/platform/testing';
import { runMigrations } from '@cs/platform/database';
import type pg from 'pg';
import { createWhatsappDataSource } from '../../src/database/data-source.js';
import {
  ConnectorFleet,
  type ConnectorProcess,
  connectedCount,
  connectorDb,
  type Lease,
  leaseHistory,
  linkedConnections,
  liveLeases,
  postAs,
  twoOwnerViolations,
} from '../support/connector-fleet.js';
import { KafkaProbe } from '../support/kafka-probe.js';

const SESSIONS = 12;
const LEASE_TTL_MS = 40_000;
const HEARTBEAT_MS = 20_000;

const fleet = new ConnectorFleet('takeover', {
  CONNECTOR_LEASE_TTL_MS: String(LEASE_TTL_MS),
  CONNECTOR_HEARTBEAT_MS: String(HEARTBEAT_MS),
});
let db: pg.Client;
let probe: KafkaProbe;
let companyId: number;
/** The traffic loop runs while this holds (cleared when the test ends, however it ends). */
let running = true;
let traffic: Promise<void> = Promise.resolve();
let ids: number[] = [];

beforeAll(async () => {
  const dataSource = createWhatsappDataSource({ DATABASE_URL: testRun().databaseUrl });
  await runMigrations(dataSource);
  await dataSource.destroy();
  db = await connectorDb();
  probe = new KafkaProbe();
  await probe.start();
  companyId = await nextCompanyId();
  // the sessions earlier files of this worker left wanted are theirs, finished: this file counts its own
  await db.query('UPDATE connections SET session_wanted = false WHERE session_wanted');
}, 120_000);

afterAll(async () => {
  running = false;
  await traffic.catch(() => undefined);
  await fleet.stopAll();
  await probe?.stop();
  await db?.end();
});

const ownedBy = (leases: Map<number, Lease>, owner: string): number[] =>
  [...leases.entries()].filter(([, lease]) => lease.owner === owner).map(([id]) => id);

const lastRenewal = async (owner: string): Promise<number> => {
  const { rows } = await db.query<{ at: Date | null }>(
    'SELECT max(renewed_at) AS at FROM session_leases WHERE owner = $1 AND connection_id = ANY($2::int[])',
    [owner, ids],
  );
  return rows[0]?.at?.getTime() ?? 0;
};

/**
 * Kills `owner` with SIGKILL right after it renewed its leases (they then lapse a whole TTL later); answers its
 * sessions and when each of their leases lapses (database clock).
 */
async function kill(owner: ConnectorProcess): Promise<Map<number, Lease>> {
  const before = await lastRenewal(owner.id);
  await expectEventually(async () => expect(await lastRenewal(owner.id)).toBeGreaterThan(before), {
    timeoutMs: HEARTBEAT_MS * 3,
    intervalMs: 50,
  });
  await owner.child.kill('SIGKILL');
  fleet.processes.delete(owner.id);
  // nothing renews them any more: their expiry is fixed from now on
  const leases = await liveLeases(db, ids);
  return new Map([...leases].filter(([, lease]) => lease.owner === owner.id));
}

it('claims a killed process sessions as their leases lapse, and gives a restarted one its own back at once', async () => {
  const started = await Promise.all(['k1', 'k2', 'k3'].map((id) => fleet.start(id)));
  ids = await linkedConnections(db, { companyId, url: started[0]!.url, count: SESSIONS, name: 'Takeover' });
  await expectEventually(
    async () => {
      expect(await connectedCount(db, ids)).toBe(SESSIONS);
      const leases = await liveLeases(db, ids);
      for (const id of ['k1', 'k2', 'k3']) expect(ownedBy(leases, id).length).toBe(SESSIONS / 3);
    },
    { timeoutMs: 90_000, intervalMs: 250 },
  );

  // contacts keep writing, through whichever process serves
  const serving = [...started];
  const inbound: string[] = [];
  let round = 0;
  traffic = (async () => {
    while (running) {
      round += 1;
      const process = serving[round % serving.length]!;
      const response = await postAs(
        companyId,
        process.url,
        `/simulator/connections/${ids[round % SESSIONS]!}/messages`,
        {
          from: { number: `5531966${String(round).padStart(6, '0')}` },
          kind: 'text',
          body: `mensagem ${round}`,
        },
      ).catch(() => null);
      if (response?.status === 202) inbound.push(((await response.json()) as { messageId: string }).messageId);
      // the load's pace, not a wait for anything
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();

  // k1 dies: k2 and k3 share its sessions
  serving.splice(0, 1);
  const orphaned = await kill(started[0]!);
  expect(orphaned.size).toBe(SESSIONS / 3);
  // a hang guard: how soon after the lapse they are claimed is the benchmark's
  await expectEventually(
    async () => {
      const now = await liveLeases(db, ids);
      for (const id of orphaned.keys())
        expect({ id, owner: now.get(id)?.owner ?? null }).not.toEqual({ id, owner: null });
      for (const id of orphaned.keys()) expect(now.get(id)?.owner).not.toBe('k1');
    },
    { timeoutMs: LEASE_TTL_MS * 3, intervalMs: 100 },
  );
  // each one once its lease lapsed (never before), at the next epoch, by one of the processes left
  const history = await leaseHistory(db, [...orphaned.keys()]);
  const claims = [...orphaned].map(([id, lease]) => {
    const previous = history.find((row) => row.connectionId === id && row.epoch === lease.epoch);
    const next = history.find((row) => row.connectionId === id && row.epoch > lease.epoch);
    return {
      id,
      reason: previous?.reason,
      epoch: next?.epoch,
      afterLapse: next !== undefined && next.acquiredAt.getTime() >= lease.expiresAt.getTime(),
      survivor: next?.owner === 'k2' || next?.owner === 'k3',
    };
  });
  expect(claims).toEqual(
    [...orphaned].map(([id, lease]) => ({
      id,
      reason: 'lapsed',
      epoch: lease.epoch + 1,
      afterLapse: true,
      survivor: true,
    })),
  );
  await expectEventually(async () => expect(await connectedCount(db, ids)).toBe(SESSIONS), { timeoutMs: 30_000 });

  // k2 dies and comes back under the same identity: it takes its sessions back before their leases lapse
  const k2 = fleet.processes.get('k2')!;
  serving.splice(
    serving.findIndex((process) => process.id === 'k2'),
    1,
  );
  const own = await kill(k2);
  expect(own.size).toBeGreaterThan(0);
  serving.push(await fleet.start('k2'));
  await expectEventually(
    async () => {
      const now = await liveLeases(db, ids);
      for (const [id, lease] of own)
        expect({ id, owner: now.get(id)?.owner, newer: (now.get(id)?.epoch ?? 0) > lease.epoch }).toEqual({
          id,
          owner: 'k2',
          newer: true,
        });
    },
    { timeoutMs: LEASE_TTL_MS, intervalMs: 100 },
  );
  const reclaimed = await leaseHistory(db, [...own.keys()]);
  for (const [id, lease] of own) {
    const previous = reclaimed.find((row) => row.connectionId === id && row.epoch === lease.epoch)!;
    const next = reclaimed.find((row) => row.connectionId === id && row.epoch > lease.epoch)!;
    expect({ id, owner: next.owner, reason: previous.reason }).toEqual({ id, owner: 'k2', reason: 'reclaimed' });
    // taken back while the predecessor's lease was still live
    expect(next.acquiredAt.getTime()).toBeLessThan(lease.expiresAt.getTime());
  }
  await expectEventually(async () => expect(await connectedCount(db, ids)).toBe(SESSIONS), { timeoutMs: 30_000 });

  // a second k3 while k3 runs: the older one finds itself superseded and stops its sessions, the newer one runs them
  const older = fleet.processes.get('k3')!;
  const before = new Map([...(await liveLeases(db, ids))].filter(([, lease]) => lease.owner === 'k3'));
  expect(before.size).toBeGreaterThan(0);
  serving.push(await fleet.start('k3'));
  await expectEventually(
    async () => {
      expect(older.child.output()).toContain('another process started under this CONNECTOR_INSTANCE_ID');
      const now = await liveLeases(db, ids);
      for (const [id, lease] of before) {
        expect({ id, owner: now.get(id)?.owner, newer: (now.get(id)?.epoch ?? 0) > lease.epoch }).toEqual({
          id,
          owner: 'k3',
          newer: true,
        });
      }
      // the older process closed each of its sockets
      const { rows } = await db.query<{ connection_id: number; epoch: string }>(
        `SELECT connection_id, epoch FROM simulator_log WHERE event = 'stop' AND connection_id = ANY($1::int[])`,
        [[...before.keys()]],
      );
      const stopped = new Set(rows.map((row) => `${row.connection_id}:${Number(row.epoch)}`));
      expect([...before].filter(([id, lease]) => !stopped.has(`${id}:${lease.epoch}`))).toEqual([]);
    },
    { timeoutMs: 30_000, intervalMs: 200 },
  );
  await expectEventually(async () => expect(await connectedCount(db, ids)).toBe(SESSIONS), { timeoutMs: 30_000 });
  const mark = inbound.length;
  await expectEventually(() => expect(inbound.length).toBeGreaterThan(mark + 20), { timeoutMs: 60_000 });
  running = false;
  await traffic;

  // every message contacts sent delivered once, whoever ran its session
  await expectEventually(
    () => {
      const events = new Map<string, Set<string>>();
      for (const entry of probe.events('whatsapp.inbound-message.v1')) {
        const messageId = String(entry.envelope.data['messageId']);
        events.set(messageId, (events.get(messageId) ?? new Set<string>()).add(entry.envelope.id));
      }
      expect(inbound.filter((id) => !events.has(id))).toEqual([]);
      expect(inbound.filter((id) => (events.get(id)?.size ?? 0) > 1)).toEqual([]);
    },
    { timeoutMs: 90_000, intervalMs: 500 },
  );
  expect(await twoOwnerViolations(db, ids)).toEqual([]);
}, 480_000);
