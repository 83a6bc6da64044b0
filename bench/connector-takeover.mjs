// How soon a connector process's sessions run elsewhere when it goes away (not part of `make bench`): two connector
// processes (the simulator provider, the connector's production lease timings unless --ttl / --heartbeat say
// otherwise) share --sessions linked sessions; in turn one of them gets SIGTERM (it hands its sessions over),
// SIGKILL (they lapse) and SIGSTOP (they lapse while it is frozen), --runs times each, and is then started again (or
// thawed) until the sessions are shared again. Every time is on the database's clock, from the lease history and the
// simulator's log: from the signal until the last of the victim's sessions is claimed by the other process and until
// its socket is open there; for a lapse, from each lease's expiry to its claim; for a hand-over, from each release to
// its claim. Prints one row per fault and run, writes bench/results/connector-takeover.json.
// Only the connector runs: a fresh database on TEST_DATABASE_URL's server (dropped at the end), topics under a fresh
// prefix on KAFKA_BROKERS (default 127.0.0.1:19092; deleted at the end).
//   node --import ./deploy/scripts/register-ts.mjs bench/connector-takeover.mjs [--sessions 12] [--runs 2]
//     [--ttl 15] [--heartbeat 5] [--faults SIGTERM,SIGKILL,SIGSTOP]
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import pg from 'pg';
import { runMigrations } from '@cs/platform/database';
import {
  createDatabase,
  createTopics,
  DEFAULT_TEST_BROKERS,
  deleteTopics,
  dropDatabase,
  ensureKafka,
  freePort,
  pollUntil,
  spawnTs,
  TEST_INTERNAL_TOKEN,
  testServerUrl,
  waitForHttp,
} from '@cs/platform/testing';
import { createWhatsappDataSource } from '../services/whatsapp-connector/src/database/data-source.ts';
import { linkedConnections } from '../services/whatsapp-connector/test/support/connector-fleet.ts';
import { option, printTable, summarize, writeResult } from './lib/report.mjs';

const sessions = option('sessions', 12);
const runs = option('runs', 2);
const ttlMs = option('ttl', 15) * 1000;
const heartbeatMs = option('heartbeat', 5) * 1000;
const faults = option('faults', ['SIGTERM', 'SIGKILL', 'SIGSTOP']);
const COMPANY = 4_242_424;
const ENTRY = 'services/whatsapp-connector/src/main.ts';

const runId = randomBytes(4).toString('hex');
const mediaDir = `/tmp/wa-bench-takeover-${runId}`;
const database = `cs_bench_takeover_${runId}`;
const databaseUrl = await createDatabase(testServerUrl(), database);
const brokers = process.env.KAFKA_BROKERS ?? DEFAULT_TEST_BROKERS;
await ensureKafka(brokers);
const topicPrefix = `bench_takeover_${runId}.`;
await createTopics(brokers, topicPrefix, { maxPartitions: 1 });
const dataSource = createWhatsappDataSource({ DATABASE_URL: databaseUrl });
await runMigrations(dataSource);
await dataSource.destroy();
const db = new pg.Client({ connectionString: databaseUrl, options: '-c search_path=whatsapp' });
await db.connect();

/** @type {Map<string, { id: string, url: string, child: import('@cs/platform/testing').ChildHandle }>} */
const processes = new Map();
const retired = [];

async function start(id) {
  const port = await freePort();
  const child = spawnTs(
    ENTRY,
    {
      NODE_ENV: 'test',
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
      INTERNAL_TOKEN: TEST_INTERNAL_TOKEN,
      DATABASE_URL: databaseUrl,
      KAFKA_BROKERS: brokers,
      KAFKA_TOPIC_PREFIX: topicPrefix,
      PATH: process.env.PATH,
      CONNECTOR_PORT: String(port),
      CONNECTOR_INSTANCE_ID: id,
      CONNECTOR_LEASE_TTL_MS: String(ttlMs),
      CONNECTOR_HEARTBEAT_MS: String(heartbeatMs),
      SIMULATOR_ENABLED: 'true',
      SIMULATOR_AUTO_SCAN_MS: '0',
      MEDIA_DIR: `${mediaDir}/${id}`,
      DATABASE_POOL_SIZE: '8',
    },
    `connector-${id}`,
  );
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(`${url}/health/ready`, { child, timeoutMs: 90_000 });
  const previous = processes.get(id);
  if (previous) retired.push(previous);
  processes.set(id, { id, url, child });
}

/** Polls `check` every 100 ms until it answers something (gives up after two minutes). */
const until = (what, check) => pollUntil(check, { what, timeoutMs: 120_000, intervalMs: 100 });

const liveLeases = async (ids) =>
  (
    await db.query(
      `SELECT connection_id, owner, epoch::int AS epoch, expires_at FROM session_leases
        WHERE connection_id = ANY($1::int[]) AND expires_at > now()`,
      [ids],
    )
  ).rows;

/** Every session runs, shared by both processes (neither over half). */
const shared = async (ids) => {
  const leases = await liveLeases(ids);
  const counts = new Map();
  for (const lease of leases) counts.set(lease.owner, (counts.get(lease.owner) ?? 0) + 1);
  const { rows } = await db.query(
    `SELECT count(*)::int AS connected FROM connections WHERE id = ANY($1::int[]) AND status = 'CONNECTED'`,
    [ids],
  );
  return (
    leases.length === ids.length &&
    rows[0].connected === ids.length &&
    [...counts.values()].every((count) => count <= Math.ceil(ids.length / 2)) &&
    counts.size === 2
  );
};

const round1 = (ms) => (ms === null || ms === undefined ? null : Math.round(ms / 100) / 10);

/**
 * Sends `signal` to `victim` and answers, on the database clock: until the last of its sessions was claimed by
 * `survivor`, until that session's socket was open there, and per session the delay from release or lapse to claim.
 */
async function fault(signal, victim, survivor, ids) {
  const before = (await liveLeases(ids)).filter((lease) => lease.owner === victim);
  const { rows: clock } = await db.query('SELECT clock_timestamp() AS at');
  const signalledAt = clock[0].at.getTime();
  processes.get(victim).child.process.kill(signal);
  const victimIds = before.map((lease) => lease.connection_id);
  const claims = await until(`${survivor} to claim ${victim}'s sessions`, async () => {
    const { rows } = await db.query(
      `SELECT h.connection_id, h.acquired_at, prev.released_at, prev.release_reason,
              (SELECT min(at) FROM simulator_log s WHERE s.connection_id = h.connection_id AND s.epoch = h.epoch
                 AND s.event = 'start') AS started_at
         FROM session_lease_history h
         JOIN unnest($1::int[], $2::bigint[]) AS v(connection_id, epoch)
           ON v.connection_id = h.connection_id AND h.epoch = v.epoch + 1
         JOIN session_lease_history prev ON prev.connection_id = h.connection_id AND prev.epoch = v.epoch
        WHERE h.owner = $3`,
      [victimIds, before.map((lease) => lease.epoch), survivor],
    );
    return rows.length === victimIds.length && rows.every((row) => row.started_at) ? rows : null;
  });
  const expiry = new Map(before.map((lease) => [lease.connection_id, lease.expires_at.getTime()]));
  const gaps = claims.map((row) =>
    signal === 'SIGTERM'
      ? row.acquired_at.getTime() - row.released_at.getTime()
      : row.acquired_at.getTime() - expiry.get(row.connection_id),
  );
  const gap = summarize(gaps);
  return {
    sessions: victimIds.length,
    reasons: [...new Set(claims.map((row) => row.release_reason))].join(','),
    claimedS: round1(Math.max(...claims.map((row) => row.acquired_at.getTime())) - signalledAt),
    runningS: round1(Math.max(...claims.map((row) => row.started_at.getTime())) - signalledAt),
    gapP50Ms: gap.p50,
    gapMaxMs: gap.max,
  };
}

let exitCode = 0;
const rows = [];
try {
  console.log(
    `connector takeover: ${sessions} sessions on 2 processes, lease TTL ${ttlMs / 1000} s, heartbeat ${heartbeatMs / 1000} s`,
  );
  await start('a');
  const ids = await linkedConnections(db, {
    companyId: COMPANY,
    url: processes.get('a').url,
    count: sessions,
    name: 'Takeover',
  });
  await start('b');
  await until('the sessions to be shared', () => shared(ids));

  for (let run = 1; run <= runs; run += 1) {
    for (const signal of faults) {
      // the victim alternates, so a process that was just restarted is the survivor next time
      const victim = rows.length % 2 === 0 ? 'a' : 'b';
      const survivor = victim === 'a' ? 'b' : 'a';
      const result = await fault(signal, victim, survivor, ids);
      rows.push({ fault: signal, run, victim, ...result });
      console.log(`  ${signal} ${victim} (run ${run}): claimed ${result.claimedS} s, running ${result.runningS} s`);
      if (signal === 'SIGSTOP') processes.get(victim).child.process.kill('SIGCONT');
      else {
        await processes.get(victim).child.exited;
        await start(victim);
      }
      await until('the sessions to be shared again', () => shared(ids));
    }
  }
  printTable(
    `Takeover of one process's sessions by the other (seconds from the signal, database clock; gap: from the ` +
      `release (SIGTERM) or the lease's expiry (SIGKILL, SIGSTOP) to the claim, ms)`,
    rows.map((row) => ({
      fault: row.fault,
      run: row.run,
      sessions: row.sessions,
      'released as': row.reasons,
      'claimed (s)': row.claimedS,
      'running (s)': row.runningS,
      'gap p50 (ms)': row.gapP50Ms,
      'gap max (ms)': row.gapMaxMs,
    })),
  );
  writeResult('connector-takeover', {
    params: { sessions, runs, ttlMs, heartbeatMs, faults },
    results: rows,
    notes: ['times on the database clock; claimed/running from the signal to the last session'],
  });
} catch (error) {
  console.error(error);
  for (const connector of processes.values()) {
    console.error(`--- ${connector.id}\n${connector.child.output().slice(-4000)}`);
  }
  exitCode = 1;
} finally {
  for (const connector of [...retired, ...processes.values()]) {
    connector.child.process.kill('SIGCONT');
    await connector.child.kill('SIGTERM');
  }
  await db.end();
  await deleteTopics(brokers, topicPrefix).catch(() => undefined);
  await dropDatabase(testServerUrl(), database).catch(() => undefined);
  rmSync(mediaDir, { recursive: true, force: true });
}
process.exit(exitCode);
