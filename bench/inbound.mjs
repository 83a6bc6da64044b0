// Benchmark 1: inbound latency and throughput. Simulated contacts send text messages through the simulator's
// dev API at a fixed rate (default 50, 100, 300, 1,000 msg/s, 60 s each) while agent sockets are connected
// (an admin and the agent, each with two sockets on the notification and open/pending lists). Measures, per
// rate, the latency from the simulator send (just before `POST /simulator/connections/{id}/messages`) to the
// `company-{id}-appMessage` create event on the admin's first socket (p50, p95, p99, max), the achieved send
// and delivery rates, and messages lost (never delivered within the drain time) or duplicated (delivered twice
// on one socket). The path: simulator → connector → Kafka → tickets (ticket, message) → Kafka → gateway → socket.
// Stops escalating once a rate cannot be delivered (delivery under half the rate).
// `--history S` first fills the company with a history (bench/generate.mjs at scale S: 1 = 1M tickets, 5M messages),
// so the tables the inbound path updates are production-sized; each step reports the tables' dead rows and
// autovacuum rounds (PostgreSQL's cumulative statistics).
//   node --import ./deploy/scripts/register-ts.mjs bench/inbound.mjs [--rates 50,100,300,1000,1500] [--duration 60] [--contacts 500] [--history 0]
import { performance } from 'node:perf_hooks';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { channel } from '@cs/proto/realtime';
import { generate } from './generate.mjs';
import { call, logIn } from './lib/client.mjs';
import { option, printTable, sleep, summarize, writeResult } from './lib/report.mjs';
import { peakRssDuring, stackCpuMs } from './lib/rss.mjs';
import {
  agentSockets,
  allowConnections,
  createSimulatorConnection,
  defaultConnection,
  listConnections,
  openLoop,
  openLoopBatched,
  poster,
} from './lib/simulator.mjs';
import { hasConnector, startStack } from './lib/stack.mjs';

const rates = option('rates', [50, 100, 300, 1_000, 1_500]).filter((rate) => rate > 0); // --rates 0: none (a burst only)
const durationS = option('duration', 60);
const contactCount = option('contacts', 500);
const connectionCount = option('connections', 10);
const drainMs = option('drain', 30) * 1000;
// after the rates: this many messages sent as fast as the connector takes them (at most 64 in flight), to measure
// the CPU each component spends per delivered message (0: no burst; `make bench` runs 5,000)
const burst = option('burst', 5_000);
// how long the burst waits for the rates' messages still on their way before it starts (s)
const backlogWaitMs = option('backlog-wait', 300) * 1000;
// the simulated phone network hands the connector what arrived every this many ms, one request per connection
// (`POST /simulator/connections/{id}/messages/batch`); 0: one request per message (the load tool then costs the
// gateway and the connector an HTTP request per message). Latency counts from each message's due time.
const batchMs = option('batch-ms', 25);
// a company history generated before the stack starts (0: none, the tables hold only what the run writes)
const history = option('history', 0);
const now = () => performance.timeOrigin + performance.now();

if (!hasConnector()) {
  console.error(
    'inbound: the whatsapp-connector is not among the deployables (deploy/scripts/deployables.mjs); not run',
  );
  process.exit(2);
}
console.log(
  `inbound: rates ${rates.join(', ')} msg/s, ${durationS} s each, ${contactCount} contacts over ${connectionCount} connections`,
);
let generated = null;
const stack = await startStack({
  name: 'inbound',
  prepare:
    history > 0 ? async (databaseUrl) => (generated = await generate(databaseUrl, { scale: history })) : undefined,
});
let sockets = [];
try {
  const base = stack.gatewayUrl;
  const admin = await logIn(base, 'admin@demo.local', 'demo12345');
  const agent = await logIn(base, 'agente@demo.local', 'demo12345');
  const companyId = admin.user.companyId;
  // the contacts write to several numbers of the company (a company at 1,000 msg/s has more than one): the
  // seeded connection and more simulator connections with the same queues, created and scanned here
  const seeded = await defaultConnection(base, admin.token);
  const connectionIds = [seeded.id];
  if (connectionCount > 1) {
    await allowConnections(base, companyId, connectionCount + 5);
    for (let i = 1; i < connectionCount; i += 1) {
      connectionIds.push(
        await createSimulatorConnection(base, admin.token, `Bench ${i}`, {
          queueIds: seeded.queues?.map((q) => q.id) ?? [],
        }),
      );
    }
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      const connected = (await listConnections(base, admin.token)).filter(
        (c) => connectionIds.includes(c.id) && c.status === 'CONNECTED',
      );
      if (connected.length === connectionIds.length) break;
      await sleep(500);
    }
  }
  sockets = await agentSockets(base, [admin.token, admin.token, agent.token, agent.token]);
  const run = randomBytes(3).toString('hex');
  const pattern = new RegExp(`^bench ${run} (\\d+)$`);
  const sentAt = new Map();
  const ticketOf = new Map(); // contact index → ticket id
  const receivedAt = new Map(); // admin's first socket
  const deliveries = sockets.map(() => new Map()); // per socket: seq → times delivered
  // a socket the gateway dropped (socket.io's ping timeout when a process is starved of CPU) receives nothing more:
  // said, with when and why, instead of counted as messages lost
  const disconnects = [];
  sockets.forEach((socket, index) => {
    socket.on('disconnect', (reason) => {
      if (reason === 'io client disconnect') return; // this tool's own close at the end
      disconnects.push({ socket: index, at: new Date().toISOString(), reason });
      console.log(`  socket ${index} disconnected (${reason}): what it misses is not delivery measured`);
    });
    socket.on(channel.appMessage(companyId), (payload) => {
      const at = now();
      if (payload?.action !== 'create' || payload.message?.fromMe) return;
      const match = pattern.exec(payload.message?.body ?? '');
      if (!match) return;
      const seq = Number(match[1]);
      if (index === 0 && payload.ticket?.id) ticketOf.set(seq % contactCount, payload.ticket.id);
      deliveries[index].set(seq, (deliveries[index].get(seq) ?? 0) + 1);
      if (index === 0 && !receivedAt.has(seq)) receivedAt.set(seq, at);
    });
  });
  const { post, close } = poster(base, admin.token, { maxSockets: 256 });
  const number = (k) => `55119${String(70_000_000 + k).padStart(8, '0')}`;
  const accepted = new Set();
  const messageOf = (seq) => {
    const k = seq % contactCount;
    return { from: { number: number(k), name: `Cliente ${k}` }, kind: 'text', body: `bench ${run} ${seq}` };
  };
  const connectionOf = (seq) => connectionIds[(seq % contactCount) % connectionIds.length];
  /** Posts, and once more when a keep-alive connection the server closed while idle fails at once (the tool's artefact). */
  const postAgain = async (path, body) => {
    const result = await post(path, body);
    return result.status === 'error' ? post(path, body) : result;
  };
  const send = async (seq) => {
    sentAt.set(seq, now());
    const result = await postAgain(`/simulator/connections/${connectionOf(seq)}/messages`, messageOf(seq));
    if (result.status === 202) accepted.add(seq);
    return result;
  };
  /**
   * Messages to any of the connections in one request, what the simulated phone network hands the company's
   * connections at one moment (they were due at the times `sentAt` holds; at most 1,000 a request).
   */
  const sendBatch = async (seqs) => {
    let failed;
    let result;
    for (let from = 0; from < seqs.length; from += 1_000) {
      const part = seqs.slice(from, from + 1_000);
      result = await postAgain('/simulator/messages/batch', {
        messages: part.map((seq) => ({ connectionId: connectionOf(seq), ...messageOf(seq) })),
      });
      if (result.status === 202) for (const seq of part) accepted.add(seq);
      else failed ??= result;
    }
    // the caller counts every message under the status returned: a refused part is not hidden by a later success
    return failed ?? result;
  };
  /** Sends `total` messages from `first` at `rate` (in batches unless --batch-ms 0). */
  const load = (rate, total, first) =>
    batchMs > 0
      ? openLoopBatched({
          rate,
          total,
          tickMs: batchMs,
          groupOf: () => 'network',
          sendBatch: (indices) => sendBatch(indices.map((i) => first + i)),
          due: (i, at) => sentAt.set(first + i, at),
        })
      : openLoop({ rate, total, send: (i) => send(first + i) });
  // warm-up: every contact's first message opens its ticket (not measured)
  console.log(`  warm-up: one message from each of ${contactCount} contacts`);
  let seq = 0;
  await openLoop({ rate: 50, total: contactCount, send: (i) => send(seq + i) });
  seq += contactCount;
  const warmDeadline = Date.now() + 120_000;
  while (receivedAt.size < contactCount && Date.now() < warmDeadline) await sleep(200);
  // the admin accepts every ticket: the measured messages are conversations in progress (not the queue menu,
  // which answers each message of a contact who has not chosen a queue yet)
  for (const ticketId of new Set(ticketOf.values())) {
    await call(base, 'PUT', `/tickets/${ticketId}`, {
      token: admin.token,
      body: { status: 'open', userId: admin.user.id },
    });
  }
  console.log(`  ${ticketOf.size} tickets accepted by the admin`);
  await sleep(2_000);

  /** CPU time used so far (ms) by each deployable, PostgreSQL's backends for this run, the broker and this process. */
  const cpuNow = () => {
    const own = process.cpuUsage();
    return { ...stackCpuMs(stack), bench: (own.user + own.system) / 1000 };
  };
  const stats = new pg.Client({ connectionString: stack.databaseUrl });
  await stats.connect();
  /**
   * PostgreSQL's cumulative statistics so far, after a wait (each backend flushes them within a second):
   * - `commits`: transactions committed in this run's database (every service's schema), the shape of the path,
   *   steadier than CPU time on a shared machine;
   * - `wal`: WAL written by the whole server (`pg_stat_wal`: every database; the machine has no other) and the
   *   full-page images among its records (a page's first change after a checkpoint);
   * - `tables`: per table of every schema, live and dead rows, autovacuum rounds, updates and HOT updates.
   */
  const statsNow = async () => {
    await sleep(1_500);
    const [commits, wal, tables] = await Promise.all([
      stats.query('SELECT xact_commit::float8 AS commits FROM pg_stat_database WHERE datname = current_database()'),
      stats.query('SELECT wal_bytes::float8 AS bytes, wal_fpi::float8 AS fpi FROM pg_stat_wal'),
      stats.query(
        `SELECT schemaname || '.' || relname AS name, n_live_tup::float8 AS live, n_dead_tup::float8 AS dead,
                autovacuum_count::float8 AS autovacuums, n_tup_upd::float8 AS updates, n_tup_hot_upd::float8 AS hot
           FROM pg_stat_user_tables`,
      ),
    ]);
    return {
      commits: commits.rows[0]?.commits ?? 0,
      wal: wal.rows[0] ?? { bytes: 0, fpi: 0 },
      tables: new Map(tables.rows.map((row) => [row.name, row])),
    };
  };
  /**
   * What changed between two `statsNow` readings, for `messages` delivered: transactions committed; KB of WAL and
   * full-page images per message; the tables that gathered dead rows (1,000 or more at the end, or vacuumed in between),
   * with their rounds and HOT share in between.
   */
  const statsBetween = (before, after, messages) => {
    const per = (value) => (messages > 0 ? Math.round((value / messages) * 100) / 100 : null);
    const tables = [...after.tables.values()]
      .map((row) => {
        const was = before.tables.get(row.name) ?? { autovacuums: 0, updates: 0, hot: 0 };
        const updates = row.updates - was.updates;
        return {
          table: row.name,
          live: row.live,
          dead: row.dead,
          autovacuums: row.autovacuums - was.autovacuums,
          updates,
          hotPct: updates > 0 ? Math.round(((row.hot - was.hot) / updates) * 1000) / 10 : null,
        };
      })
      .filter((row) => row.dead >= 1_000 || row.autovacuums > 0)
      .sort((a, b) => b.dead - a.dead)
      .slice(0, 8);
    return {
      commits: after.commits - before.commits,
      walKbPerMessage: per((after.wal.bytes - before.wal.bytes) / 1024),
      fpiPerMessage: per(after.wal.fpi - before.wal.fpi),
      tables,
    };
  };
  const cpuSince = (before) => {
    const after = cpuNow();
    return Object.fromEntries(Object.keys(before).map((name) => [name, after[name] - before[name]]));
  };

  const rows = [];
  for (const rate of rates) {
    const first = seq;
    const total = Math.round(rate * durationS);
    // where the CPU goes: each deployable's CPU time during this rate (its share of the 2 cores)
    const statsBefore = await statsNow();
    const cpuBefore = cpuNow();
    const phaseStart = performance.now();
    const { result: sent, peak } = await peakRssDuring(stack, async () => {
      const loop = await load(rate, total, first);
      // drain: until everything arrived, or nothing new for 10 s, or the drain time is up
      const deadline = Date.now() + drainMs;
      let last = -1;
      let idleSince = Date.now();
      for (;;) {
        const arrived = [...receivedAt.keys()].filter((s) => s >= first && s < first + total).length;
        if (arrived >= total || Date.now() > deadline || Date.now() - idleSince > 10_000) break;
        if (arrived !== last) {
          last = arrived;
          idleSince = Date.now();
        }
        await sleep(200);
      }
      return loop;
    });
    seq += total;
    const phaseMs = performance.now() - phaseStart;
    const cpuShare = Object.fromEntries(
      Object.entries(cpuSince(cpuBefore)).map(([name, ms]) => [name, Math.round((ms / phaseMs) * 100) / 100]),
    );
    const statsAfter = await statsNow();
    const latencies = [];
    let lastReceipt = 0;
    for (let s = first; s < first + total; s += 1) {
      const at = receivedAt.get(s);
      if (at === undefined) continue;
      latencies.push(at - sentAt.get(s));
      lastReceipt = Math.max(lastReceipt, at);
    }
    const acceptedCount = [...Array(total).keys()].filter((i) => accepted.has(first + i)).length;
    const lost = acceptedCount - latencies.length;
    let duplicated = 0;
    for (const delivered of deliveries) {
      for (let s = first; s < first + total; s += 1) if ((delivered.get(s) ?? 0) > 1) duplicated += 1;
    }
    // the admin's second socket must have had every message too; the agent's sockets see only the tickets of
    // their queues (new tickets of a connection with a queue menu are queue-less until the contact chooses)
    const seen = (delivered) => [...Array(total).keys()].filter((i) => delivered.has(first + i)).length;
    const secondSocketMissing = latencies.length - seen(deliveries[1]);
    const agentSaw = deliveries.slice(2).map(seen).join('/');
    const deliveryRate = latencies.length
      ? Math.round((latencies.length / ((lastReceipt - sentAt.get(first)) / 1000)) * 10) / 10
      : 0;
    const s = summarize(latencies);
    const { commits, tables, ...wal } = statsBetween(statsBefore, statsAfter, latencies.length);
    rows.push({
      rate,
      sent: total,
      sendRate: sent.achievedRate,
      deliveryRate,
      p50: s.p50,
      p95: s.p95,
      p99: s.p99,
      max: s.max,
      lost,
      duplicated,
      accepted: acceptedCount,
      secondSocketMissing,
      agentSaw,
      rejected: Object.entries(sent.statuses)
        .filter(([st]) => st !== '202')
        .map(([st, n]) => `${st}:${n}`)
        .join(' '),
      peakRssMb: peak,
      cpuCores: cpuShare,
      commitsPerMessage: latencies.length ? Math.round((commits / latencies.length) * 100) / 100 : null,
      ...wal,
      tables,
    });
    console.log(`  ${rate} msg/s: delivered ${latencies.length}/${total}, p99 ${s.p99} ms, delivery ${deliveryRate}/s`);
    if (deliveryRate < rate / 2 || latencies.length < acceptedCount / 2) {
      console.log(`  ${rate} msg/s is not sustained (delivery ${deliveryRate}/s): higher rates not attempted`);
      break;
    }
    await sleep(3_000);
  }
  let burstResult = null;
  if (burst > 0) {
    // what the rates sent and is still on its way (a step that fell behind leaves a backlog) would take the burst's
    // place in the queues and its CPU would count as the burst's: the burst starts once it has arrived (at most
    // --backlog-wait s; what is left then is reported with the burst)
    const backlogOf = () => [...accepted].filter((s) => !receivedAt.has(s)).length;
    const backlogDeadline = Date.now() + backlogWaitMs;
    let backlog = backlogOf();
    if (backlog > 0) console.log(`  burst: waiting for the ${backlog} messages of the rates still on their way`);
    while (backlog > 0 && Date.now() < backlogDeadline) {
      await sleep(500);
      backlog = backlogOf();
    }
    // closed loop: the next request goes as soon as one is answered (64 single messages in flight, or 8 batches of
    // up to 50 messages of one connection); CPU counted until every accepted message reached the admin's socket (or
    // nothing arrived for 10 s)
    const first = seq;
    seq += burst;
    const statsBefore = await statsNow();
    const before = cpuNow();
    const start = performance.now();
    const requests = [];
    if (batchMs > 0) {
      const byConnection = new Map();
      for (let i = 0; i < burst; i += 1) {
        const connection = connectionOf(first + i);
        byConnection.set(connection, [...(byConnection.get(connection) ?? []), first + i]);
      }
      const chunks = [...byConnection.values()].map((seqs) =>
        Array.from({ length: Math.ceil(seqs.length / 50) }, (_, k) => seqs.slice(k * 50, k * 50 + 50)),
      );
      for (let k = 0; chunks.some((list) => k < list.length); k += 1) {
        for (const list of chunks) if (list[k]) requests.push(list[k]);
      }
    } else {
      for (let i = 0; i < burst; i += 1) requests.push([first + i]);
    }
    let next = 0;
    await Promise.all(
      Array.from({ length: batchMs > 0 ? 8 : 64 }, async () => {
        while (next < requests.length) {
          const seqs = requests[next];
          next += 1;
          if (batchMs > 0) {
            const at = now();
            for (const s of seqs) sentAt.set(s, at);
            await sendBatch(seqs);
          } else {
            await send(seqs[0]);
          }
        }
      }),
    );
    const sendSeconds = (performance.now() - start) / 1000;
    const inBurst = () => [...receivedAt.keys()].filter((s) => s >= first && s < first + burst).length;
    let last = -1;
    let idleSince = Date.now();
    for (;;) {
      const arrived = inBurst();
      if (arrived >= burst || Date.now() - idleSince > 10_000) break;
      if (arrived !== last) {
        last = arrived;
        idleSince = Date.now();
      }
      await sleep(100);
    }
    const delivered = inBurst();
    const lastAt = Math.max(...[...receivedAt].filter(([s]) => s >= first && s < first + burst).map(([, at]) => at));
    const seconds = (lastAt - sentAt.get(first)) / 1000;
    const used = cpuSince(before);
    const { commits, tables, ...wal } = statsBetween(statsBefore, await statsNow(), delivered);
    const perMessage = Object.fromEntries(
      Object.entries(used).map(([name, ms]) => [name, Math.round((ms / Math.max(1, delivered)) * 100) / 100]),
    );
    const total = Object.values(used).reduce((sum, ms) => sum + ms, 0);
    burstResult = {
      messages: burst,
      backlogAtStart: backlog,
      delivered,
      sendRate: Math.round((burst / sendSeconds) * 10) / 10,
      deliveryRate: Math.round((delivered / seconds) * 10) / 10,
      cpuMsPerMessage: { ...perMessage, total: Math.round((total / Math.max(1, delivered)) * 100) / 100 },
      commitsPerMessage: Math.round((commits / Math.max(1, delivered)) * 100) / 100,
      ...wal,
      tables,
    };
    console.log(
      `  burst of ${burst}: delivered ${delivered} at ${burstResult.deliveryRate}/s (sent at ${burstResult.sendRate}/s), ${burstResult.commitsPerMessage} commits and ${burstResult.walKbPerMessage} KB of WAL (${burstResult.fpiPerMessage} full-page images) per message${backlog > 0 ? `, started behind ${backlog} messages of the rates` : ''}`,
    );
  }
  close();
  await stats.end();
  const under1s = rows.filter((row) => row.lost === 0 && row.p99 !== null && row.p99 < 1_000).map((row) => row.rate);
  const table = rows.map(({ peakRssMb: _peak, cpuCores: _cpu, tables: _tables, ...row }) => row);
  printTable(
    'CPU used per deployable during each rate (cores; the machine has 2)',
    rows.map((row) => ({ rate: row.rate, ...row.cpuCores })),
  );
  printTable(`inbound: simulator send → company-${companyId}-appMessage on an agent socket (ms)`, table);
  printTable('tables with dead rows at the end of each step (dead ≥ 1,000 or vacuumed in it)', [
    ...rows.flatMap((row) => row.tables.map((t) => ({ step: `${row.rate}/s`, ...t }))),
    ...(burstResult?.tables ?? []).map((t) => ({ step: 'burst', ...t })),
  ]);
  if (burstResult) {
    printTable(
      `CPU ms per delivered message in a burst of ${burst} (${burstResult.deliveryRate} msg/s delivered; postgres: this run's backends)`,
      [burstResult.cpuMsPerMessage],
    );
  }
  const best = under1s.length ? Math.max(...under1s) : null;
  console.log(`\n  highest rate with p99 < 1 s and nothing lost: ${best ?? 'none'} msg/s`);
  writeResult('inbound', {
    params: {
      rates,
      durationS,
      contacts: contactCount,
      connections: connectionIds.length,
      drainMs,
      sockets: sockets.length,
      burst,
      history,
    },
    results: {
      generated: generated?.counts ?? null,
      rates: rows,
      highestRateP99Under1s: best,
      burst: burstResult,
      disconnects,
    },
  });
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  for (const socket of sockets) socket.close();
  await stack.stop();
}
