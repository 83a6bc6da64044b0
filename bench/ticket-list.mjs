// Benchmark 3: the ticket list at scale. Generates one company (bench/generate.mjs: 1M tickets, 200k contacts,
// 5M messages at --scale 1) into a fresh stack's database before its processes start, then drives, through the
// gateway, closed loop at fixed concurrencies (1 and 4), each `GET /tickets` tab an agent uses, `GET /messages/{ticketId}` of the
// 10,000-message ticket and `GET /dashboard` for 30 days. Prints p50/p95/p99 and requests per second and
// writes bench/results/ticket-list.json. Also records EXPLAIN ANALYZE of each tab's queries, as the tickets
// service runs them, for the ones over the target.
//   node --import ./deploy/scripts/register-ts.mjs bench/ticket-list.mjs [--scale 1] [--concurrency 1,4] [--duration 8]
import pg from 'pg';
import { generate } from './generate.mjs';
import { api, httpLoad, logIn } from './lib/client.mjs';
import { option, printTable, writeResult } from './lib/report.mjs';
import { stackRss } from './lib/rss.mjs';
import { startStack } from './lib/stack.mjs';
import { pollUntil } from '@cs/platform/testing';

const scale = option('scale', 1);
const concurrencies = option('concurrency', [1, 4]);
const durationMs = option('duration', 8) * 1000;

console.log(`ticket-list: scale ${scale}, concurrency ${concurrencies.join(' and ')}, ${durationMs / 1000} s per case`);
let generated;
const stack = await startStack({
  name: 'ticket-list',
  prepare: async (databaseUrl) => {
    generated = await generate(databaseUrl, { scale });
  },
});
try {
  const base = stack.gatewayUrl;
  const agent = await logIn(base, 'agente@demo.local', 'demo12345');
  const admin = await logIn(base, 'admin@demo.local', 'demo12345');
  // the tickets service learns users and the company from identity's events: wait until they are projected
  const db = new pg.Client({ connectionString: stack.databaseUrl });
  db.on('error', () => undefined); // the database is dropped at the end
  await db.connect();
  await pollUntil(
    async () =>
      (await db.query(`SELECT 1 FROM tickets.users WHERE company_id = 2 AND id = $1`, [agent.user.id])).rowCount &&
      (await db.query(`SELECT 1 FROM tickets.companies WHERE id = 2`)).rowCount,
    { timeoutMs: 60_000, what: 'the users and company projections in tickets' },
  );
  const nameRow = await db.query(
    `SELECT name FROM tickets.contacts WHERE company_id = 2 ORDER BY id OFFSET $1 LIMIT 1`,
    [Math.min(4321, generated.counts.contacts - 1)],
  );
  const searchName = nameRow.rows[0].name.split(' ').slice(0, 2).join(' ');
  // an order number a contact wrote (an agent looking a customer up by it): a rare word of the message bodies
  const orderRow = await db.query(
    `SELECT substring(body from 'pedido ([0-9]{6})') AS n FROM tickets.messages
      WHERE company_id = 2 AND seq > 10000 AND body LIKE '%pedido %' AND NOT from_me LIMIT 1`,
  );
  const orderNumber = orderRow.rows[0]?.n ?? '123456';
  const q = (params) =>
    `/tickets?${new URLSearchParams({ pageNumber: '1', showAll: 'false', queueIds: '[1,2]', ...params })}`;
  const cases = [
    { name: 'open (mine)', user: agent, path: q({ status: 'open' }) },
    { name: 'pending', user: agent, path: q({ status: 'pending' }) },
    { name: 'closed', user: agent, path: q({ status: 'closed' }) },
    { name: 'closed, admin showAll', user: admin, path: q({ status: 'closed', showAll: 'true' }) },
    // a supervisor's search, over every ticket (an agent's covers only theirs and their queues' pending)
    { name: `search name "${searchName}"`, user: admin, path: q({ searchParam: searchName, showAll: 'true' }) },
    { name: `search text "${orderNumber}"`, user: admin, path: q({ searchParam: orderNumber, showAll: 'true' }) },
    // a word in one message of 16: the worst case of the text search (hundreds of thousands of tickets match)
    { name: 'search common word "reembolso"', user: admin, path: q({ searchParam: 'reembolso', showAll: 'true' }) },
    { name: 'tag 5 (Urgente)', user: agent, path: q({ tags: '[5]' }) },
    { name: 'with unread', user: agent, path: q({ withUnreadMessages: 'true' }) },
    { name: 'closed page 5', user: agent, path: q({ status: 'closed', pageNumber: '5' }) },
    { name: 'messages of the 10k ticket', user: agent, path: `/messages/${generated.bigTicketId}?pageNumber=1` },
    { name: 'dashboard 30 days', user: admin, path: '/dashboard?days=30' },
  ];
  const rows = [];
  for (const item of cases) {
    const sample = await api(base, 'GET', item.path, { token: item.user.token });
    // `count` of the ticket list is exact up to 10,000 and, for a common-word search, what the first page proves
    // (its tickets plus one): either is shown as "at least" (`+`)
    const atLeast =
      sample.body?.hasMore && (sample.body.count >= 10_000 || sample.body.count === sample.body.tickets?.length + 1);
    const found =
      sample.status === 200
        ? `${sample.body.count ?? sample.body.tickets?.length ?? sample.body.messages?.length ?? null}${atLeast ? '+' : ''}`
        : `HTTP ${sample.status}`;
    for (const concurrency of concurrencies) {
      const result = await httpLoad(base, { path: () => item.path, token: item.user.token, concurrency, durationMs });
      rows.push({ case: item.name, concurrency, path: item.path, found, ...result });
      console.log(`  ${item.name} (c=${concurrency}): p95 ${result.p95} ms, ${result.rps} req/s`);
    }
  }
  // the gateway's share: the agent's open tab asked of the tickets service directly, with the identity headers
  // the gateway would add (token check, routing and proxying are what the difference costs)
  const direct = {
    'x-internal-token': stack.env.INTERNAL_TOKEN,
    'x-company-id': String(agent.user.companyId),
    'x-user-id': String(agent.user.id),
    'x-user-profile': agent.user.profile,
    'x-user-super': 'false',
    'x-session-id': 'bench',
  };
  for (const concurrency of concurrencies) {
    const path = q({ status: 'open' });
    const result = await httpLoad(stack.serviceUrls.TICKETS_URL, {
      path: () => path,
      headers: direct,
      concurrency,
      durationMs,
    });
    rows.push({ case: 'open (mine), tickets service directly', concurrency, path, found: null, ...result });
    console.log(`  open (mine) directly (c=${concurrency}): p95 ${result.p95} ms, ${result.rps} req/s`);
  }
  const rss = stackRss(stack);
  await db.end();
  const table = rows.map((row) => ({
    case: row.case,
    c: row.concurrency,
    found: row.found,
    'req/s': row.rps,
    p50: row.p50,
    p95: row.p95,
    p99: row.p99,
    max: row.max,
    ok: row.statuses['200'] ?? 0,
    other: Object.entries(row.statuses)
      .filter(([status]) => status !== '200')
      .map(([s, n]) => `${s}:${n}`)
      .join(' '),
  }));
  printTable(`GET through the gateway, closed loop at concurrency c, ${durationMs / 1000} s each (ms)`, table);
  writeResult('ticket-list', {
    params: { scale, concurrencies, durationMs },
    results: { generated, cases: rows, rssAfterMb: rss },
  });
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await stack.stop();
}
