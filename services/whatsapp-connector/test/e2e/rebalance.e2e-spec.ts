/**
 * Connector processes share the sessions (issue 50), on the real Kafka and PostgreSQL, under traffic (contacts
 * writing through the simulator, agents replying with send commands on Kafka):
 * - one process runs every session; a second joins, then a third: within a minute of each joining, no process holds
 *   more than its fair share (wanted sessions ÷ live processes, rounded up), by orderly hand-over;
 * - one of them gets SIGTERM: it hands its sessions over (released for the shutdown), and the others claim them after
 *   the release and before the leases it held could have lapsed (how soon is measured by
 *   bench/connector-takeover.mjs);
 * - never two owners of a session (epochs, the simulator's sockets, the lease history), every message in and out
 *   delivered exactly once.
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
  leaseHistory,
  linkedConnections,
  liveLeases,
  postAs,
  sessionsPerProcess,
  twoOwnerViolations,
} from '../support/connector-fleet.js';
import { KafkaProbe } from '../support/kafka-probe.js';

const SESSIONS = 12;
const LEASE_TTL_MS = 30_000;
/**
 * A heartbeat of a third of the TTL: a lease handed over on SIGTERM has at least 20 s left to run, so a claim made
 * before it would have lapsed is told apart from one that waited for it to lapse even on a busy machine.
 */
const HEARTBEAT_MS = 10_000;

const fleet = new ConnectorFleet('rebalance', {
  CONNECTOR_LEASE_TTL_MS: String(LEASE_TTL_MS),
  CONNECTOR_HEARTBEAT_MS: String(HEARTBEAT_MS),
});
let db: pg.Client;
let probe: KafkaProbe;
let companyId: number;
/** The traffic loop runs while this holds (cleared when the test ends, however it ends). */
let running = true;
let traffic: Promise<void> = Promise.resolve();

beforeAll(async () => {
  const dataSource = createWhatsappDataSource({ DATABASE_URL: testRun().databaseUrl });
  await runMigrations(dataSource);
  await dataSource.destroy();
  db = await connectorDb();
  probe = new KafkaProbe();
  await probe.start();
  companyId = await nextCompanyId();
  // the sessions earlier files of this worker left wanted are theirs, finished: the shares below count this file's
  await db.query('UPDATE connections SET session_wanted = false WHERE session_wanted');
}, 120_000);

afterAll(async () => {
  running = false;
  await traffic.catch(() => undefined);
  await fleet.stopAll();
  await probe?.stop();
  await db?.end();
});

/** Every process holds at most its fair share of everything wanted, and every wanted session is held. */
async function expectFairShares(processes: readonly string[]): Promise<void> {
  const { wanted, perOwner } = await sessionsPerProcess(db);
  const share = Math.ceil(wanted / processes.length);
  const over = processes.filter((id) => (perOwner.get(id) ?? 0) > share);
  expect({ share, over }).toEqual({ share, over: [] });
  const held = processes.reduce((sum, id) => sum + (perOwner.get(id) ?? 0), 0);
  expect(held).toBe(wanted);
}

it('spreads the sessions over processes that join, hands them over on SIGTERM, loses and doubles nothing', async () => {
  const first = await fleet.start('r1');
  const ids = await linkedConnections(db, { companyId, url: first.url, count: SESSIONS, name: 'Rebalance' });
  await expectEventually(async () => expect(await connectedCount(db, ids)).toBe(SESSIONS), { timeoutMs: 60_000 });
  expect([...(await liveLeases(db, ids)).values()].every((lease) => lease.owner === 'r1')).toBe(true);

  // traffic all along: contacts write (HTTP of a serving process), agents reply (commands on Kafka)
  const serving: ConnectorProcess[] = [first];
  const inbound: string[] = [];
  const outbound: string[] = [];
  let round = 0;
  traffic = (async () => {
    while (running) {
      round += 1;
      const connectionId = ids[round % SESSIONS]!;
      const number = `5521977${String(round).padStart(6, '0')}`;
      const url = serving[round % serving.length]!.url;
      // a request cut by a process stopping is not counted (the test checks what was accepted)
      const response = await postAs(companyId, url, `/simulator/connections/${connectionId}/messages`, {
        from: { number, name: `Contato ${round}` },
        kind: 'text',
        body: `mensagem ${round}`,
      }).catch(() => null);
      if (response?.status === 202) inbound.push(((await response.json()) as { messageId: string }).messageId);
      outbound.push(await probe.send(companyId, connectionId, `${number}@s.whatsapp.net`, `resposta ${round}`));
      // the load's pace (about 10 messages and 10 replies a second), not a wait for anything
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  const moreTraffic = async (): Promise<void> => {
    const mark = inbound.length;
    await expectEventually(() => expect(inbound.length).toBeGreaterThan(mark + 15), { timeoutMs: 60_000 });
  };
  await moreTraffic();

  // a second process joins: within a minute neither holds more than half
  serving.push(await fleet.start('r2'));
  await expectEventually(() => expectFairShares(['r1', 'r2']), { timeoutMs: 60_000, intervalMs: 250 });
  await moreTraffic();

  // a third joins: within a minute none holds more than a third
  serving.push(await fleet.start('r3'));
  await expectEventually(() => expectFairShares(['r1', 'r2', 'r3']), { timeoutMs: 60_000, intervalMs: 250 });
  await expectEventually(async () => expect(await connectedCount(db, ids)).toBe(SESSIONS), { timeoutMs: 30_000 });
  const spread = await liveLeases(db, ids);
  expect(new Set([...spread.values()].map((lease) => lease.owner))).toEqual(new Set(['r1', 'r2', 'r3']));
  await moreTraffic();

  // SIGTERM to one: it releases its sessions for the shutdown, the others claim them before they could have lapsed
  const leaving = 'r2';
  serving.splice(
    serving.findIndex((process) => process.id === leaving),
    1,
  );
  // the expiry of each lease as it stands now (renewals only push it later)
  const leased = new Map([...(await liveLeases(db, ids))].filter(([, lease]) => lease.owner === leaving));
  const handedOver = [...leased.keys()];
  expect(handedOver.length).toBeGreaterThan(0);
  const exited = fleet.processes.get(leaving)!.child.kill('SIGTERM');
  // a hang guard: how soon they are claimed is the benchmark's
  await expectEventually(
    async () => {
      const now = await liveLeases(db, ids);
      for (const id of handedOver) expect({ id, owner: now.get(id)?.owner }).not.toEqual({ id, owner: leaving });
      for (const id of handedOver) expect(now.has(id)).toBe(true);
    },
    { timeoutMs: LEASE_TTL_MS * 2, intervalMs: 100 },
  );
  expect(await exited).toBe(0);
  fleet.processes.delete(leaving);
  // handed over, not lapsed: released for the shutdown, claimed by another process after the release and before
  // the lease it released could have lapsed
  const history = await leaseHistory(db, handedOver);
  const claims = handedOver.map((id) => {
    const released = history.filter((row) => row.connectionId === id && row.owner === leaving).at(-1);
    const next = history.find((row) => row.connectionId === id && row.epoch > (released?.epoch ?? Infinity));
    return {
      id,
      reason: released?.reason,
      byAnother: next !== undefined && next.owner !== leaving,
      afterRelease: next !== undefined && next.acquiredAt.getTime() >= (released?.releasedAt?.getTime() ?? Infinity),
      beforeLapse: next !== undefined && next.acquiredAt.getTime() < leased.get(id)!.expiresAt.getTime(),
    };
  });
  expect(claims).toEqual(
    handedOver.map((id) => ({ id, reason: 'shutdown', byAnother: true, afterRelease: true, beforeLapse: true })),
  );
  const remaining = ['r1', 'r2', 'r3'].filter((id) => id !== leaving);
  await expectEventually(() => expectFairShares(remaining), { timeoutMs: 60_000, intervalMs: 250 });
  await expectEventually(async () => expect(await connectedCount(db, ids)).toBe(SESSIONS), { timeoutMs: 30_000 });
  await moreTraffic();
  running = false;
  await traffic;

  // every inbound message once on whatsapp.inbound-message.v1 (one event per message id)
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
    // commands and events of a consumer that left wait for Kafka's group rebalance
    { timeoutMs: 90_000, intervalMs: 500 },
  );
  // every reply sent once to the simulated phone, and reported sent once
  await expectEventually(
    async () => {
      const { rows } = await db.query<{ key: string; count: number }>(
        `SELECT idempotency_key AS key, count(*)::int AS count FROM simulator_sent
          WHERE company_id = $1 GROUP BY idempotency_key`,
        [companyId],
      );
      const sent = new Map(rows.map((row) => [row.key, row.count]));
      expect(outbound.filter((commandId) => sent.get(`cmd-${commandId}`) !== 1)).toEqual([]);
      const reported = new Map<string, Set<string>>();
      for (const entry of probe.events('whatsapp.message-ack.v1', (e) => e.envelope.type === 'whatsapp.message.sent')) {
        const commandId = String(entry.envelope.data['commandId']);
        reported.set(commandId, (reported.get(commandId) ?? new Set<string>()).add(entry.envelope.id));
      }
      expect(outbound.filter((commandId) => reported.get(commandId)?.size !== 1)).toEqual([]);
    },
    { timeoutMs: 90_000, intervalMs: 500 },
  );
  expect(inbound.length).toBeGreaterThan(60);

  // sessions moved by orderly hand-over when processes joined, never run by two processes at once
  const all = await leaseHistory(db, ids);
  expect(all.filter((row) => row.reason === 'rebalance').length).toBeGreaterThanOrEqual(
    SESSIONS - Math.ceil(SESSIONS / 2),
  );
  expect(all.filter((row) => row.reason === 'lapsed')).toEqual([]);
  expect(await twoOwnerViolations(db, ids)).toEqual([]);
}, 420_000);
