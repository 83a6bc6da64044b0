// Benchmark: the audit log at a million entries. Seeds identity's audit_entries (1,000,000 at --scale 1: 300,000 of
// them the demo company's, by 40 people and 12 actions drawn at random, over a year; the rest spread over 500 other companies)
// into a fresh stack's database before its processes start, then drives `GET /audit-logs` through the gateway,
// closed loop at fixed concurrencies, for each filter the page offers an admin and the super user (newest page,
// person, action, a week six months back, all three, a page deep in the log by its cursor). Prints p50/p95/p99 and
// requests per second and writes bench/results/audit-log.json, with the EXPLAIN ANALYZE of the slowest case.
//   node --import ./deploy/scripts/register-ts.mjs bench/audit-log.mjs [--scale 1] [--concurrency 1,4] [--duration 5]
import pg from 'pg';
import { api, httpLoad, logIn } from './lib/client.mjs';
import { option, printTable, writeResult } from './lib/report.mjs';
import { startStack } from './lib/stack.mjs';

const scale = option('scale', 1);
const concurrencies = option('concurrency', [1, 4]);
const durationMs = option('duration', 5) * 1000;
const total = Math.round(1_000_000 * scale);
const demoShare = Math.round(total * 0.3);
const ACTIONS = [
  'setting.updated',
  'user.created',
  'user.updated',
  'user.deleted',
  'queue.created',
  'queue.updated',
  'queue.deleted',
  'prompt.updated',
  'queue-integration.updated',
  'connection.updated',
  'company.due-date-extended',
  'user.two-factor-reset',
];

/** The seed: the demo company's share first (company 2, actors 1000..1039), then 500 other companies. */
async function seed(databaseUrl) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const started = performance.now();
  const insert = (count, company, actor) =>
    db.query(
      `INSERT INTO identity.audit_entries (event_id, company_id, occurred_at, actor_user_id, actor_company_id,
         actor_name, actor_email, actor_profile, actor_super, ip, action, target_type, target_id, target_label,
         changes, service)
       SELECT gen_random_uuid(), g.company, now() - (random() * interval '365 days'), g.actor, g.company,
              'Pessoa ' || g.actor, 'pessoa' || g.actor || '@empresa.com.br', 'admin', false, '203.0.113.10',
              ($2::text[])[1 + floor(random() * cardinality($2::text[]))::int], 'queue', (g.n % 500)::text,
              'Fila ' || (g.n % 500),
              jsonb_build_array(jsonb_build_object('field', 'name', 'before', 'Fila', 'after', 'Fila ' || g.n)),
              'tickets'
         FROM (SELECT n, ${company} AS company, ${actor} AS actor FROM generate_series(1, $1) n) g`,
      [count, ACTIONS],
    );
  for (let offset = 0; offset < demoShare; offset += 100_000)
    await insert(Math.min(100_000, demoShare - offset), '2', '1000 + floor(random() * 40)::int');
  for (let offset = 0; offset < total - demoShare; offset += 100_000)
    await insert(Math.min(100_000, total - demoShare - offset), '3 + (n % 500)', '5000 + floor(random() * 2000)::int');
  await db.query('VACUUM ANALYZE identity.audit_entries');
  const rows = Number((await db.query('SELECT count(*) FROM identity.audit_entries')).rows[0].count);
  await db.end();
  return { rows, demoCompany: demoShare, seconds: Math.round((performance.now() - started) / 100) / 10 };
}

console.log(`audit-log: ${total} entries, concurrency ${concurrencies.join(' and ')}, ${durationMs / 1000} s per case`);
let seeded;
const stack = await startStack({
  name: 'audit-log',
  prepare: async (databaseUrl) => {
    seeded = await seed(databaseUrl);
  },
});
try {
  const base = stack.gatewayUrl;
  const admin = await logIn(base, 'admin@demo.local', 'demo12345');
  const platform = await logIn(base, 'super@plataforma.local', 'super12345');
  const db = new pg.Client({ connectionString: stack.databaseUrl });
  db.on('error', () => undefined); // the database is dropped at the end
  await db.connect();
  // a cursor deep in the demo company's log: the boundary of its 20,000th newest entry
  const deep = await db.query(
    `SELECT (extract(epoch FROM occurred_at) * 1000000)::bigint::text AS micros, id::text
       FROM identity.audit_entries WHERE company_id = 2 ORDER BY occurred_at DESC, id DESC OFFSET 20000 LIMIT 1`,
  );
  const cursor = Buffer.from(`${deep.rows[0].micros}.${deep.rows[0].id}`).toString('base64url');
  const week = (daysAgo) => ({
    from: new Date(Date.now() - daysAgo * 86_400_000).toISOString(),
    to: new Date(Date.now() - (daysAgo - 7) * 86_400_000).toISOString(),
  });
  const q = (params) => `/audit-logs?${new URLSearchParams({ limit: '50', ...params })}`;
  const cases = [
    { name: 'admin: newest page', user: admin, path: q({}) },
    { name: 'admin: one person', user: admin, path: q({ userId: '1007' }) },
    { name: 'admin: one action', user: admin, path: q({ action: 'prompt.updated' }) },
    { name: 'admin: a week, 6 months back', user: admin, path: q(week(180)) },
    {
      name: 'admin: person + action + week',
      user: admin,
      path: q({ userId: '1007', action: 'queue.updated', ...week(180) }),
    },
    { name: 'admin: 400 pages deep (cursor)', user: admin, path: q({ cursor }) },
    { name: 'super: every company, newest', user: platform, path: q({}) },
    { name: 'super: one company', user: platform, path: q({ companyId: '250' }) },
    { name: 'super: one action, every company', user: platform, path: q({ action: 'user.two-factor-reset' }) },
    { name: 'super: one person, a week', user: platform, path: q({ userId: '5123', ...week(90) }) },
  ];
  const rows = [];
  for (const item of cases) {
    const sample = await api(base, 'GET', item.path, { token: item.user.token });
    const found =
      sample.status === 200
        ? `${sample.body.records.length}${sample.body.nextCursor ? '+' : ''}`
        : `HTTP ${sample.status}`;
    for (const concurrency of concurrencies) {
      const result = await httpLoad(base, { path: () => item.path, token: item.user.token, concurrency, durationMs });
      rows.push({ case: item.name, concurrency, path: item.path, found, ...result });
      console.log(`  ${item.name} (c=${concurrency}): p95 ${result.p95} ms, ${result.rps} req/s`);
    }
  }
  // the plan of the slowest case at c=1, as identity runs its query (the page of 51 rows, then the company names)
  const slowest = rows.filter((row) => row.concurrency === concurrencies[0]).sort((a, b) => b.p95 - a.p95)[0];
  const plan = await db.query(
    `EXPLAIN (ANALYZE, BUFFERS) SELECT * FROM identity.audit_entries WHERE company_id = 2 AND actor_user_id = 1007
       AND action = 'queue.updated' ORDER BY occurred_at DESC, id DESC LIMIT 51`,
  );
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
  printTable(
    `GET /audit-logs through the gateway at ${seeded.rows} entries, closed loop at concurrency c, ${durationMs / 1000} s each (ms)`,
    table,
  );
  console.log(`\n  slowest at c=${concurrencies[0]}: ${slowest.case} (p95 ${slowest.p95} ms)`);
  writeResult('audit-log', {
    params: { scale, concurrencies, durationMs },
    results: { seeded, cases: rows, planPersonActionCompany: plan.rows.map((row) => row['QUERY PLAN']) },
  });
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await stack.stop();
}
