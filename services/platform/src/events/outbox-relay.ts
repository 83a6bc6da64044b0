import type pg from 'pg';
import type { DataSource } from 'typeorm';
import type { Logger } from 'pino';
import { PgListener } from '../database/pg-listener.js';
import { preparedStatement, runPrepared } from '../database/prepared.js';
import { meter } from '../telemetry/instrumentation.js';
import { type BusMessage, EVENT_HEADERS, type EventBus } from './event-bus.js';
import { OutboxTakeWindow, type TakeTransactions } from './outbox-take-window.js';

export interface OutboxRelayOptions {
  readonly dataSource: DataSource;
  readonly bus: EventBus;
  readonly schema: string;
  readonly logger: Logger;
  readonly batchSize?: number;
  /** Safety net when a NOTIFY is missed (the LISTEN connection dropped). */
  readonly pollIntervalMs?: number;
  /**
   * Fault injection for the crash tests only: `exit-after-publish` kills the process after Kafka accepted a
   * batch and before the deletion of its rows commits, as a crash there would.
   */
  readonly fault?: 'exit-after-publish' | undefined;
  /**
   * `false`: every take looks from the low end of the outbox, without the take window (`bench/outbox-relay.mjs`
   * compares the two; the relay also falls back to it while the outbox's ids are not drawn for the window).
   */
  readonly takeWindow?: boolean;
}

interface OutboxRow {
  id: string;
  event_id: string;
  topic: string;
  message_key: string;
  type: string;
  company_id: number;
  /**
   * The envelope `EventPublisher` validated and wrote, as PostgreSQL prints it: it goes out as it is, never parsed
   * here (parsing it into an object and writing it out again would cost every event twice).
   */
  payload: string;
  /** The envelope's `correlationId` (null when it has none). */
  correlation_id: string | null;
  headers: Record<string, string>;
}

const published = meter().createCounter('outbox_events_published_total', {
  description: 'Events published by the outbox relay',
});
const untrackedRows = meter().createCounter('outbox_untracked_rows_total', {
  description:
    "Outbox rows an audit take found outside the relay's take window (should stay 0: see outbox-take-window.ts)",
});

/** Relays of this process, by schema, whose lag the gauge reports at each scrape. */
const relays = new Map<string, OutboxRelay>();
/** The running relay of this process for a data source: `EventPublisher` wakes it after a commit. */
const localRelays = new Map<DataSource, OutboxRelay>();

export const localOutboxRelay = (dataSource: DataSource): OutboxRelay | undefined => localRelays.get(dataSource);

/** How soon a relay looks again when another relay held the schema's lock (it may not have seen our rows). */
const CONTENDED_RETRY_MS = 20;
/** How often a take also looks at everything below the window's mark (see `OutboxTakeWindow.advance`). */
const AUDIT_INTERVAL_MS = 10_000;
let lagGauge = false;

/**
 * The lag gauge, registered when the first relay starts: the telemetry's meter provider is set by then (an
 * instrument created at import time, before `startTelemetry`, would belong to the no-op provider).
 */
function registerLagGauge(): void {
  if (lagGauge) return;
  lagGauge = true;
  meter()
    .createObservableGauge('outbox_oldest_unpublished_age_seconds', {
      description: 'Age of the oldest outbox event not yet acknowledged by the broker (0 when the outbox is empty)',
    })
    .addCallback(async (result) => {
      for (const [schema, relay] of relays) {
        const age = await relay.oldestUnpublishedAgeSeconds().catch(() => undefined);
        if (age !== undefined) result.observe(age, { schema });
      }
    });
}

/**
 * Publishes committed outbox rows in id order, then deletes them, in one transaction per batch. It wakes on
 * the outbox trigger's NOTIFY (low latency) and polls as a fallback. A transaction-scoped advisory lock makes
 * one relay per schema publish at a time, so events keep their order across replicas. A crash between
 * publish and delete republishes the batch: consumers' inboxes make that harmless (at-least-once delivery,
 * exactly-once effect). A crash before publish leaves the rows for the next start. Rows are deleted only after
 * `bus.publish` resolved, which the Kafka bus does only when the broker acknowledged every record of the batch
 * (a failed send replaces the producer, so no stale sequence number can make the broker drop a record as a
 * duplicate). After a failure it retries the same batch, in order, backing off to at most 2 s.
 */
export class OutboxRelay {
  private running = false;
  private listener: PgListener | undefined;
  private wake: (() => void) | undefined;
  private loop: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private failures = 0;
  /** A NOTIFY (or the poll) came since the last look at the outbox: look again before waiting. */
  private poked = false;
  /** The last look found the schema's lock held by another relay (another replica, or a `flush`). */
  private contended = false;
  /** Where the next take looks (see `outbox-take-window.ts`); undefined while the outbox's ids are not drawn for it. */
  private window: OutboxTakeWindow | undefined;
  /**
   * Whether the outbox's id default draws an id after the transaction's xid (`OutboxIdAfterXid1765000000000`); looked
   * up again at each audit while it is not (the migration may run after the process started).
   */
  private windowed: boolean | undefined;
  private lastAudit = Date.now();
  /** One take at a time in this process (the loop and a `flush`): the window follows the takes in their order. */
  private taking: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: OutboxRelayOptions) {}

  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    relays.set(this.options.schema, this);
    localRelays.set(this.options.dataSource, this);
    registerLagGauge();
    await this.listen();
    this.timer = setInterval(() => this.poke(), this.options.pollIntervalMs ?? 1_000);
    this.timer.unref();
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.running = false;
    if (relays.get(this.options.schema) === this) relays.delete(this.options.schema);
    if (localRelays.get(this.options.dataSource) === this) localRelays.delete(this.options.dataSource);
    if (this.timer) clearInterval(this.timer);
    this.wake?.();
    await this.loop;
    await this.listener?.stop();
    this.listener = undefined;
  }

  /**
   * Stops the loop, then publishes what is still pending (what the consumers and jobs wrote while they finished their
   * work, in a graceful shutdown) until the outbox is empty or the deadline (`Date.now()` scale) passes. A failure
   * (the bus refusing) leaves the rest where it is, for the next relay of the schema.
   */
  async stopAfterPublishing(deadline: number): Promise<void> {
    await this.stop();
    const batchSize = this.options.batchSize ?? 500;
    try {
      for (let count = batchSize; count >= batchSize && Date.now() < deadline;) count = await this.publishBatch();
    } catch (error) {
      this.options.logger.warn({ err: error }, 'outbox relay stopped with events left for the next relay');
    }
  }

  /**
   * Rows were committed to the outbox by this process (`EventPublisher`, after the commit): publish them now. Such
   * a transaction sends no NOTIFY (see `OutboxQuietNotify1764500000000`).
   */
  committed(): void {
    this.poke();
  }

  /** Publishes everything pending now (tests and shutdown). */
  async flush(): Promise<number> {
    let total = 0;
    for (;;) {
      const count = await this.publishBatch();
      total += count;
      if (count < (this.options.batchSize ?? 500)) return total;
    }
  }

  /** Seconds since the oldest event still in the outbox was written (0 when everything is published). */
  async oldestUnpublishedAgeSeconds(): Promise<number> {
    const [row] = await this.options.dataSource.query<Array<{ age: number | null }>>(
      'SELECT EXTRACT(EPOCH FROM (now() - min(created_at)))::float8 AS age FROM outbox',
    );
    return Math.max(0, Math.round((row?.age ?? 0) * 10) / 10);
  }

  /** The LISTEN connection (`PgListener`): a NOTIFY or a reconnect (notifications may be lost) wakes the loop. */
  private async listen(): Promise<void> {
    this.listener = new PgListener({
      dataSource: this.options.dataSource,
      channels: [`${this.options.schema}_outbox`],
      applicationName: `${this.options.schema}-outbox-listener`,
      logger: this.options.logger,
      onNotification: () => this.poke(),
      onReconnect: () => this.poke(),
      settings: TAKE_SETTINGS,
    });
    await this.listener.start();
  }

  /**
   * Wakes the loop, or, while it is publishing, makes it look again once done: a row committed after the batch's
   * SELECT notifies during the publish, and must not wait for the next NOTIFY or the poll.
   */
  private poke(): void {
    this.poked = true;
    this.wake?.();
  }

  private async run(): Promise<void> {
    while (this.running) {
      this.poked = false;
      try {
        await this.flush();
        this.failures = 0;
      } catch (error) {
        this.failures += 1;
        this.options.logger.warn({ err: error, failures: this.failures }, 'outbox relay could not publish; retrying');
        await sleep(Math.min(2_000, 100 * 2 ** Math.min(this.failures, 5)));
        continue;
      }
      if (!this.running) break;
      if (this.poked) continue;
      if (this.contended) {
        // the holder may have read the outbox before our rows committed, and no NOTIFY tells it about them
        await sleep(CONTENDED_RETRY_MS);
        continue;
      }
      await new Promise<void>((resolve) => {
        this.wake = resolve;
      });
    }
  }

  /**
   * One round: the batch taken out of the outbox in a transaction that stays open while the batch is published and
   * commits only after, so a failed publish (or a crash) rolls the rows back for the next round. On the LISTEN
   * connection when it is up (the relay then never waits for a pool connection behind busy consumers: the events
   * they committed go out at once), else on the pool. The take looks where the window says (`outbox-take-window.ts`),
   * and the window follows it once it committed.
   */
  private publishBatch(): Promise<number> {
    const round = this.taking.then(() => this.takeAndPublish());
    this.taking = round.catch(() => undefined);
    return round;
  }

  private async takeAndPublish(): Promise<number> {
    const batchSize = this.options.batchSize ?? 500;
    const lockKey = `outbox:${this.options.schema}`;
    // no transaction stays open while the bus is held (make dev's start-up)
    await this.options.bus.publishable?.();
    const audit = Date.now() - this.lastAudit >= AUDIT_INTERVAL_MS;
    if (this.windowed === undefined || (audit && !this.windowed)) {
      this.windowed = this.options.takeWindow !== false && (await this.idsDrawnAfterXid());
    }
    const window = this.windowed ? (this.window ??= new OutboxTakeWindow()) : new OutboxTakeWindow();
    const bounds = window.bounds(audit);
    const values: TakeValues = [lockKey, batchSize, bounds.mark, bounds.lo, bounds.hi, bounds.until, bounds.running];
    const client = this.listener?.client;
    let take: TakenRow[];
    if (!client) {
      take = await this.options.dataSource.transaction(async (manager) => {
        for (const [name, value] of Object.entries(TAKE_SETTINGS)) await manager.query(`SET LOCAL ${name} = ${value}`);
        const rows = await runPrepared<TakenRow>(manager, TAKE_BATCH, values);
        await this.publishTaken(rows);
        return rows;
      });
    } else {
      try {
        take = await beginAndTake(client, values);
        await this.publishTaken(take);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      }
    }
    const [lock, ...rows] = take;
    if (lock?.locked && lock.snapshot !== null) {
      if (audit) this.lastAudit = Date.now();
      const { untracked } = window.advance(
        { ...snapshotTransactions(lock.snapshot), xid: rows[0]?.xid ? BigInt(rows[0].xid) : null },
        { count: lock.candidates ?? 0, highest: lock.highest === null ? null : BigInt(lock.highest) },
        rows.map((row) => BigInt(row.id)),
        batchSize,
        audit,
      );
      if (untracked > 0) {
        untrackedRows.add(untracked, { schema: this.options.schema });
        this.options.logger.warn(
          { untracked, schema: this.options.schema },
          'outbox relay: an audit take found rows outside its take window (published now, possibly out of order)',
        );
      }
    }
    return rows.length;
  }

  /**
   * Whether the outbox's ids are drawn after the inserting transaction's xid, as the take window needs
   * (`OutboxIdAfterXid1765000000000`); until that migration ran, every take looks from the start.
   */
  private async idsDrawnAfterXid(): Promise<boolean> {
    const [row] = await this.options.dataSource.query<Array<{ expression: string | null }>>(
      `SELECT pg_get_expr(d.adbin, d.adrelid) AS expression
         FROM pg_attrdef d JOIN pg_attribute a ON a.attrelid = d.adrelid AND a.attnum = d.adnum
        WHERE d.adrelid = 'outbox'::regclass AND a.attname = 'id'`,
    );
    return row?.expression?.includes('pg_current_xact_id()') ?? false;
  }

  /** Publishes what the take returned (the lock's row first, see `TAKE_BATCH`). */
  private async publishTaken([lock, ...rows]: TakenRow[]): Promise<void> {
    this.contended = !lock?.locked;
    if (rows.length === 0) return;
    const messages: BusMessage[] = rows.map((row) => ({
      topic: row.topic,
      key: row.message_key,
      value: row.payload,
      headers: {
        ...row.headers,
        [EVENT_HEADERS.eventId]: row.event_id,
        [EVENT_HEADERS.type]: row.type,
        [EVENT_HEADERS.companyId]: String(row.company_id),
        [EVENT_HEADERS.correlationId]: row.correlation_id ?? row.event_id,
      },
    }));
    await this.options.bus.publish(messages);
    if (this.options.fault === 'exit-after-publish') {
      this.options.logger.warn(
        'fault injection: exiting after publish, before the deletion of the outbox rows commits',
      );
      process.exit(70);
    }
    published.add(rows.length);
  }
}

/**
 * The relay's take in one statement (see `publishBatch`): the schema's lock (one relay per schema at a time: the order
 * of the events), then, when it got it, the batch taken out of the outbox in id order among the candidates: the rows
 * above the window's mark ($3) and those in its gaps ($4, $5: ranges) that the statement's snapshot says to look in
 * ($6, $7: fewer than `running` xids up to `until` not ended, as `runningUpTo` counts them). The first row is the
 * lock's, with the statement's snapshot and the candidates' count and highest id, and each taken row carries the
 * transaction's xid (`OutboxTakeWindow.advance`); no rows but the lock's when another relay holds the lock. The
 * candidates are deleted by their tuple ids (a TID scan, with `TAKE_SETTINGS`): a tuple id read under the statement's
 * snapshot stays that row's, since no row version that snapshot can see is pruned. Two round trips fewer per round
 * than a separate lock, SELECT and DELETE. The payload is the producer's text as it was written; a row without a
 * correlation id column (see `OutboxJsonPayload1764800000000`) has it read from its payload.
 */
const TAKE_BATCH = preparedStatement(
  `WITH lock AS MATERIALIZED (SELECT pg_try_advisory_xact_lock(hashtext($1)) AS locked),
        snapshot AS MATERIALIZED (
          SELECT s, pg_snapshot_xmax(s)::text::bigint AS xmax,
                 ARRAY(SELECT x::text::bigint FROM pg_snapshot_xip(s) AS x) AS xip
            FROM pg_current_snapshot() AS s
        ),
        gaps AS MATERIALIZED (
          SELECT g.lo, g.hi
            FROM unnest($4::bigint[], $5::bigint[], $6::bigint[], $7::int[]) AS g(lo, hi, until, running)
           WHERE g.running < 0
              OR (SELECT cardinality(ARRAY(SELECT x FROM unnest(xip) AS x WHERE x <= g.until))
                         + greatest(0, g.until - xmax + 1)
                    FROM snapshot) < g.running
        ),
        candidates AS MATERIALIZED (
          SELECT id, ctid FROM (
            (SELECT id, ctid FROM outbox WHERE id > $3::bigint ORDER BY id LIMIT $2)
            UNION
            (SELECT o.id, o.ctid FROM gaps AS g
               CROSS JOIN LATERAL (SELECT id, ctid FROM outbox WHERE id BETWEEN g.lo AND g.hi ORDER BY id LIMIT $2) o)
          ) c
           WHERE (SELECT locked FROM lock)
           ORDER BY id LIMIT $2
        ),
        taken AS (
          DELETE FROM outbox
           WHERE ctid = ANY (ARRAY(SELECT ctid FROM candidates))
          RETURNING id, event_id, topic, message_key, type, company_id, payload::text AS payload,
              coalesce(correlation_id, payload->>'correlationId') AS correlation_id, headers,
              pg_current_xact_id()::text AS xid
        )
   SELECT locked, (SELECT s::text FROM snapshot) AS snapshot,
          (SELECT count(*)::int FROM candidates) AS candidates, (SELECT max(id) FROM candidates) AS highest,
          NULL::bigint AS id, NULL AS event_id, NULL AS topic, NULL AS message_key, NULL AS type,
          NULL::integer AS company_id, NULL AS payload, NULL AS correlation_id, NULL::jsonb AS headers, NULL AS xid
     FROM lock
   UNION ALL
   SELECT true, NULL, NULL, NULL, * FROM taken
   ORDER BY id NULLS FIRST`,
);

/** The take's values: the lock's key, the batch size, the window's mark, its gaps' ends and when to look in them. */
type TakeValues = [
  lockKey: string,
  batchSize: number,
  mark: string,
  lo: readonly string[],
  hi: readonly string[],
  until: readonly string[],
  running: readonly string[],
];

/** The take as prepared by SQL `PREPARE` on a LISTEN connection (`beginAndTake`), apart from its protocol-level name. */
const TAKE_BATCH_SQL = `${TAKE_BATCH.name}_sql`;
/** The LISTEN connections the take is prepared on by SQL `PREPARE`. */
const preparedBySql = new WeakSet<pg.ClientBase>();

const BIGINT = /^-?\d+$/;

/** The take's values as SQL literals, each quoted by node-postgres' `escapeLiteral` (ids checked to be integers). */
function takeLiterals(client: pg.ClientBase, [lockKey, batchSize, mark, lo, hi, until, running]: TakeValues): string[] {
  const ids = (values: readonly string[]) => {
    if (!values.every((value) => BIGINT.test(value))) throw new Error(`not bigint ids: ${values.join(', ')}`);
    return client.escapeLiteral(`{${values.join(',')}}`);
  };
  if (!Number.isSafeInteger(batchSize) || !BIGINT.test(mark)) throw new Error('invalid take bounds');
  return [
    client.escapeLiteral(lockKey),
    String(batchSize),
    client.escapeLiteral(mark),
    ...[lo, hi, until, running].map(ids),
  ];
}

/**
 * Opens the relay's transaction and runs the take in one round trip: one simple query, `BEGIN; EXECUTE <take>(...)`,
 * the take prepared on the connection by SQL `PREPARE` the first time (one round trip more, once per connection). A
 * round is then two round trips (this and `COMMIT`), one per handled batch on every hop of the inbound path. When it
 * fails (a migration changed what the take returns, say), the connection prepares the take again at the next round.
 */
async function beginAndTake(client: pg.ClientBase, values: TakeValues): Promise<TakenRow[]> {
  if (!preparedBySql.has(client)) {
    await client.query(`PREPARE ${TAKE_BATCH_SQL} AS ${TAKE_BATCH.text}`);
    preparedBySql.add(client);
  }
  try {
    // a query of two statements answers a result per statement
    const results: unknown = await client.query(
      `BEGIN; EXECUTE ${TAKE_BATCH_SQL}(${takeLiterals(client, values).join(', ')})`,
    );
    const take = Array.isArray(results) ? (results[1] as pg.QueryResult<TakenRow> | undefined) : undefined;
    if (!take) throw new Error('the take answered no rows');
    return take.rows;
  } catch (error) {
    preparedBySql.delete(client);
    await client.query('ROLLBACK').catch(() => undefined);
    await client.query(`DEALLOCATE ${TAKE_BATCH_SQL}`).catch(() => undefined);
    throw error;
  }
}

/**
 * The take's connection plans no sequential scan of the outbox: its plan is prepared once (a generic plan, see
 * `preparedStatement`), and one made while the outbox was a page or two, never analyzed (a fresh schema; a server with
 * autovacuum off), would scan the whole table, every row version the takes left dead included, on every take from then
 * on, instead of the index and TID scans.
 */
const TAKE_SETTINGS = { enable_seqscan: 'off' } as const;

type TakenRow = OutboxRow & {
  locked: boolean;
  /** The lock's row only: the statement's snapshot (`xmin:xmax:xip,...`), and what the take looked at. */
  snapshot: string | null;
  candidates: number | null;
  highest: string | null;
  /** A taken row's only: the take's own xid. */
  xid: string | null;
};

/** A snapshot as PostgreSQL prints it (`pg_snapshot`'s `xmin:xmax:xip,...`). */
function snapshotTransactions(text: string): Omit<TakeTransactions, 'xid'> {
  const [, xmax = '', xip = ''] = text.split(':');
  return { xmax: BigInt(xmax), xip: xip === '' ? [] : xip.split(',').map((xid) => BigInt(xid)) };
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
