// Benchmark 4: realtime fan-out. Opens socket.io clients of one company on one gateway in steps (default
// 1,000, 2,500, 5,000, 10,000; the clients live in a few forked processes and speak the wire protocol with
// bench/lib/wire-client.mjs, or with socket.io-client under BENCH_CLIENT=socket.io), and at each step broadcasts a
// company-wide event through the real path (`PUT /tags/{id}` → tickets' outbox → Kafka → the gateway →
// `company-{id}-tag` to every socket of the company's main channel) several times. Reports per step: sockets
// held, connect rate, the delivery latency (HTTP request sent → event on a socket) over every delivery (p50,
// p99, max), the time until the last socket had it, losses, and the gateway's RSS. With `--gateways 2` the
// sockets are shared between two gateways (client process i on gateway i mod 2; each gateway consumes every
// event): e.g. `--gateways 2 --steps 20000`. `--adapter frame` runs the gateways with GATEWAY_SOCKET_ADAPTER=frame
// (the frame adapter, ADR 0009) instead of socket.io's own adapter.
//   node --import ./deploy/scripts/register-ts.mjs bench/fanout.mjs [--steps 1000,2500,5000,10000] [--broadcasts 10]
//     [--gateways 1] [--adapter stock]
import { fork } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { channel } from '@cs/proto/realtime';
import { call, logIn } from './lib/client.mjs';
import { option, printTable, sleep, summarize, writeResult } from './lib/report.mjs';
import { cpuMs, rssMb, stackRss } from './lib/rss.mjs';
import { startStack } from './lib/stack.mjs';

const steps = option('steps', [1_000, 2_500, 5_000, 10_000]);
const broadcasts = option('broadcasts', 10);
const gatewayCount = option('gateways', 1);
const workerCount = Math.max(option('workers', 2), gatewayCount);
const adapter = option('adapter', 'stock');
if (!['stock', 'frame'].includes(adapter)) throw new Error(`--adapter stock|frame, not ${adapter}`);
const now = () => performance.timeOrigin + performance.now();

console.log(
  `fanout: steps ${steps.join(', ')}, ${broadcasts} broadcasts per step, ${workerCount} client processes, ` +
    `${gatewayCount} gateway(s), ${adapter} adapter`,
);
const stack = await startStack({ name: 'fanout', gateways: gatewayCount, env: { GATEWAY_SOCKET_ADAPTER: adapter } });
const workers = [];
try {
  const base = stack.gatewayUrl;
  const admin = await logIn(base, 'admin@demo.local', 'demo12345');
  const companyId = admin.user.companyId;
  const tag = await call(base, 'POST', '/tags', { token: admin.token, body: { name: 'bench-0', color: '#5C59A0' } });
  const gatewayPids = stack.processes
    .filter((p) => p.name === 'gateway' || p.name.startsWith('gateway-'))
    .map((p) => p.child.process.pid);
  const idleRss = Math.max(...gatewayPids.map((pid) => rssMb(pid)));

  for (let i = 0; i < workerCount; i += 1) {
    const child = fork(fileURLToPath(new URL('./lib/socket-worker.mjs', import.meta.url)), {
      env: { ...process.env, BENCH_GATEWAY_URL: stack.gatewayUrls[i % gatewayCount], BENCH_TOKEN: admin.token },
      // this process's Node options (the TypeScript loader when run from sources), with room for 10,000 sockets
      execArgv: [...process.execArgv, '--max-old-space-size=4096'],
    });
    const pending = new Map();
    child.on('message', (message) => {
      const resolve = pending.get(message.reply);
      if (resolve) {
        pending.delete(message.reply);
        resolve(message);
      }
    });
    const ask = (message, reply) => new Promise((resolve) => (pending.set(reply, resolve), child.send(message)));
    await new Promise((resolve) => pending.set('started', resolve));
    workers.push({ child, ask });
  }
  await Promise.all(workers.map((w) => w.ask({ watch: channel.tag(companyId) }, 'watch')));

  let seq = 0;
  let held = 0;
  const rows = [];
  for (const target of steps) {
    const toOpen = target - held;
    const t0 = performance.now();
    const opened = await Promise.all(
      workers.map((w, i) =>
        w.ask({ open: Math.floor(toOpen / workerCount) + (i < toOpen % workerCount ? 1 : 0) }, 'open'),
      ),
    );
    const connectSeconds = (performance.now() - t0) / 1000;
    held = opened.reduce((sum, o) => sum + o.connected, 0);
    const failed = opened.reduce((sum, o) => sum + o.failed, 0);
    const errors = Object.assign({}, ...opened.map((o) => o.errors));
    console.log(
      `  ${held} sockets (${failed} failed) in ${connectSeconds.toFixed(1)} s ${failed ? JSON.stringify(errors) : ''}`,
    );
    await sleep(2_000); // let presence reports and joins settle
    const latencies = [];
    const lastDelivery = [];
    const cpuBefore = gatewayPids.map((pid) => cpuMs(pid));
    const workerCpuBefore = workers.map((w) => cpuMs(w.child.pid));
    let lost = 0;
    let duplicated = 0;
    for (let b = 0; b < broadcasts; b += 1) {
      seq += 1;
      const sentAt = now();
      await call(base, 'PUT', `/tags/${tag.id}`, {
        token: admin.token,
        body: { name: `bench-${seq}`, color: '#5C59A0' },
      });
      // wait until every held socket has it, or 15 s
      const deadline = Date.now() + 15_000;
      let times = [];
      for (;;) {
        await sleep(100);
        const parts = await Promise.all(workers.map((w) => w.ask({ collect: seq }, 'collect')));
        times = times.concat(...parts.map((p) => p.times));
        if (times.length >= held || Date.now() > deadline) break;
      }
      await sleep(200);
      const late = await Promise.all(workers.map((w) => w.ask({ collect: seq }, 'collect')));
      times = times.concat(...late.map((p) => p.times));
      for (const at of times) latencies.push(at - sentAt);
      if (times.length) lastDelivery.push(Math.max(...times) - sentAt);
      lost += Math.max(0, held - times.length);
      duplicated += Math.max(0, times.length - held);
      await sleep(300);
    }
    // where the time goes: CPU the gateway and the client processes used during the broadcasts (with pings)
    // per gateway (the busiest one), RSS likewise
    const gatewayCpu = Math.max(...gatewayPids.map((pid, i) => cpuMs(pid) - cpuBefore[i]));
    const clientCpu = workers.reduce((sum, w, i) => sum + cpuMs(w.child.pid) - workerCpuBefore[i], 0);
    const rss = Math.max(...gatewayPids.map((pid) => rssMb(pid)));
    const s = summarize(latencies);
    const last = summarize(lastDelivery);
    rows.push({
      sockets: held,
      failed,
      connectPerSecond: Math.round(toOpen / connectSeconds),
      deliveries: s.count,
      p50: s.p50,
      p99: s.p99,
      max: s.max,
      lastSocketP50: last.p50,
      lastSocketMax: last.max,
      lost,
      duplicated,
      gatewayRssMb: rss,
      gatewayCpuMsPerBroadcast: Math.round(gatewayCpu / broadcasts),
      clientsCpuMsPerBroadcast: Math.round(clientCpu / broadcasts),
      errors,
    });
  }
  const table = rows.map(({ errors: _errors, ...row }) => row);
  printTable(
    `broadcast to every socket of the company on ${gatewayCount === 1 ? 'one gateway' : `${gatewayCount} gateways (RSS and CPU: the busiest)`} (${broadcasts} per step, ms)`,
    table,
  );
  // fanout, fanout-2-gateways, fanout-frame...
  const resultName = [
    'fanout',
    ...(gatewayCount === 1 ? [] : [`${gatewayCount}-gateways`]),
    ...(adapter === 'stock' ? [] : [adapter]),
  ].join('-');
  writeResult(resultName, {
    params: {
      steps,
      broadcasts,
      workers: workerCount,
      gateways: gatewayCount,
      adapter,
      path: 'PUT /tags/{id} → Kafka → gateway → company-{id}-tag',
    },
    results: { gatewayIdleRssMb: idleRss, steps: rows, rssAfterMb: stackRss(stack) },
  });
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await Promise.all(workers.map((w) => w.ask({ close: true }, 'close').catch(() => undefined)));
  await stack.stop();
}
