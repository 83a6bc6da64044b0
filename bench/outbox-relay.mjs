// Micro-benchmark: what the outbox relay's take costs PostgreSQL, with the take window (a take looks above the last id
// it took and in the gaps that open transactions may fill; services/platform/src/events/outbox-take-window.ts) and
// without it (every take from the low end of the index), interleaved. Each round: a fresh schema
// with the platform's migrations, one `OutboxRelay` on an in-process bus (publishing costs no broker), and `--writers`
// connections committing transactions of `--per-transaction` events of ~1.4 kB each (one multi-row insert, as
// `EventPublisher` writes) at `--rate` events a second in all, for `--seconds`. With `held`, a connection holds a
// snapshot from before the round's first event to its end, as a slow transaction elsewhere in the database does: no row
// the relay deletes meanwhile can be cleaned up, nor its index entry marked dead; `xid` holds it with an xid, as a long
// transaction that wrote does (anywhere in the cluster): besides, no gap of the window closes meanwhile. Reports, per
// variant and horizon: events published a second, the relay's backend CPU per 1,000 events (its LISTEN connection,
// from /proc: PostgreSQL runs on this machine), the writers' backends' CPU per 1,000 events, and the lag from a
// transaction's COMMIT (sent) to the relay's publish (p50 / p99 / max).
//   node --import ./deploy/scripts/register-ts.mjs bench/outbox-relay.mjs [--rate 3000] [--seconds 10] [--writers 12]
//     [--per-transaction 3] [--repeat 2] [--horizons free,held,xid]   (or BENCH_RATE, BENCH_SECONDS, ...)
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import pino from 'pino';
import { createServiceDataSource, PlatformMigrations, runMigrations } from '@cs/platform/database';
import { InProcessEventBus, OutboxRelay } from '@cs/platform/events';
import { testServerUrl } from '@cs/platform/testing';
import { option, printTable, summarize, writeResult } from './lib/report.mjs';
import { cpuMs } from './lib/rss.mjs';

const rate = option('rate', 3000);
const seconds = option('seconds', 10);
const writerCount = option('writers', 12);
const perTransaction = option('per-transaction', 3);
const repeat = option('repeat', 2);
const horizons = option('horizons', ['free', 'held', 'xid']);
const url = testServerUrl();
const logger = pino({ level: 'warn' });
const filler = 'x'.repeat(1_300);

const INSERT = `INSERT INTO outbox (event_id, topic, message_key, type, company_id, correlation_id, payload, headers)
  SELECT e.event_id, 'bench.outbox', e.message_key, 'bench.outbox', 1, NULL, p.payload, '{}'
    FROM unnest($1::uuid[], $2::text[]) WITH ORDINALITY AS e(event_id, message_key, n)
    JOIN json_array_elements($3::json) WITH ORDINALITY AS p(payload, n) USING (n)
   ORDER BY e.n`;

async function round(variant, horizon) {
  const schema = `bench_relay_${randomBytes(4).toString('hex')}`;
  const dataSource = createServiceDataSource({
    url,
    schema,
    entities: [],
    migrations: PlatformMigrations,
  });
  await runMigrations(dataSource);
  const committedAt = new Map();
  const lags = [];
  const bus = new InProcessEventBus();
  await bus.connect();
  bus.publish = async (messages) => {
    const now = performance.now();
    for (const message of messages) {
      const at = committedAt.get(message.key);
      if (at !== undefined) lags.push(now - at);
    }
  };
  const relay = new OutboxRelay({ dataSource, bus, schema, logger, takeWindow: variant === 'window' });
  await relay.start();
  const connect = async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`SET search_path TO "${schema}"`);
    const {
      rows: [{ pid }],
    } = await client.query('SELECT pg_backend_pid() AS pid');
    return { client, pid };
  };
  const holder = horizon === 'free' ? undefined : await connect();
  if (holder) {
    await holder.client.query('BEGIN ISOLATION LEVEL REPEATABLE READ');
    await holder.client.query('SELECT count(*) FROM outbox');
    if (horizon === 'xid') await holder.client.query('SELECT pg_current_xact_id()');
  }
  const writers = await Promise.all(Array.from({ length: writerCount }, connect));
  const [relayBackend] = (
    await writers[0].client.query('SELECT pid FROM pg_stat_activity WHERE application_name = $1', [
      `${schema}-outbox-listener`,
    ])
  ).rows;
  const relayBefore = cpuMs(relayBackend.pid);
  const writersBefore = writers.reduce((sum, writer) => sum + cpuMs(writer.pid), 0);
  const started = performance.now();
  const interval = (1000 * perTransaction * writerCount) / rate;
  let sent = 0;
  await Promise.all(
    writers.map(async ({ client }, w) => {
      for (let n = 0; ; n += 1) {
        const due = started + (w / writerCount) * interval + n * interval;
        if (due - started >= seconds * 1000) return;
        const wait = due - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        const keys = Array.from({ length: perTransaction }, () => randomUUID());
        await client.query('BEGIN');
        await client.query(INSERT, [
          keys.map(() => randomUUID()),
          keys,
          JSON.stringify(keys.map((key) => ({ key, filler }))),
        ]);
        // from the COMMIT sent: the relay may publish before the commit's answer reaches this process
        for (const key of keys) committedAt.set(key, performance.now());
        await client.query('COMMIT');
        sent += keys.length;
      }
    }),
  );
  const deadline = performance.now() + 30_000;
  while (lags.length < sent && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  const elapsed = (performance.now() - started) / 1000;
  const relayCpu = cpuMs(relayBackend.pid) - relayBefore;
  const writersCpu = writers.reduce((sum, writer) => sum + cpuMs(writer.pid), 0) - writersBefore;
  if (holder) await holder.client.query('COMMIT');
  await relay.stop();
  for (const { client } of [...writers, ...(holder ? [holder] : [])]) await client.end();
  await dataSource.query(`DROP SCHEMA "${schema}" CASCADE`);
  await dataSource.destroy();
  const lag = summarize(lags);
  return {
    variant,
    horizon,
    sent,
    published: lags.length,
    publishedPerSecond: Math.round((lags.length / elapsed) * 10) / 10,
    relayBackendCpuMsPer1000: Math.round((relayCpu / sent) * 1000 * 10) / 10,
    writersBackendCpuMsPer1000: Math.round((writersCpu / sent) * 1000 * 10) / 10,
    lagP50Ms: lag.p50,
    lagP99Ms: lag.p99,
    lagMaxMs: lag.max,
  };
}

console.log(
  `outbox relay: ${rate} events/s for ${seconds} s, ${writerCount} writers, ${perTransaction} events a transaction, ` +
    `${repeat} round(s) of each, interleaved`,
);
const results = [];
for (let r = 0; r < repeat; r += 1) {
  for (const horizon of horizons) {
    for (const variant of ['full', 'window']) {
      const result = await round(variant, horizon);
      console.log(
        `  ${variant} take, horizon ${horizon}: ${result.published}/${result.sent} published, relay backend ` +
          `${result.relayBackendCpuMsPer1000} ms of CPU per 1,000 events, lag p99 ${result.lagP99Ms} ms`,
      );
      results.push(result);
    }
  }
}
printTable('outbox relay: take from the low end (full) and the take window (window)', results);
writeResult('outbox-relay', {
  params: { rate, seconds, writers: writerCount, perTransaction, repeat, horizons },
  results,
});
