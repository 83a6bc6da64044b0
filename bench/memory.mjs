// Benchmark 5: memory. (a) RSS of every deployable idle (after start and a quiet period) and its peak under a
// mixed load (agent sockets, `GET /tickets` at fixed concurrency, and with the connector inbound simulator
// messages at a fixed rate), and the Kafka broker's. (b) With the connector: RSS of the connector per simulator
// session at 100, 500 and 1,000 connected sessions (a plan allowing 1,100 connections is created and given to the
// demo company; each connection is created with `POST /whatsapp` and its QR scanned through the simulator).
// (c) The one-machine shape (deploy/one-machine, built: `make build`), idle and under the same load, beside the
// distributed shape's total (the seven deployables and the broker). `--shapes distributed` leaves (c) out.
//   node --import ./deploy/scripts/register-ts.mjs bench/memory.mjs [--sessions 100,500,1000] [--load 20]
import { performance } from 'node:perf_hooks';
import { randomBytes } from 'node:crypto';
import { connectSocket, httpLoad, logIn } from './lib/client.mjs';
import { option, printTable, sleep, writeResult } from './lib/report.mjs';
import { peakRssDuring, rssMb, stackRss } from './lib/rss.mjs';
import {
  allowConnections,
  createSimulatorConnection,
  defaultConnection,
  listConnections,
  openLoop,
  poster,
} from './lib/simulator.mjs';
import { hasConnector, startStack } from './lib/stack.mjs';
import { brokerPid, startOneMachine } from './lib/one-machine.mjs';

const sessionSteps = option('sessions', [100, 500, 1_000]);
const loadS = option('load', 20);
const idleS = option('idle', 10);
const stepBudgetS = option('session-budget', 300);
const shapes = option('shapes', ['distributed', 'one-machine']);
const connector = hasConnector();
console.log(
  `memory: idle ${idleS} s, load ${loadS} s${connector ? `, simulator sessions ${sessionSteps.join(', ')}` : ' (no connector: sessions not measured)'}`,
);
const stack = await startStack({
  name: 'memory',
  env: { CONNECTOR_MAX_SESSIONS: String(Math.max(...sessionSteps) + 100) },
});
const sockets = [];
/** Total RSS of each shape, idle and under load: (a)'s sums, the broker, and (c). */
const shapeRows = [];
let distributed;
try {
  const base = stack.gatewayUrl;
  const admin = await logIn(base, 'admin@demo.local', 'demo12345');
  const agent = await logIn(base, 'agente@demo.local', 'demo12345');
  await sleep(idleS * 1000);
  const idle = stackRss(stack);
  const broker = brokerPid();
  const brokerIdle = broker ? rssMb(broker) : null;
  let brokerPeak = brokerIdle;
  const brokerSampler = broker
    ? setInterval(() => (brokerPeak = Math.max(brokerPeak ?? 0, rssMb(broker) ?? 0)), 250)
    : undefined;

  // (a) under load: 500 sockets, GET /tickets at concurrency 8, and inbound at 100 msg/s with the connector
  for (let i = 0; i < 500; i += 1) sockets.push(await connectSocket(base, i % 2 ? agent.token : admin.token));
  const { peak } = await peakRssDuring(stack, () => mixedLoad(base, admin.token, agent.token));
  clearInterval(brokerSampler);
  for (const socket of sockets.splice(0)) socket.close();
  const processRows = Object.keys(idle).map((name) => ({
    deployable: name,
    idleMb: idle[name],
    peakUnderLoadMb: peak[name],
  }));
  printTable(
    `RSS per deployable (MiB): idle, and peak under load (500 sockets, GET /tickets c=8${connector ? ', 100 msg/s inbound' : ''}, ${loadS} s)`,
    processRows,
  );

  const sum = (values) => Math.round(values.reduce((total, value) => total + (value ?? 0), 0) * 10) / 10;
  shapeRows.push({
    shape: `distributed: ${processRows.length} deployables`,
    idleMb: sum(processRows.map((row) => row.idleMb)),
    peakUnderLoadMb: sum(processRows.map((row) => row.peakUnderLoadMb)),
  });
  if (broker) {
    shapeRows.push({
      shape: `distributed: ${processRows.length} deployables + Kafka broker`,
      idleMb: sum([shapeRows[0].idleMb, brokerIdle]),
      peakUnderLoadMb: sum([shapeRows[0].peakUnderLoadMb, brokerPeak]),
    });
  }

  // (b) simulator sessions
  const sessionRows = [];
  if (connector) {
    await allowConnections(base, admin.user.companyId, Math.max(...sessionSteps) + 100);
    const connectorPid = stack.processes.find((p) => p.name === 'whatsapp-connector').child.process.pid;
    const baseSessions = (await listConnections(base, admin.token)).length;
    await sleep(3_000);
    const baseline = rssMb(connectorPid);
    let created = 0;
    const t0 = performance.now();
    const createOne = (n) => createSimulatorConnection(base, admin.token, `Sessão ${n}`);
    for (const target of sessionSteps) {
      const toCreate = target - created;
      let next = 0;
      await Promise.all(
        Array.from({ length: 32 }, async () => {
          while (next < toCreate) {
            next += 1;
            await createOne(created + next);
          }
        }),
      );
      created = target;
      // wait until the connector reports them connected
      const deadline = Date.now() + 120_000;
      let connected = 0;
      for (;;) {
        connected = (await listConnections(base, admin.token)).filter((c) => c.status === 'CONNECTED').length;
        if (connected >= target + baseSessions || Date.now() > deadline) break;
        await sleep(1_000);
      }
      await sleep(5_000); // settle (timers, buffers)
      const rss = rssMb(connectorPid);
      sessionRows.push({
        sessions: target,
        connected: connected - baseSessions,
        connectorRssMb: rss,
        perSessionKb: Math.round(((rss - baseline) * 1024) / target),
        createSeconds: Math.round((performance.now() - t0) / 100) / 10,
      });
      console.log(`  ${target} sessions: connector RSS ${rss} MiB`);
      if ((performance.now() - t0) / 1000 > stepBudgetS) {
        console.log(`  creating sessions took over ${stepBudgetS} s: larger steps not attempted`);
        break;
      }
    }
    printTable(
      `connector RSS per connected simulator session (baseline ${baseline} MiB with ${baseSessions})`,
      sessionRows,
    );
  }
  distributed = { processes: processRows, sessions: sessionRows };
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  for (const socket of sockets) socket.close();
  await stack.stop();
}

// (c) the one-machine shape, alone on the machine, under the same idle period and load
if (distributed && shapes.includes('one-machine')) {
  try {
    const one = await startOneMachine({ name: 'memory' });
    try {
      const admin = await logIn(one.apiUrl, 'admin@demo.local', 'demo12345');
      const agent = await logIn(one.apiUrl, 'agente@demo.local', 'demo12345');
      await sleep(idleS * 1000);
      const oneStack = { processes: [{ name: 'one-machine', child: { process: { pid: one.pid } } }] };
      const idleMb = rssMb(one.pid);
      for (let i = 0; i < 500; i += 1) sockets.push(await connectSocket(one.origin, i % 2 ? agent.token : admin.token));
      const { peak } = await peakRssDuring(oneStack, () => mixedLoad(one.apiUrl, admin.token, agent.token));
      for (const socket of sockets.splice(0)) socket.close();
      shapeRows.push({ shape: 'one-machine: 1 process', idleMb, peakUnderLoadMb: peak['one-machine'] });
    } finally {
      for (const socket of sockets.splice(0)) socket.close();
      await one.stop();
    }
  } catch (error) {
    console.error(error);
    process.exitCode = 1;
  }
}
if (distributed) {
  printTable(
    `RSS by shape (MiB): idle, and peak under the same load (the distributed peak adds each process's own peak)`,
    shapeRows,
  );
  writeResult('memory', {
    params: {
      idleS,
      loadS,
      sessionSteps: connector ? sessionSteps : [],
      loadMix: connector ? 'sockets+http+inbound' : 'sockets+http',
      shapes,
    },
    results: { ...distributed, shapes: shapeRows, connectorIncluded: connector },
  });
}

/**
 * The load both shapes are measured under, besides the 500 sockets: `GET /tickets` at concurrency 8 and, with the
 * connector, 100 inbound simulator messages a second, for `--load` seconds, then 3 s to settle.
 */
async function mixedLoad(base, adminToken, agentToken) {
  // the one-machine shape's API is under its origin's /api (the load tools take the path whole)
  const prefix = new URL(base).pathname.replace(/\/$/, '');
  const work = [
    httpLoad(base, {
      path: (i) =>
        `${prefix}/tickets?pageNumber=1&showAll=false&queueIds=[1,2]&status=${['open', 'pending', 'closed'][i % 3]}`,
      token: agentToken,
      concurrency: 8,
      durationMs: loadS * 1000,
    }),
  ];
  if (connector) {
    const connection = await defaultConnection(base, adminToken);
    const { post, close } = poster(base, adminToken, { maxSockets: 64 });
    const run = randomBytes(3).toString('hex');
    work.push(
      openLoop({
        rate: 100,
        total: 100 * loadS,
        send: (i) =>
          post(`${prefix}/simulator/connections/${connection.id}/messages`, {
            from: { number: `55119${String(60_000_000 + (i % 300)).padStart(8, '0')}`, name: `Cliente ${i % 300}` },
            kind: 'text',
            body: `memória ${run} ${i}`,
          }),
      }).finally(close),
    );
  }
  await Promise.all(work);
  await sleep(3_000);
}
