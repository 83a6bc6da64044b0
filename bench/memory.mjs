// Benchmark 5: memory. (a) RSS of every deployable idle (after start and a quiet period) and its peak under a
// mixed load (agent sockets, `GET /tickets` at fixed concurrency, and with the connector inbound simulator
// messages at a fixed rate). (b) With the connector: RSS of the connector per simulator session at 100, 500 and
// 1,000 connected sessions (a plan allowing 1,100 connections is created and given to the demo company; each
// connection is created with `POST /whatsapp` and its QR scanned through the simulator).
//   node --import ./deploy/scripts/register-ts.mjs bench/memory.mjs [--sessions 100,500,1000] [--load 20]
import { performance } from 'node:perf_hooks';
import { randomBytes } from 'node:crypto';
import { api, call, connectSocket, httpLoad, logIn } from './lib/client.mjs';
import { option, printTable, sleep, writeResult } from './lib/report.mjs';
import { peakRssDuring, rssMb, stackRss } from './lib/rss.mjs';
import { defaultConnection, openLoop, poster } from './lib/simulator.mjs';
import { hasConnector, startStack } from './lib/stack.mjs';

const sessionSteps = option('sessions', [100, 500, 1_000]);
const loadS = option('load', 20);
const idleS = option('idle', 10);
const connector = hasConnector();
console.log(
  `memory: idle ${idleS} s, load ${loadS} s${connector ? `, simulator sessions ${sessionSteps.join(', ')}` : ' (no connector: sessions not measured)'}`,
);
const stack = await startStack({
  name: 'memory',
  env: { CONNECTOR_MAX_SESSIONS: String(Math.max(...sessionSteps) + 100) },
});
const sockets = [];
try {
  const base = stack.gatewayUrl;
  const admin = await logIn(base, 'admin@demo.local', 'demo12345');
  const agent = await logIn(base, 'agente@demo.local', 'demo12345');
  await sleep(idleS * 1000);
  const idle = stackRss(stack);

  // (a) under load: 500 sockets, GET /tickets at concurrency 8, and inbound at 100 msg/s with the connector
  for (let i = 0; i < 500; i += 1) sockets.push(await connectSocket(base, i % 2 ? agent.token : admin.token));
  const { peak } = await peakRssDuring(stack, async () => {
    const work = [
      httpLoad(base, {
        path: (i) =>
          `/tickets?pageNumber=1&showAll=false&queueIds=[1,2]&status=${['open', 'pending', 'closed'][i % 3]}`,
        token: agent.token,
        concurrency: 8,
        durationMs: loadS * 1000,
      }),
    ];
    if (connector) {
      const connection = await defaultConnection(base, admin.token);
      const { post, close } = poster(base, admin.token, { maxSockets: 64 });
      const run = randomBytes(3).toString('hex');
      work.push(
        openLoop({
          rate: 100,
          total: 100 * loadS,
          send: (i) =>
            post(`/simulator/connections/${connection.id}/messages`, {
              from: { number: `55119${String(60_000_000 + (i % 300)).padStart(8, '0')}`, name: `Cliente ${i % 300}` },
              kind: 'text',
              body: `memória ${run} ${i}`,
            }),
        }).finally(close),
      );
    }
    await Promise.all(work);
    await sleep(3_000);
  });
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

  // (b) simulator sessions
  const sessionRows = [];
  if (connector) {
    const superUser = await logIn(base, 'super@plataforma.local', 'super12345');
    const plan = await call(base, 'POST', '/plans', {
      token: superUser.token,
      body: {
        name: `Bench ${randomBytes(2).toString('hex')}`,
        users: 50,
        connections: Math.max(...sessionSteps) + 100,
        queues: 50,
        value: 0,
      },
    });
    await call(base, 'PUT', `/companies/${admin.user.companyId}`, {
      token: superUser.token,
      body: { planId: plan.id },
    });
    const connectorPid = stack.processes.find((p) => p.name === 'whatsapp-connector').child.process.pid;
    const existing = await call(base, 'GET', '/whatsapp', { token: admin.token });
    const baseSessions = (Array.isArray(existing) ? existing : (existing.whatsapps ?? [])).length;
    await sleep(3_000);
    const baseline = rssMb(connectorPid);
    let created = 0;
    const t0 = performance.now();
    const createOne = async (n) => {
      // the plan change reaches the connector through identity's event: retry while it refuses
      for (let attempt = 0; ; attempt += 1) {
        const response = await api(base, 'POST', '/whatsapp', {
          token: admin.token,
          body: { name: `Sessão ${n}`, provider: 'simulator', isDefault: false, queueIds: [], greetingMessage: '' },
        });
        if (response.status === 200 || response.status === 201) {
          const id = response.body.id;
          if (response.body.status !== 'qrcode')
            await api(base, 'POST', `/whatsappsession/${id}`, { token: admin.token });
          const scan = await api(base, 'POST', `/simulator/connections/${id}/scan`, { token: admin.token });
          if (scan.status >= 300) throw new Error(`scan ${id}: ${scan.status} ${JSON.stringify(scan.body)}`);
          return id;
        }
        if (attempt > 60) throw new Error(`POST /whatsapp: ${response.status} ${JSON.stringify(response.body)}`);
        await sleep(1_000);
      }
    };
    for (const target of sessionSteps) {
      const toCreate = target - created;
      let next = 0;
      await Promise.all(
        Array.from({ length: 8 }, async () => {
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
        const list = await call(base, 'GET', '/whatsapp', { token: admin.token });
        connected = (Array.isArray(list) ? list : (list.whatsapps ?? [])).filter(
          (c) => c.status === 'CONNECTED',
        ).length;
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
    }
    printTable(
      `connector RSS per connected simulator session (baseline ${baseline} MiB with ${baseSessions})`,
      sessionRows,
    );
  }
  writeResult('memory', {
    params: {
      idleS,
      loadS,
      sessionSteps: connector ? sessionSteps : [],
      loadMix: connector ? 'sockets+http+inbound' : 'sockets+http',
    },
    results: { processes: processRows, sessions: sessionRows, connectorIncluded: connector },
  });
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  for (const socket of sockets) socket.close();
  await stack.stop();
}
