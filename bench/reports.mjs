// Benchmark: reports (issue 55) at the ticket-list's scale. Generates one company (bench/generate.mjs: 1M tickets,
// 200k contacts, 5M messages at --scale 1, the report roll-ups rebuilt after the copy) into a fresh stack's
// database, then drives through the gateway, closed loop at concurrencies 1 and 4, a 90-day report by agent and by
// queue (and by day, and by tag), and streams the CSV of a year's closed attendances (the tickets behind a figure,
// every one of them), sampling the tickets service's RSS while it streams. Prints p50/p95/p99 and the export's
// rows, bytes, time and peak RSS against the RSS before; writes bench/results/reports.json.
//   node --import ./deploy/scripts/register-ts.mjs bench/reports.mjs [--scale 1] [--concurrency 1,4] [--duration 8]
import http from 'node:http';
import pg from 'pg';
import { pollUntil } from '@cs/platform/testing';
import { generate } from './generate.mjs';
import { httpLoad, logIn } from './lib/client.mjs';
import { option, printTable, writeResult } from './lib/report.mjs';
import { peakRssDuring, stackRss } from './lib/rss.mjs';
import { startStack } from './lib/stack.mjs';

const scale = option('scale', 1);
const concurrencies = option('concurrency', [1, 4]);
const durationMs = option('duration', 8) * 1000;

/** Streams a GET to its end, counting bytes and lines without keeping them. */
function drain(base, path, token) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const request = http.get(new URL(path, base), { headers: { authorization: `Bearer ${token}` } }, (response) => {
      let bytes = 0;
      let lines = 0;
      response.on('data', (chunk) => {
        bytes += chunk.length;
        for (const byte of chunk) if (byte === 10) lines += 1;
      });
      response.on('end', () =>
        resolve({ status: response.statusCode, bytes, rows: Math.max(0, lines - 1), ms: performance.now() - started }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

const day = (offset) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

console.log(`reports: scale ${scale}, concurrency ${concurrencies.join(' and ')}, ${durationMs / 1000} s per case`);
let generated;
const stack = await startStack({
  name: 'reports',
  prepare: async (databaseUrl) => {
    generated = await generate(databaseUrl, { scale });
  },
});
try {
  const base = stack.gatewayUrl;
  const admin = await logIn(base, 'admin@demo.local', 'demo12345');
  const db = new pg.Client({ connectionString: stack.databaseUrl });
  db.on('error', () => undefined); // the database is dropped at the end
  await db.connect();
  await pollUntil(async () => (await db.query(`SELECT 1 FROM tickets.companies WHERE id = 2`)).rowCount, {
    timeoutMs: 60_000,
    what: 'the company projection in tickets',
  });
  const rollupRows = Number(
    (await db.query('SELECT count(*) AS n FROM tickets.report_daily WHERE company_id = 2')).rows[0].n,
  );
  const period90 = { from: day(-90), to: day(0) };
  const q = (params) => `/reports?${new URLSearchParams({ ...period90, ...params })}`;
  const cases = [
    { name: '90 days by agent', path: q({ groupBy: 'agent' }) },
    { name: '90 days by queue', path: q({ groupBy: 'queue' }) },
    { name: '90 days by agent and day', path: q({ groupBy: 'agent', period: 'day' }) },
    { name: '90 days by tag and week', path: q({ groupBy: 'tag', period: 'week' }) },
    { name: 'a year by connection and month', path: q({ from: day(-365), groupBy: 'connection', period: 'month' }) },
  ];
  const rows = [];
  for (const item of cases) {
    for (const concurrency of concurrencies) {
      const result = await httpLoad(base, { path: () => item.path, token: admin.token, concurrency, durationMs });
      rows.push({ case: item.name, concurrency, path: item.path, ...result });
      console.log(`  ${item.name} (c=${concurrency}): p95 ${result.p95} ms, ${result.rps} req/s`);
    }
  }
  const before = stackRss(stack);
  const exportPath = `/reports/tickets/export?${new URLSearchParams({ from: day(-365), to: day(0), figure: 'closed' })}`;
  const { result: exported, peak } = await peakRssDuring(stack, () => drain(base, exportPath, admin.token));
  console.log(
    `  a year's closed attendances as CSV: ${exported.rows} rows, ${Math.round(exported.bytes / 1e6)} MB in ` +
      `${Math.round(exported.ms)} ms; tickets RSS ${before.tickets} → peak ${peak.tickets} MB`,
  );
  await db.end();
  printTable(
    `GET /reports through the gateway, closed loop at concurrency c, ${durationMs / 1000} s each (ms)`,
    rows.map((row) => ({
      case: row.case,
      c: row.concurrency,
      'req/s': row.rps,
      p50: row.p50,
      p95: row.p95,
      p99: row.p99,
      max: row.max,
      ok: row.statuses['200'] ?? 0,
    })),
  );
  printTable("a year's CSV export (the tickets behind 'closed')", [
    {
      status: exported.status,
      rows: exported.rows,
      MB: Math.round(exported.bytes / 1e5) / 10,
      ms: Math.round(exported.ms),
      'tickets RSS before (MB)': before.tickets,
      'tickets RSS peak (MB)': peak.tickets,
      'gateway RSS peak (MB)': peak.gateway,
    },
  ]);
  writeResult('reports', {
    params: { scale, concurrencies, durationMs },
    results: { generated, rollupRows, cases: rows, export: { ...exported, rssBeforeMb: before, rssPeakMb: peak } },
  });
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await stack.stop();
}
