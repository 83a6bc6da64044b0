// The fault suite (`make chaos`; not part of `make test` nor `make bench`): the inbound load of bench/inbound.mjs
// (simulated contacts writing through the simulator's dev API, at a fixed rate, over several connections) runs
// against every deployable as its own process plus a second connector process, while in turn: each deployable is
// killed with SIGKILL (and started again, as an orchestrator would), the Kafka broker is restarted, the
// connector holding the most sessions is frozen (SIGSTOP, 40 s: the other connector must take its sessions over), and
// billing is killed while the payer's bank pays a burst of invoices (every notification fails; reconciliation must pay
// them all). Throughout, an agent's socket (opened as the web client opens it, its rooms joined again after every
// reconnect) must get every stored message or be told to resynchronise after it (`resync`, or a reconnect).
// Counting is done in the database, never from HTTP answers: "sent" is what reached the phone network (the
// simulator's inbox), "stored" what tickets stored (messages, by their unique body); lost = sent but never stored,
// duplicated = stored more than once. Two times per fault, from the end of the fault (process ready again, broker
// answering; for a kill of a connector or a freeze, the fault itself, since the takeover is the recovery):
// "resumed", until a message sent after that moment is stored (the flow works end to end again), and "recovery",
// until every message sent before that moment is stored (the backlog drained), judged against the CPU the stack got
// (a recovery fails only when the stack used --recovery-limit CPU-seconds without draining, or after five times the
// limit). Prints one row per fault, writes bench/results/chaos.json, and exits 1 on any loss, duplicate,
// message the socket missed without a resync, invoice left unpaid, or missing recovery.
// The broker it restarts is its OWN (KAFKA_PORT 19192 by default, data in .data/kafka-19192), never the shared
// one on 19092. PostgreSQL is TEST_DATABASE_URL's server (a fresh database, dropped at the end).
//   node --import ./deploy/scripts/register-ts.mjs bench/chaos.mjs [--rate 20] [--connections 6] [--kafka-port 19192]
//     [--invoices 8] [--faults tickets,broker] (only the faults whose name contains one of these)
import { execFileSync, spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import pg from 'pg';
import { io } from 'socket.io-client';
import { channel } from '@cs/proto/realtime';
import { freePort, isPortOpen, spawnTs, waitForHttp } from '@cs/platform/testing';
import { GATEWAY, SERVICES } from '../deploy/scripts/deployables.mjs';
import { startStack } from '../deploy/scripts/e2e-stack.mjs';
import { api, logIn } from './lib/client.mjs';
import { stackCpuMs } from './lib/rss.mjs';
import { option, printTable, RESULTS_DIR, sleep, writeResult } from './lib/report.mjs';
import {
  allowConnections,
  createSimulatorConnection,
  defaultConnection,
  listConnections,
  poster,
} from './lib/simulator.mjs';

const kafkaPort = option('kafka-port', 19192);
const rate = option('rate', 20);
const connectionCount = option('connections', 6);
const contactCount = option('contacts', 120);
const settleMs = option('settle', 15) * 1000;
const freezeMs = option('freeze', 40) * 1000;
const recoveryLimitMs = option('recovery-limit', 120) * 1000;
const invoiceCount = option('invoices', 8);
/** How long billing may take to pay every invoice of the burst once it is back (reconciliation runs every minute). */
const paymentLimitMs = option('payment-limit', 240) * 1000;

if (kafkaPort === 19092) {
  console.error('chaos: refusing to use 19092, the shared broker; it restarts its broker (--kafka-port)');
  process.exit(2);
}
const brokers = `127.0.0.1:${kafkaPort}`;
const kafka = (command) =>
  execFileSync('bash', ['deploy/kafka/kafka.sh', command], {
    env: { ...process.env, KAFKA_PORT: String(kafkaPort), KAFKA_START_TIMEOUT: '300' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });

const entryOf = (app) => app.replace(/^\.\.\/\.\.\//, '').replace(/app\.ts$/, 'main.ts');
const t = () => performance.now();

console.log(`chaos: ${rate} msg/s over ${connectionCount} connections, private Kafka broker on ${brokers}`);
kafka('start');
process.env.KAFKA_BROKERS = brokers;
const stack = await startStack({
  web: false,
  label: 'chaos',
  log: (line) => console.log(`  ${line}`),
  logLevel: process.env.CHAOS_LOG_LEVEL ?? 'error',
  readyTimeoutMs: 120_000,
  handleSignals: true,
  // billing's reconciliation asks about charges 30 s old (the shortest it allows)
  env: { CONNECTOR_INSTANCE_ID: 'chaos-whatsapp-connector#0', BILLING_RECONCILE_AFTER_SECONDS: '30' },
});

/** Every deployable's process and how to start it again. */
const deployables = new Map();
for (const service of SERVICES) {
  const url = stack.serviceUrls[service.urlKey];
  deployables.set(service.name, {
    entry: entryOf(service.app),
    env: { ...stack.env, [service.portKey]: new URL(url).port },
    url,
    record: stack.processes.find((entry) => entry.name === service.name),
  });
}
deployables.set('gateway', {
  entry: entryOf(GATEWAY.app),
  env: { ...stack.env, ...stack.serviceUrls, [GATEWAY.portKey]: new URL(stack.gatewayUrl).port },
  url: stack.gatewayUrl,
  record: stack.processes.find((entry) => entry.name === 'gateway'),
});
// the second connector process (the first one is the stack's)
{
  const port = await freePort();
  const env = { ...stack.env, CONNECTOR_PORT: String(port), CONNECTOR_INSTANCE_ID: 'chaos-whatsapp-connector-2#0' };
  const entry = entryOf(SERVICES.find((service) => service.name === 'whatsapp-connector').app);
  const child = spawnTs(entry, env, 'whatsapp-connector-2');
  const record = { name: 'whatsapp-connector-2', child };
  stack.processes.push(record);
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(`${url}/health/ready`, { child, timeoutMs: 120_000 });
  deployables.set('whatsapp-connector-2', { entry, env, url, record });
}

let restarts = 0;
async function restart(name) {
  const deployable = deployables.get(name);
  // a connector started again is a new process with a new id (as in production), never the dead one's
  if (deployable.env.CONNECTOR_INSTANCE_ID) {
    restarts += 1;
    deployable.env = { ...deployable.env, CONNECTOR_INSTANCE_ID: `chaos-${name}#${restarts}` };
  }
  const child = spawnTs(deployable.entry, deployable.env, name);
  deployable.record.child = child;
  await waitForHttp(`${deployable.url}/health/ready`, { child, timeoutMs: 120_000 });
}

const db = new pg.Client({ connectionString: stack.databaseUrl });
await db.connect();
const run = randomBytes(3).toString('hex');
const like = `chaos ${run} %`;
const rows = [];
let failed = false;

try {
  const base = stack.gatewayUrl;
  let admin = await logIn(base, 'admin@demo.local', 'demo12345');
  const seeded = await defaultConnection(base, admin.token);
  const connectionIds = [seeded.id];
  await allowConnections(base, admin.user.companyId, connectionCount + 5);
  for (let i = 1; i < connectionCount; i += 1) {
    connectionIds.push(
      await createSimulatorConnection(base, admin.token, `Chaos ${i}`, {
        queueIds: seeded.queues?.map((queue) => queue.id) ?? [],
      }),
    );
  }
  for (const deadline = Date.now() + 90_000; Date.now() < deadline; await sleep(500)) {
    const connected = (await listConnections(base, admin.token)).filter(
      (connection) => connectionIds.includes(connection.id) && connection.status === 'CONNECTED',
    );
    if (connected.length === connectionIds.length) break;
  }

  // an agent's open screen: one socket as the web client opens it, the notification room joined again after every
  // reconnect; what it got, and when it was told to fetch again what it shows (a `resync`, or a reconnect once its
  // rooms were joined again: the web client refetches then)
  const onSocket = new Set();
  const resyncs = [];
  const screen = io(base, {
    transports: ['websocket'],
    auth: (send) => send({ token: admin.token }),
    query: { userId: String(admin.user.id), companyId: String(admin.user.companyId) },
  });
  let socketConnections = 0;
  screen.on('connect', () => {
    socketConnections += 1;
    const reconnected = socketConnections > 1;
    screen.emit('joinNotification', () => {
      if (reconnected) resyncs.push(Date.now());
    });
  });
  screen.on('connect_error', async () => {
    // a refused token (expired during the run): sign in again, as the web client refreshes it, and reconnect
    admin = await logIn(base, 'admin@demo.local', 'demo12345').catch(() => admin);
    setTimeout(() => screen.connect(), 1_000);
  });
  screen.on('resync', () => resyncs.push(Date.now()));
  screen.on(channel.appMessage(admin.user.companyId), (event) => {
    const body = event.action === 'create' ? event.message.body : '';
    if (body.startsWith(`chaos ${run} `)) onSocket.add(Number(body.split(' ')[2]));
  });
  for (const deadline = Date.now() + 60_000; socketConnections === 0; await sleep(100)) {
    if (Date.now() > deadline) throw new Error('the agent socket did not connect');
  }

  // the load: open loop at `rate`, each message a unique body `chaos <run> <seq>`; a failed request is not retried
  // (whether it reached the phone network is read from the database)
  let client = poster(base, admin.token, { maxSockets: 64 });
  let seq = 0;
  let loading = true;
  const load = (async () => {
    const t0 = t();
    while (loading) {
      const due = t0 + (seq * 1000) / rate;
      if (due > t()) await sleep(due - t());
      const current = seq++;
      const k = current % contactCount;
      void client
        .post(`/simulator/connections/${connectionIds[k % connectionIds.length]}/messages`, {
          from: { number: `55119${String(60_000_000 + k).padStart(8, '0')}`, name: `Cliente ${k}` },
          kind: 'text',
          body: `chaos ${run} ${current}`,
        })
        .then(async (result) => {
          if (result.status === 401) {
            admin = await logIn(base, 'admin@demo.local', 'demo12345').catch(() => admin);
            client = poster(base, admin.token, { maxSockets: 64 });
          }
        });
    }
  })();

  /** Messages sent with a sequence below `upTo` that tickets has not stored yet. */
  const pendingBelow = async (upTo) => {
    const { rows: result } = await db.query(
      `SELECT count(*)::int AS pending FROM whatsapp.simulator_inbox i
         LEFT JOIN (SELECT DISTINCT body FROM tickets.messages WHERE body LIKE $1) m ON m.body = i.payload->>'body'
        WHERE i.payload->>'body' LIKE $1 AND split_part(i.payload->>'body', ' ', 3)::int < $2 AND m.body IS NULL`,
      [like, upTo],
    );
    return result[0].pending;
  };

  /** CPU time (ms) the stack's processes, its PostgreSQL backends and the broker have used so far. */
  const stackCpu = () => Object.values(stackCpuMs(stack)).reduce((sum, value) => sum + (value ?? 0), 0);

  /**
   * Until every message sent before the fault ended is stored: `{ ms, cpuMs }` (the recovery time and the CPU the
   * stack got meanwhile), `ms` null once the stack had `recoveryLimitMs` of CPU time (a whole core for the limit)
   * without draining, or five times the limit passed: a starved stack is slow, not broken.
   */
  const recovery = async (endedAt, upTo) => {
    const cpuAtEnd = stackCpu();
    for (;;) {
      if ((await pendingBelow(upTo)) === 0) return { ms: Math.round(t() - endedAt), cpuMs: stackCpu() - cpuAtEnd };
      const elapsed = t() - endedAt;
      if (elapsed > recoveryLimitMs) {
        const cpuMs = stackCpu() - cpuAtEnd;
        if (cpuMs >= recoveryLimitMs || elapsed > 5 * recoveryLimitMs) return { ms: null, cpuMs };
      }
      await sleep(250);
    }
  };

  /** Until a message sent after the fault ended is stored (the flow works end to end again): ms, or null. */
  const resumption = async (endedAt, from) => {
    for (;;) {
      const { rows: found } = await db.query(
        `SELECT 1 FROM tickets.messages WHERE body LIKE $1 AND split_part(body, ' ', 3)::int >= $2 LIMIT 1`,
        [like, from],
      );
      if (found.length > 0) return Math.round(t() - endedAt);
      if (t() - endedAt > recoveryLimitMs) return null;
      await sleep(250);
    }
  };

  /** The connector process holding the most sessions (ids `chaos-<deployable>#<start>`). */
  const busierConnector = async (owners) => {
    const count = (name) =>
      [...owners].filter(([owner]) => owner.startsWith(`chaos-${name}#`)).reduce((sum, [, n]) => sum + n, 0);
    return count('whatsapp-connector') >= count('whatsapp-connector-2') ? 'whatsapp-connector' : 'whatsapp-connector-2';
  };

  const sessionsOf = async () => {
    const { rows: owners } = await db.query(
      `SELECT owner, count(*)::int AS sessions FROM whatsapp.session_leases
        WHERE expires_at > now() AND connection_id = ANY($1::int[]) GROUP BY owner`,
      [connectionIds],
    );
    return new Map(owners.map((row) => [row.owner, row.sessions]));
  };

  const only = option('faults', '');
  const faults = [
    ...['tickets', 'contacts', 'identity', 'gateway'].map((name) => ({
      name: `SIGKILL ${name}`,
      inject: async () => {
        deployables.get(name).record.child.process.kill('SIGKILL');
        await deployables.get(name).record.child.exited;
        await restart(name);
      },
    })),
    {
      name: 'SIGKILL whatsapp-connector',
      takeover: true,
      inject: async () => {
        const owners = await sessionsOf();
        const name = (await busierConnector(owners)) === 'whatsapp-connector' ? '' : '-2';
        const victim = deployables.get(`whatsapp-connector${name}`);
        victim.record.child.process.kill('SIGKILL');
        await victim.record.child.exited;
        return { after: async () => restart(`whatsapp-connector${name}`) };
      },
    },
    {
      name: 'restart the Kafka broker',
      inject: async () => {
        kafka('stop');
        // the clock starts when the broker answers again (kafka.sh returns later, after creating topics)
        const starting = new Promise((resolve) => {
          const child = spawn('bash', ['deploy/kafka/kafka.sh', 'start'], {
            env: { ...process.env, KAFKA_PORT: String(kafkaPort), KAFKA_START_TIMEOUT: '300' },
            stdio: ['ignore', 'inherit', 'inherit'],
          });
          child.once('exit', resolve);
        });
        for (const deadline = t() + 300_000; !(await isPortOpen(brokers, 200)); await sleep(100)) {
          if (t() > deadline) throw new Error('the broker did not come back within 300 s');
        }
        const answeredAt = t();
        const answeredSeq = seq;
        const code = await starting;
        if (code !== 0) throw new Error(`kafka.sh start exited with ${code}`);
        return { endedAt: answeredAt, upTo: answeredSeq };
      },
    },
    {
      name: 'SIGKILL billing during payments',
      inject: async () => {
        // companies on a paid plan, each with its trial's invoice charged by Pix
        const plans = await api(base, 'GET', '/plans/list');
        const plan = plans.body.find((candidate) => candidate.value > 0);
        const charged = [];
        for (let i = 0; i < invoiceCount; i += 1) {
          const id = `${run}${i}`;
          const tenant = { name: `Chaos ${id}`, email: `chaos-${id}@teste.com.br`, password: 'segredo123' };
          const created = await api(base, 'POST', '/companies/cadastro', {
            body: { ...tenant, phone: `(11) 9${String(8765_0000 + i).padStart(8, '0')}`, planId: plan.id },
          });
          if (created.status !== 200) throw new Error(`signup answered ${created.status}`);
          const { token } = await logIn(base, tenant.email, tenant.password);
          let invoice;
          for (const deadline = t() + 60_000; !invoice; await sleep(250)) {
            invoice = (await api(base, 'GET', '/invoices/all', { token })).body?.[0];
            if (t() > deadline) throw new Error('no invoice for a new company');
          }
          const charge = await api(base, 'POST', '/subscription', { token, body: { invoiceId: invoice.id } });
          if (charge.status !== 200) throw new Error(`checkout answered ${charge.status}`);
          charged.push({ invoiceId: invoice.id, txid: charge.body.txid });
        }
        const billing = deployables.get('billing');
        billing.record.child.process.kill('SIGKILL');
        await billing.record.child.exited;
        // the payer's bank pays every invoice while billing is down: every notification fails
        const notified = await Promise.all(charged.map(({ txid }) => stack.fakeEfi.pay(txid)));
        const failedNotifications = notified.filter((answer) => answer.status !== 200).length;
        await restart('billing');
        const endedAt = t();
        return {
          settle: async () => {
            const ids = charged.map((entry) => entry.invoiceId);
            for (;;) {
              const { rows: paid } = await db.query(
                `SELECT count(*)::int AS paid FROM billing.invoices WHERE id = ANY($1::int[]) AND status = 'paid'`,
                [ids],
              );
              const done = t() - endedAt > paymentLimitMs || paid[0].paid === ids.length;
              if (done) {
                return {
                  invoices: `${paid[0].paid}/${ids.length} paid (${failedNotifications} notifications failed)`,
                  unpaid: ids.length - paid[0].paid,
                  paidMs: paid[0].paid === ids.length ? Math.round(t() - endedAt) : null,
                };
              }
              await sleep(1_000);
            }
          },
        };
      },
    },
    {
      name: 'SIGSTOP a connector (40 s)',
      takeover: true,
      inject: async () => {
        const owners = await sessionsOf();
        const name = (await busierConnector(owners)) === 'whatsapp-connector' ? '' : '-2';
        const victim = deployables.get(`whatsapp-connector${name}`);
        victim.record.child.process.kill('SIGSTOP');
        const frozenAt = t();
        return {
          after: async () => {
            await sleep(Math.max(0, freezeMs - (t() - frozenAt)));
            victim.record.child.process.kill('SIGCONT');
          },
        };
      },
    },
  ].filter((fault) => !only || only.split(',').some((part) => fault.name.includes(part)));

  await sleep(settleMs);
  for (const fault of faults) {
    const from = seq;
    const startedAt = t();
    const startedAtMs = Date.now();
    console.log(`  fault: ${fault.name}`);
    const { after, settle, endedAt: answeredAt, upTo: answeredSeq } = (await fault.inject()) ?? {};
    // a takeover's clock starts with the fault (the surviving connector must notice it); others' when it is over
    const endedAt = fault.takeover ? startedAt : (answeredAt ?? t());
    // a takeover's recovery: until what was sent in the 2 s after the fault (to the lost sessions too) is stored
    if (fault.takeover) await sleep(2_000);
    const upTo = answeredSeq ?? seq;
    // what follows the fault (a killed connector started again, a frozen one thawed at 40 s) runs meanwhile: the
    // simulator's API is served by the first connector, so sends resume only once it is back
    const following = after ? after() : Promise.resolve();
    const [resumedIn, recoveredIn, settled] = await Promise.all([
      resumption(endedAt, upTo),
      recovery(endedAt, upTo),
      settle ? settle() : Promise.resolve(null),
    ]);
    await following;
    await sleep(settleMs);
    rows.push({
      fault: fault.name,
      startedAtMs,
      from,
      to: seq,
      faultMs: Math.round(t() - startedAt),
      resumedMs: resumedIn,
      recoveryMs: recoveredIn.ms,
      recoveryCpuMs: recoveredIn.cpuMs,
      settled,
    });
    const shown = (ms) => (ms === null ? `more than ${recoveryLimitMs / 1000} s` : `${ms} ms`);
    console.log(
      `    flow resumed in ${shown(resumedIn)}, everything sent before stored in ${shown(recoveredIn.ms)}` +
        ` (the stack used ${Math.round(recoveredIn.cpuMs / 100) / 10} CPU-s meanwhile)` +
        (settled ? `; invoices: ${settled.invoices} in ${settled.paidMs ?? 'never'} ms` : ''),
    );
  }
  loading = false;
  await load;
  await sleep(2_000);
  // drain: everything sent is stored, or nothing more arrives for 30 s
  const lastSeq = seq;
  let pending = await pendingBelow(lastSeq);
  for (let idleSince = t(); pending > 0 && t() - idleSince < 30_000; await sleep(500)) {
    const now = await pendingBelow(lastSeq);
    if (now < pending) idleSince = t();
    pending = now;
  }
  client.close();

  // the counts per fault window, from the database
  const { rows: sentRows } = await db.query(
    `SELECT split_part(payload->>'body', ' ', 3)::int AS seq FROM whatsapp.simulator_inbox WHERE payload->>'body' LIKE $1`,
    [like],
  );
  const { rows: storedRows } = await db.query(
    `SELECT split_part(body, ' ', 3)::int AS seq, count(*)::int AS copies,
            (extract(epoch FROM min(created_at)) * 1000)::float8 AS stored_at FROM tickets.messages
      WHERE body LIKE $1 AND NOT from_me GROUP BY body`,
    [like],
  );
  screen.close();
  // a stored message the socket neither got nor was told to fetch again after
  const storedAt = new Map(storedRows.map((row) => [row.seq, row.stored_at]));
  const socketMissed = (value) => !onSocket.has(value) && !resyncs.some((at) => at > storedAt.get(value));
  const sentSeqs = sentRows.map((row) => row.seq);
  const stored = new Map(storedRows.map((row) => [row.seq, row.copies]));
  const table = rows.map((row, index) => {
    const to = rows[index + 1]?.from ?? lastSeq;
    const inWindow = (value) => value >= row.from && value < to;
    const sent = sentSeqs.filter(inWindow);
    const lost = sent.filter((value) => !stored.has(value)).length;
    const duplicated = [...stored].filter(([value, copies]) => inWindow(value) && copies > 1).length;
    const missedOnSocket = [...stored.keys()].filter((value) => inWindow(value) && socketMissed(value)).length;
    const unpaid = row.settled?.unpaid ?? 0;
    if (lost > 0 || duplicated > 0 || missedOnSocket > 0 || unpaid > 0 || row.recoveryMs === null) failed = true;
    return {
      fault: row.fault,
      sent: sent.length,
      stored: [...stored.keys()].filter(inWindow).length,
      lost,
      duplicated,
      socketMissed: missedOnSocket,
      resyncs: resyncs.filter((at) => at >= row.startedAtMs && at < (rows[index + 1]?.startedAtMs ?? Infinity)).length,
      resumedS: row.resumedMs === null ? 'none' : Math.round(row.resumedMs / 100) / 10,
      recoveryS: row.recoveryMs === null ? 'none' : Math.round(row.recoveryMs / 100) / 10,
      recoveryCpuS: Math.round(row.recoveryCpuMs / 100) / 10,
      invoices: row.settled?.invoices ?? '',
    };
  });
  const totals = {
    fault: 'total',
    sent: sentSeqs.length,
    stored: stored.size,
    lost: sentSeqs.filter((value) => !stored.has(value)).length,
    duplicated: [...stored.values()].filter((copies) => copies > 1).length,
    socketMissed: [...stored.keys()].filter(socketMissed).length,
    resyncs: resyncs.length,
    resumedS: '',
    recoveryS: '',
    recoveryCpuS: '',
    invoices: '',
  };
  if (totals.lost > 0 || totals.duplicated > 0 || totals.socketMissed > 0) failed = true;
  printTable(`chaos: ${rate} msg/s, sent / stored / lost / duplicated and recovery per fault`, [...table, totals]);
  writeResult('chaos', {
    params: {
      rate,
      connections: connectionIds.length,
      contacts: contactCount,
      settleMs,
      freezeMs,
      brokers,
      invoices: invoiceCount,
    },
    results: { faults: table, totals },
  });
} catch (error) {
  console.error(error);
  failed = true;
} finally {
  for (const { child } of stack.processes) child.process.kill('SIGCONT');
  if (failed) {
    // what the deployables logged (errors and above, CHAOS_LOG_LEVEL), to see why a flow did not resume
    mkdirSync(RESULTS_DIR, { recursive: true });
    for (const { name, child } of stack.processes) writeFileSync(`${RESULTS_DIR}chaos-${name}.log`, child.output());
    console.log(`  deployables' logs: bench/results/chaos-<name>.log`);
  }
  await db.end().catch(() => undefined);
  await stack.stop();
  kafka('stop');
}
console.log(
  failed
    ? '\n  chaos: FAILED (a loss, a duplicate, a message the socket missed, an unpaid invoice or no recovery)'
    : '\n  chaos: 0 lost, 0 duplicated, nothing missed on the socket, every invoice paid',
);
process.exit(failed ? 1 : 0);
