// The kanban board's load: how long an admin's board (every open ticket, `showAll`) takes to arrive through the
// gateway, page by page as the web client asks for it (three pages at a time), at the spec's 40 a page and at the
// board's 500 a page. Generates one company with bench/generate.mjs (at --scale 0.25: 250k tickets, of which
// ~5,000 open) into a fresh stack's database before its processes start. Prints a table and writes
// bench/results/kanban.json. A benchmark: it measures and reports, it never fails on timing.
//   node --import ./deploy/scripts/register-ts.mjs bench/kanban.mjs [--scale 0.25] [--sizes 40,500] [--runs 3]
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { pollUntil } from '@cs/platform/testing';
import { generate } from './generate.mjs';
import { call, logIn } from './lib/client.mjs';
import { option, printTable, summarize, writeResult } from './lib/report.mjs';
import { startStack } from './lib/stack.mjs';

const scale = option('scale', 0.25);
const sizes = option('sizes', [40, 500]);
const runs = option('runs', 3);
const PARALLEL_PAGES = 3; // as web/src/features/kanban/components/kanban-page.tsx

/** Loads the whole board as the client does: the first page, then the others a few at a time. */
async function loadBoard(base, token, pageSize) {
  let requests = 0;
  let bytes = 0;
  const ids = new Set();
  const page = async (pageNumber) => {
    requests += 1;
    const body = await call(
      base,
      'GET',
      `/ticket/kanban?${new URLSearchParams({ queueIds: '[]', showAll: 'true', pageNumber: String(pageNumber), pageSize: String(pageSize) })}`,
      { token },
    );
    bytes += JSON.stringify(body).length;
    for (const ticket of body.tickets) ids.add(ticket.id);
    return body;
  };
  const started = performance.now();
  const first = await page(1);
  const pages = first.hasMore ? Math.ceil(first.count / Math.max(first.tickets.length, 1)) : 1;
  let next = 2;
  await Promise.all(
    Array.from({ length: PARALLEL_PAGES }, async () => {
      while (next <= pages) await page(next++);
    }),
  );
  return { ms: Math.round(performance.now() - started), requests, bytes, tickets: ids.size, count: first.count };
}

console.log(`kanban: scale ${scale}, page sizes ${sizes.join(' and ')}, ${runs} runs each`);
let generated;
const stack = await startStack({
  name: 'kanban',
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
  await pollUntil(
    async () =>
      (await db.query(`SELECT 1 FROM tickets.users WHERE company_id = 2 AND id = $1`, [admin.user.id])).rowCount &&
      (await db.query(`SELECT 1 FROM tickets.companies WHERE id = 2`)).rowCount,
    { timeoutMs: 60_000, what: 'the users and company projections in tickets' },
  );
  await db.end();
  await loadBoard(base, admin.token, 500); // warm-up, not counted
  const rows = [];
  for (const pageSize of sizes) {
    const samples = [];
    let last;
    for (let run = 0; run < runs; run += 1) {
      last = await loadBoard(base, admin.token, pageSize);
      samples.push(last.ms);
      console.log(`  ${pageSize} a page: ${last.ms} ms, ${last.requests} requests, ${last.tickets} tickets`);
    }
    const times = summarize(samples);
    rows.push({
      'page size': pageSize,
      'open tickets': last.count,
      loaded: last.tickets,
      requests: last.requests,
      'KB (JSON)': Math.round(last.bytes / 1024),
      'p50 ms': times.p50,
      'max ms': times.max,
    });
  }
  printTable(`the admin's whole board through the gateway, ${PARALLEL_PAGES} pages at a time`, rows);
  writeResult('kanban', {
    params: { scale, sizes, runs, parallelPages: PARALLEL_PAGES },
    results: { generated, rows },
  });
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await stack.stop();
}
