// `make bench`: every benchmark in turn, each its own process (its own stack, database and topics), then a
// summary of the headline figures against the targets in bench/results/latest.json (committed) and on screen
// (with --only, the other benchmarks' figures come from their last result files, whose dates are listed).
// Benchmarks are measurements: a figure over its target is reported, never a failure; a benchmark that could
// not run (its process failed, or the connector is missing) is listed as not run.
//   node --import ./deploy/scripts/register-ts.mjs bench/all.mjs [--only web,fanout]
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { machine, option, printTable, RESULTS_DIR } from './lib/report.mjs';
import { autovacuumOn } from './lib/autovacuum.mjs';
import { cpuBusy } from './lib/rss.mjs';

const root = fileURLToPath(new URL('../', import.meta.url));
const BENCHMARKS = [
  'web',
  'inbound',
  'reply',
  'ticket-list',
  'reports',
  'fanout',
  'fanout-frame',
  'fanout-2-gateways',
  'memory',
  'campaigns',
];
/** A benchmark's script and arguments, where its name is not its script's (its result file is named after it). */
const COMMANDS = {
  'fanout-frame': ['bench/fanout.mjs', '--adapter', 'frame', '--steps', '10000'],
  'fanout-2-gateways': ['bench/fanout.mjs', '--gateways', '2', '--steps', '20000'],
};
// --summary: run nothing, recompute the summary from the result files (keeping the last run's list and time)
const summaryOnly = option('summary', false);
const only = summaryOnly ? [] : option('only', BENCHMARKS);
const started = performance.now();
const runs = [];
// autovacuum as production has it, put back at the end and on Ctrl-C (lib/autovacuum.mjs)
const restoreAutovacuum = summaryOnly ? () => {} : autovacuumOn();
// the machine as the benchmarks ran on it (autovacuum included), taken before it is put back
const runMachine = summaryOnly ? null : machine();
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    restoreAutovacuum();
    process.exit(130);
  });
}
for (const name of BENCHMARKS.filter((bench) => only.includes(bench))) {
  const t0 = performance.now();
  const resultFile = `${RESULTS_DIR}${name}.json`;
  const before = existsSync(resultFile) ? readFileSync(resultFile, 'utf8') : null;
  console.log(`\n=== ${name} ===`);
  await quietMachine();
  const code = await new Promise((resolve) => {
    const command = COMMANDS[name] ?? [`bench/${name}.mjs`];
    const child = spawn(process.execPath, ['--import', './deploy/scripts/register-ts.mjs', ...command], {
      cwd: root,
      stdio: 'inherit',
      env: process.env,
    });
    child.on('exit', (exitCode, signal) => resolve(exitCode ?? signal));
  });
  const after = existsSync(resultFile) ? readFileSync(resultFile, 'utf8') : null;
  runs.push({
    name,
    exit: code,
    seconds: Math.round((performance.now() - t0) / 1000),
    result: code === 0 && after && after !== before ? JSON.parse(after) : null,
  });
}
restoreAutovacuum();

/**
 * Waits (at most 2 minutes) until the machine has been quiet for 3 seconds in a row (under 10% of its CPU busy):
 * the previous benchmark's stack leaves PostgreSQL and the broker working for a while after it stops (its database
 * dropped, checkpoints, the log cleaner), and a benchmark started meanwhile measures that too.
 */
async function quietMachine() {
  const deadline = Date.now() + 120_000;
  let quietSeconds = 0;
  while (quietSeconds < 3 && Date.now() < deadline) {
    const busy = await cpuBusy(1_000);
    quietSeconds = busy < 0.1 ? quietSeconds + 1 : 0;
  }
  if (quietSeconds < 3) console.log('  (the machine did not become quiet within 2 minutes: measuring anyway)');
}

// the figures: this run's results, or an earlier run's for a benchmark left out with --only (its date is kept)
const files = Object.fromEntries(
  BENCHMARKS.map((name) => {
    const file = `${RESULTS_DIR}${name}.json`;
    const ran = runs.find((run) => run.name === name);
    if (ran) return [name, ran.result];
    return [name, existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null];
  }),
);
const get = (name) => files[name]?.results;
const headline = [];
const add = (benchmark, figure, value, target, within, ran = true) =>
  headline.push({
    benchmark,
    figure,
    value: value ?? (ran ? 'not reached' : 'not run'),
    target,
    met: value === undefined || value === null || target === 'report' ? '-' : within ? 'yes' : 'no',
  });
// the targets (bench/README.md, the summary table)
const inbound = get('inbound');
const at300 = inbound?.rates.find((row) => row.rate === 300);
const stoppedAt = at300 || !inbound ? '' : ` (escalation stopped at ${inbound.rates.at(-1)?.rate} msg/s)`;
// the most the stack delivered at any offered rate, over the whole step, with nothing lost at that rate
const best = inbound?.rates.length
  ? inbound.rates.reduce((top, row) => (row.deliveryRate > top.deliveryRate ? row : top))
  : undefined;
add(
  'inbound',
  `sustained delivery (msg/s)${best ? ` (${best.rate.toLocaleString('en-US')} offered, ${best.lost} lost)` : ''}`,
  best?.deliveryRate,
  '≥ 1000',
  (best?.deliveryRate ?? 0) >= 1_000 && best?.lost === 0,
  Boolean(inbound),
);
const burst = inbound?.burst;
// a burst that started before the rates' backlog had arrived measured that backlog too (bench/inbound.mjs)
const behind = burst?.backlogAtStart ? ` (started behind ${burst.backlogAtStart} messages of the rates)` : '';
add(
  'inbound',
  `burst: delivery as fast as the connector takes them (msg/s)${behind}`,
  burst?.deliveryRate,
  'report',
  true,
  Boolean(inbound),
);
add(
  'inbound',
  `burst: CPU per delivered message, all components (ms)${behind}`,
  burst?.cpuMsPerMessage?.total,
  'report',
  true,
  Boolean(inbound),
);
add('inbound', `p99 at 300 msg/s (ms)${stoppedAt}`, at300?.p99, '≤ 250', at300 && at300.p99 <= 250, Boolean(inbound));
add(
  'inbound',
  'highest rate with p99 < 1 s (msg/s)',
  inbound?.highestRateP99Under1s,
  '≥ 1000',
  (inbound?.highestRateP99Under1s ?? 0) >= 1_000,
  Boolean(inbound),
);
const reply = get('reply');
const replyAt20 = reply?.rates.find((row) => row.rate === 20);
add('reply', 'p99 at 20/s (ms)', replyAt20?.p99, '≤ 300', replyAt20 && replyAt20.p99 <= 300, Boolean(reply));
const list = get('ticket-list');
const listCase = (name, c) => list?.cases.find((row) => row.case === name && (row.concurrency ?? 4) === c);
const listTarget = (figure, name, c, target) => {
  const row =
    typeof name === 'function'
      ? list?.cases.find((r) => name(r.case) && (r.concurrency ?? 4) === c)
      : listCase(name, c);
  add('ticket-list', `${figure} p95 at c=${c} (ms)`, row?.p95, `≤ ${target}`, row && row.p95 <= target, Boolean(list));
};
listTarget('GET /tickets closed', 'closed', 1, 25);
listTarget('GET /tickets closed', 'closed', 4, 40);
listTarget('GET /tickets closed, admin showAll', 'closed, admin showAll', 1, 50);
listTarget('search for a common word', (name) => name.startsWith('search common word'), 1, 300);
listTarget('GET /dashboard 30 days', (name) => name.startsWith('dashboard'), 1, 50);
listTarget('GET /dashboard 30 days', (name) => name.startsWith('dashboard'), 4, 100);
// reports (issue 55): the 90-day report by agent and by queue, and a year's CSV export at steady memory
const reports = get('reports');
for (const name of ['90 days by agent', '90 days by queue']) {
  for (const c of [1, 4]) {
    const row = reports?.cases.find((r) => r.case === name && r.concurrency === c);
    add(
      'reports',
      `GET /reports ${name} p95 at c=${c} (ms)`,
      row?.p95,
      '≤ 200',
      row && row.p95 <= 200,
      Boolean(reports),
    );
  }
}
const exported = reports?.export;
const growth =
  exported && exported.rssPeakMb?.tickets && exported.rssBeforeMb?.tickets
    ? exported.rssPeakMb.tickets - exported.rssBeforeMb.tickets
    : undefined;
add(
  'reports',
  `a year's CSV export: tickets RSS growth (MB)${exported ? ` (${exported.rows} rows, ${Math.round(exported.bytes / 1e6)} MB)` : ''}`,
  growth,
  '≤ 64',
  growth !== undefined && growth <= 64,
  Boolean(reports),
);
for (const c of [1, 4]) {
  const tabs = list?.cases.filter(
    (row) => (row.concurrency ?? 4) === c && !/^(messages|dashboard)|directly/.test(row.case),
  );
  const worst = tabs?.length ? tabs.reduce((a, b) => (b.p95 > a.p95 ? b : a)) : null;
  add(
    'ticket-list',
    `GET /tickets slowest case p95 at c=${c} (ms)${worst ? `: ${worst.case}` : ''}`,
    worst?.p95,
    'report',
    true,
  );
}
const fanout = get('fanout');
const biggest = fanout?.steps.at(-1);
add('fanout', 'sockets held on one gateway', biggest?.sockets, '10000', biggest && biggest.sockets >= 10_000);
add(
  'fanout',
  `broadcast p99 at ${biggest?.sockets ?? '-'} sockets (ms)`,
  biggest?.p99,
  '≤ 200',
  biggest && biggest.p99 <= 200,
);
add(
  'fanout',
  `gateway CPU per broadcast at ${biggest?.sockets ?? '-'} sockets (ms)`,
  biggest?.gatewayCpuMsPerBroadcast,
  'report',
  true,
);
const framed = get('fanout-frame')?.steps.at(-1);
add(
  'fanout',
  `with GATEWAY_SOCKET_ADAPTER=frame: p99, gateway CPU per broadcast at ${framed?.sockets ?? '-'} sockets (ms)`,
  framed ? `${framed.p99}, ${framed.gatewayCpuMsPerBroadcast}` : undefined,
  'report',
  true,
);
const shared = get('fanout-2-gateways')?.steps.at(-1);
add(
  'fanout',
  `broadcast p99 at ${shared?.sockets ?? '-'} sockets shared by two gateways (ms)`,
  shared?.p99,
  'report',
  true,
);
const memory = get('memory');
const idleSession = memory?.sessions.at(-1);
add(
  'memory',
  `RSS per idle simulator session at ${idleSession?.sessions ?? '-'} (KB)`,
  idleSession?.perSessionKb,
  '≤ 5120',
  idleSession && idleSession.perSessionKb <= 5_120,
);
// the shapes side by side (issue 50): the distributed total with the broker, and the one-machine process
for (const shape of memory?.shapes ?? []) {
  add('memory', `${shape.shape}: idle RSS (MiB)`, shape.idleMb, 'report', true);
  add('memory', `${shape.shape}: peak RSS under load (MiB)`, shape.peakUnderLoadMb, 'report', true);
}
const campaigns = get('campaigns');
add(
  'campaigns',
  `dispatched at ${campaigns?.throughput.contacts ?? '-'} contacts (msg/s)`,
  campaigns?.throughput.dispatchedPerSecond,
  '≥ 500',
  (campaigns?.throughput.dispatchedPerSecond ?? 0) >= 500,
  Boolean(campaigns),
);
add('campaigns', 'end to end (msg/s)', campaigns?.throughput.endToEndPerSecond, 'report', true, Boolean(campaigns));
add(
  'campaigns',
  'p99 lateness at 1 s intervals (ms)',
  campaigns?.accuracy.latenessP99Ms,
  '≤ 1000',
  campaigns && campaigns.accuracy.latenessP99Ms <= 1_000,
  Boolean(campaigns),
);
add(
  'campaigns',
  'campaigns process RSS peak (MiB)',
  campaigns?.throughput.campaignsPeakRssMb,
  '≤ 200',
  campaigns && campaigns.throughput.campaignsPeakRssMb <= 200,
  Boolean(campaigns),
);
const web = get('web');
add('web', 'first-load JS gzip (KB)', web?.firstLoadGzipKb, '≤ 300', web && web.firstLoadGzipKb <= 300);

const previous = existsSync(`${RESULTS_DIR}latest.json`)
  ? JSON.parse(readFileSync(`${RESULTS_DIR}latest.json`, 'utf8'))
  : null;
const totalSeconds = summaryOnly && previous ? previous.totalSeconds : Math.round((performance.now() - started) / 1000);
if (summaryOnly && previous) runs.push(...previous.runs);
printTable(
  'benchmark runs',
  runs.map(({ name, exit, seconds, result, written }) => ({
    name,
    exit,
    seconds,
    result: (result ?? written) ? 'written' : 'not run',
    loadAverage: files[name]?.loadAverage?.join(' / ') ?? '-',
  })),
);
printTable('headline figures against the targets', headline);
console.log(`\n  total ${Math.floor(totalSeconds / 60)} min ${totalSeconds % 60} s`);
writeFileSync(
  `${RESULTS_DIR}latest.json`,
  `${JSON.stringify(
    {
      takenAt: summaryOnly && previous ? previous.takenAt : new Date().toISOString(),
      machine: runMachine ?? previous?.machine ?? machine(),
      totalSeconds,
      runs: runs.map(({ result, written, ...run }) => ({ ...run, written: Boolean(result ?? written) })),
      resultsTakenAt: Object.fromEntries(BENCHMARKS.map((name) => [name, files[name]?.takenAt ?? null])),
      // 1-, 5- and 15-minute load averages when each result was written (the benchmark's own load included)
      resultsLoadAverage: Object.fromEntries(BENCHMARKS.map((name) => [name, files[name]?.loadAverage ?? null])),
      headline,
    },
    null,
    2,
  )}\n`,
);
