// Micro-benchmark: what one event consumer's transaction costs through @cs/platform/database, on real PostgreSQL:
// `TransactionHost.run` with the inbox insert (a prepared statement) and two events written by `EventPublisher`
// (the outbox insert, a prepared statement), while an `OutboxRelay` of the same process publishes them to an in-process
// bus (no broker) and deletes them, as every service's consumer and relay do. `--concurrency` workers each run one
// transaction after another for `--seconds`; the rounds of each concurrency are repeated (`--repeat`). Reports per
// round: transactions a second, latency (p50 / p99), Node's CPU (this process: TypeORM, pg, the relay) and PostgreSQL's
// (this run's backends, from /proc: PostgreSQL runs on this machine) per 1,000 transactions. Compare two builds by
// running it in each (bench/README.md, "transactions").
//   node --import ./deploy/scripts/register-ts.mjs bench/transactions.mjs [--seconds 10] [--concurrency 1,8] [--repeat 2]
import { randomBytes, randomUUID } from 'node:crypto';
import pino from 'pino';
import {
  createServiceDataSource,
  PlatformMigrations,
  preparedStatement,
  runMigrations,
  TransactionHost,
} from '@cs/platform/database';
import * as database from '@cs/platform/database';
import { EventPublisher, InProcessEventBus, OutboxRelay } from '@cs/platform/events';
import { testServerUrl } from '@cs/platform/testing';
import { TagDeleted } from '@cs/proto/events';
import { option, printTable, summarize, writeResult } from './lib/report.mjs';
import { cpuMs } from './lib/rss.mjs';

const seconds = option('seconds', 10);
const concurrencies = option('concurrency', [1, 8]);
const repeat = option('repeat', 2);
const url = testServerUrl();
const logger = pino({ level: 'warn' });

const INBOX_TEXT =
  'INSERT INTO inbox (consumer, event_id, topic, type) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING RETURNING event_id';
const inbox = preparedStatement(INBOX_TEXT);
// the build measured: `runPrepared` with a statement object (public API), or `manager.query` with a registered text
const runInbox =
  typeof inbox === 'string'
    ? (manager, values) => manager.query(inbox, values)
    : (manager, values) => database.runPrepared(manager, inbox, values);
const build = typeof inbox === 'string' ? 'pg patch' : 'public API';

async function round(concurrency) {
  const schema = `bench_tx_${randomBytes(4).toString('hex')}`;
  const dataSource = createServiceDataSource({ url, schema, entities: [], migrations: PlatformMigrations });
  await runMigrations(dataSource);
  const bus = new InProcessEventBus();
  await bus.connect();
  bus.publish = async () => undefined;
  const relay = new OutboxRelay({ dataSource, bus, schema, logger });
  await relay.start();
  const transactions = new TransactionHost(dataSource);
  const publisher = new EventPublisher(transactions, 'bench');
  let key = 0;
  const transaction = () =>
    transactions.run(async (manager) => {
      await runInbox(manager, ['bench.consumer', randomUUID(), 'bench.topic', 'bench.type']);
      await publisher.emitAll([
        { definition: TagDeleted, input: { companyId: 1, key: (key += 1), data: { id: key } } },
        { definition: TagDeleted, input: { companyId: 1, key: (key += 1), data: { id: key } } },
      ]);
    });
  const work = async (until, latencies) => {
    while (performance.now() < until) {
      const started = performance.now();
      await transaction();
      latencies?.push(performance.now() - started);
    }
  };
  // warm-up: every worker's connection opened and its statements prepared
  await Promise.all(Array.from({ length: concurrency }, () => work(performance.now() + 1_000)));
  await relay.flush();
  const pids = (
    await dataSource.query('SELECT pid FROM pg_stat_activity WHERE application_name LIKE $1', [`${schema}%`])
  ).map((row) => row.pid);
  const backendsBefore = pids.reduce((sum, pid) => sum + cpuMs(pid), 0);
  const nodeBefore = process.cpuUsage();
  const latencies = [];
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, () => work(started + seconds * 1_000, latencies)));
  await relay.flush();
  const elapsed = (performance.now() - started) / 1_000;
  const node = process.cpuUsage(nodeBefore);
  const backends = pids.reduce((sum, pid) => sum + cpuMs(pid), 0) - backendsBefore;
  await relay.stop();
  await dataSource.query(`DROP SCHEMA "${schema}" CASCADE`);
  await dataSource.destroy();
  const count = latencies.length;
  const latency = summarize(latencies);
  return {
    build,
    concurrency,
    transactions: count,
    perSecond: Math.round(count / elapsed),
    p50Ms: latency.p50,
    p99Ms: latency.p99,
    nodeCpuMsPer1000: Math.round(((node.user + node.system) / 1_000 / count) * 1_000),
    postgresCpuMsPer1000: Math.round((backends / count) * 1_000),
  };
}

console.log(
  `transactions (${build}): ${seconds} s per round, concurrency ${concurrencies.join(', ')}, ${repeat} round(s) each`,
);
const results = [];
for (let r = 0; r < repeat; r += 1) {
  for (const concurrency of concurrencies) {
    const result = await round(concurrency);
    results.push(result);
    console.log(`  ${JSON.stringify(result)}`);
  }
}
printTable(`a consumer's transaction (inbox insert + two outbox events, relay running), ${build}`, results);
writeResult('transactions', { params: { seconds, concurrencies, repeat, build }, results });
