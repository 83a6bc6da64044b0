import type { MigrationInterface, QueryRunner } from 'typeorm';
import {
  beginValues,
  compactFunction,
  nonZero,
  sums,
  durationColumns,
  CYCLE_COLUMNS,
  durationValues,
  finishValues,
  frtBreachedSql,
  REPORT_COLUMNS,
  resBreachedSql,
} from './1766510000000-report-rollups.js';

/** The cycle durations counted in business hours only, kept as histograms beside the wall-clock ones. */
export const BUSINESS_DURATIONS = ['frt_bh', 'res_bh', 'wait_bh'] as const;
const BUSINESS_COLUMNS = BUSINESS_DURATIONS.flatMap(durationColumns);
/** Every additive column of `report_tag_daily`. */
export const TAG_REPORT_COLUMNS = [...CYCLE_COLUMNS, ...BUSINESS_COLUMNS];
/** Every additive column of `report_daily`. */
export const DAILY_REPORT_COLUMNS = [...REPORT_COLUMNS, ...BUSINESS_COLUMNS];

/** A cycle's first-response breach: in business seconds when its queue's targets count business hours only. */
const frtBreached = (c: string) =>
  `CASE WHEN ${c}.sla_business_hours THEN ${c}.frt_bh_s > ${c}.sla_first_response_s ELSE ${frtBreachedSql(c)} END`;
/** A finished cycle's resolution breach, likewise. */
const resBreached = (c: string) =>
  `CASE WHEN ${c}.sla_business_hours THEN ${c}.res_bh_s > ${c}.sla_resolution_s ELSE ${resBreachedSql(c)} END`;
const begin = (c: string, sign: string) =>
  [
    beginValues(c, sign, frtBreached),
    ...durationValues('frt_bh', `${c}.frt_bh_s`, sign),
    ...durationValues('res_bh', 'NULL::bigint', sign),
    ...durationValues('wait_bh', `${c}.wait_bh_s`, sign),
  ].join(', ');
const finish = (c: string, sign: string) =>
  [
    finishValues(c, sign, resBreached),
    ...durationValues('frt_bh', 'NULL::bigint', sign),
    ...durationValues('res_bh', `${c}.res_bh_s`, sign),
    ...durationValues('wait_bh', 'NULL::bigint', sign),
  ].join(', ');

/** What the roll-up functions are written for: the columns they add up and a cycle's contributions. */
interface RollupShape {
  readonly tagColumns: readonly string[];
  readonly dailyColumns: readonly string[];
  readonly begin: (c: string, sign: string) => string;
  readonly finish: (c: string, sign: string) => string;
  /** The cycle columns whose change moves its contribution. */
  readonly read: string;
}

/** The statements (re)defining the roll-ups' functions for `shape`: the delta, the trigger, rebuild, compaction. */
function rollupFunctions(path: string, shape: RollupShape): string[] {
  const { begin, finish, read } = shape;
  const tagCols = shape.tagColumns.join(', ');
  const allCols = shape.dailyColumns.join(', ');
  return [
    `
      CREATE OR REPLACE FUNCTION report_cycle_delta(c ticket_trackings, sign integer, tag integer DEFAULT NULL)
      RETURNS void LANGUAGE plpgsql ${path} AS $$
      DECLARE
        tz text;
      BEGIN
        SELECT timezone INTO tz FROM companies WHERE id = c.company_id;
        tz := coalesce(tz, 'America/Sao_Paulo');
        IF tag IS NULL THEN
          INSERT INTO report_daily (company_id, day, user_id, queue_id, whatsapp_id, ${tagCols})
          SELECT c.company_id, (c.created_at AT TIME ZONE tz)::date, coalesce(c.user_id, 0), coalesce(c.queue_id, 0),
                 coalesce(c.whatsapp_id, 0), ${begin('c', 'sign')};
          IF c.finished_at IS NOT NULL THEN
            INSERT INTO report_daily (company_id, day, user_id, queue_id, whatsapp_id, ${tagCols})
            SELECT c.company_id, (c.finished_at AT TIME ZONE tz)::date, coalesce(c.user_id, 0),
                   coalesce(c.queue_id, 0), coalesce(c.whatsapp_id, 0), ${finish('c', 'sign')};
          END IF;
        END IF;
        -- the tag given (a ticket tagged or untagged: its row may be gone already), else every tag of the ticket
        INSERT INTO report_tag_daily (company_id, day, tag_id, ${tagCols})
        SELECT c.company_id, (c.created_at AT TIME ZONE tz)::date, t.tag_id, ${begin('c', 'sign')}
          FROM (SELECT tag AS tag_id WHERE tag IS NOT NULL
                UNION ALL
                SELECT tt.tag_id FROM ticket_tags tt
                 WHERE tag IS NULL AND tt.company_id = c.company_id AND tt.ticket_id = c.ticket_id) t;
        IF c.finished_at IS NOT NULL THEN
          INSERT INTO report_tag_daily (company_id, day, tag_id, ${tagCols})
          SELECT c.company_id, (c.finished_at AT TIME ZONE tz)::date, t.tag_id, ${finish('c', 'sign')}
            FROM (SELECT tag AS tag_id WHERE tag IS NOT NULL
                  UNION ALL
                  SELECT tt.tag_id FROM ticket_tags tt
                   WHERE tag IS NULL AND tt.company_id = c.company_id AND tt.ticket_id = c.ticket_id) t;
        END IF;
      END
      $$`,
    `
      CREATE OR REPLACE FUNCTION report_cycle_track() RETURNS trigger LANGUAGE plpgsql ${path} AS $$
      BEGIN
        IF TG_OP = 'UPDATE' AND (${read.replace(/(\w+)/g, 'OLD.$1')}) IS NOT DISTINCT FROM (${read.replace(/(\w+)/g, 'NEW.$1')}) THEN
          RETURN NULL;
        END IF;
        IF TG_OP <> 'INSERT' THEN
          PERFORM report_cycle_delta(OLD, -1);
        END IF;
        IF TG_OP <> 'DELETE' THEN
          PERFORM report_cycle_delta(NEW, 1);
        END IF;
        RETURN NULL;
      END
      $$`,

    `
      CREATE OR REPLACE FUNCTION report_rebuild(company integer) RETURNS void LANGUAGE plpgsql ${path} AS $$
      DECLARE
        tz text;
      BEGIN
        SELECT timezone INTO tz FROM companies WHERE id = company;
        tz := coalesce(tz, 'America/Sao_Paulo');
        WITH gone AS (DELETE FROM report_daily WHERE company_id = company RETURNING *)
        INSERT INTO report_daily (company_id, day, user_id, online_seconds)
        SELECT company, day, user_id, sum(online_seconds) FROM gone
         GROUP BY day, user_id HAVING sum(online_seconds) <> 0;
        DELETE FROM report_tag_daily WHERE company_id = company;
        INSERT INTO report_daily (company_id, day, user_id, queue_id, whatsapp_id, compacted, ${allCols})
        SELECT company, day, user_id, queue_id, whatsapp_id, true, ${sums(shape.dailyColumns)}
          FROM (SELECT (c.created_at AT TIME ZONE tz)::date, coalesce(c.user_id, 0), coalesce(c.queue_id, 0),
                       coalesce(c.whatsapp_id, 0), ${begin('c', '1')}, 0, 0, 0
                  FROM ticket_trackings c WHERE c.company_id = company
                UNION ALL
                SELECT (c.finished_at AT TIME ZONE tz)::date, coalesce(c.user_id, 0), coalesce(c.queue_id, 0),
                       coalesce(c.whatsapp_id, 0), ${finish('c', '1')}, 0, 0, 0
                  FROM ticket_trackings c WHERE c.company_id = company AND c.finished_at IS NOT NULL
                UNION ALL
                SELECT (m.created_at AT TIME ZONE tz)::date, coalesce(m.report_user_id, m.user_id, 0),
                       coalesce(m.queue_id, 0), m.whatsapp_id, ${shape.tagColumns.map(() => '0').join(', ')},
                       (NOT m.from_me)::int, m.from_me::int, 0
                  FROM messages m WHERE m.company_id = company
               ) AS x(day, user_id, queue_id, whatsapp_id, ${tagCols}, received, sent, online_seconds)
         GROUP BY day, user_id, queue_id, whatsapp_id HAVING ${nonZero(shape.dailyColumns)};
        INSERT INTO report_tag_daily (company_id, day, tag_id, compacted, ${tagCols})
        SELECT company, day, tag_id, true, ${sums(shape.tagColumns)}
          FROM (SELECT (c.created_at AT TIME ZONE tz)::date, tt.tag_id, ${begin('c', '1')}
                  FROM ticket_trackings c
                  JOIN ticket_tags tt ON tt.company_id = c.company_id AND tt.ticket_id = c.ticket_id
                 WHERE c.company_id = company
                UNION ALL
                SELECT (c.finished_at AT TIME ZONE tz)::date, tt.tag_id, ${finish('c', '1')}
                  FROM ticket_trackings c
                  JOIN ticket_tags tt ON tt.company_id = c.company_id AND tt.ticket_id = c.ticket_id
                 WHERE c.company_id = company AND c.finished_at IS NOT NULL
               ) AS x(day, tag_id, ${tagCols})
         GROUP BY day, tag_id HAVING ${nonZero(shape.tagColumns)};
      END
      $$`,
    compactFunction({
      path,
      create: 'CREATE OR REPLACE',
      dailyColumns: shape.dailyColumns,
      tagColumns: shape.tagColumns,
    }),
  ];
}

const READ = `company_id, user_id, queue_id, whatsapp_id, created_at, queued_at, started_at, finished_at,
              rating_at, rate, reopen, first_response_at, sla_first_response_s, sla_resolution_s`;
/** The roll-ups as `ReportRollups1766510000000` wrote them (what `down` restores). */
const WALL_SHAPE: RollupShape = {
  tagColumns: CYCLE_COLUMNS,
  dailyColumns: REPORT_COLUMNS,
  begin: (c, sign) => beginValues(c, sign),
  finish: (c, sign) => finishValues(c, sign),
  read: READ,
};
/** The roll-ups with the business durations. */
const BUSINESS_SHAPE: RollupShape = {
  tagColumns: TAG_REPORT_COLUMNS,
  dailyColumns: DAILY_REPORT_COLUMNS,
  begin,
  finish,
  read: `${READ}, frt_bh_s, res_bh_s, wait_bh_s, sla_business_hours`,
};

/** The roll-up functions as this migration writes them (`ReportKeyRollups1766820000000`'s `down` restores them). */
export const businessRollupFunctions = (path: string): string[] => rollupFunctions(path, BUSINESS_SHAPE);

/** `report_compact` as this migration writes it, with `foldedAlso` after its fold (`compactFunction`). */
export const businessCompactFunction = (path: string, foldedAlso: string): string =>
  compactFunction({
    path,
    create: 'CREATE OR REPLACE',
    dailyColumns: BUSINESS_SHAPE.dailyColumns,
    tagColumns: BUSINESS_SHAPE.tagColumns,
    foldedAlso,
  });

/**
 * The business-hours functions as this migration writes them (`BusinessHoursByWeek1766810000000` redefines them, its
 * `down` restores these): a schedule's open windows over a span, its business seconds between two instants, the
 * trigger writing a cycle's business durations, and their bulk computation over a company's cycles.
 */
export function businessHoursFunctions(path: string) {
  return {
    windows: `
    CREATE OR REPLACE FUNCTION business_windows(schedules jsonb, tz text, since timestamptz, until timestamptz)
    RETURNS tstzmultirange LANGUAGE sql STABLE ${path} AS $$
      SELECT CASE WHEN schedules IS NULL THEN tstzmultirange(tstzrange(since, until))
             ELSE coalesce(range_agg(w.r), '{}'::tstzmultirange) * tstzmultirange(tstzrange(since, until)) END
        FROM (SELECT CASE
                       WHEN e.start_m IS NULL OR e.end_m IS NULL
                         THEN tstzrange(d.day::timestamp AT TIME ZONE tz, (d.day + 1)::timestamp AT TIME ZONE tz)
                       WHEN e.start_m = e.end_m THEN NULL
                       ELSE tstzrange((d.day + make_interval(mins => e.start_m)) AT TIME ZONE tz,
                                      (d.day + CASE WHEN e.end_m < e.start_m THEN 1 ELSE 0 END
                                        + make_interval(mins => e.end_m)) AT TIME ZONE tz)
                     END AS r
                FROM generate_series((since AT TIME ZONE tz)::date - 1, (until AT TIME ZONE tz)::date,
                                     interval '1 day') AS g(at)
                CROSS JOIN LATERAL (SELECT g.at::date AS day) d
                LEFT JOIN LATERAL (
                  SELECT CASE WHEN x->>'startTime' ~ '^\\d{2}:\\d{2}$'
                              THEN split_part(x->>'startTime', ':', 1)::int * 60
                                   + split_part(x->>'startTime', ':', 2)::int END AS start_m,
                         CASE WHEN x->>'endTime' ~ '^\\d{2}:\\d{2}$'
                              THEN split_part(x->>'endTime', ':', 1)::int * 60
                                   + split_part(x->>'endTime', ':', 2)::int END AS end_m
                    FROM jsonb_array_elements(CASE WHEN jsonb_typeof(schedules) = 'array' THEN schedules
                                                   ELSE '[]'::jsonb END) x
                   WHERE x->>'weekdayEn' = to_char(d.day, 'FMday')
                   LIMIT 1) e ON true
               WHERE since < until) w
       WHERE since < until
    $$`,
    seconds: `
    CREATE OR REPLACE FUNCTION business_seconds(schedules jsonb, tz text, since timestamptz, until timestamptz)
    RETURNS bigint LANGUAGE sql STABLE ${path} AS $$
      SELECT CASE WHEN since IS NULL OR until IS NULL OR until < since THEN NULL
                  WHEN until = since THEN 0::bigint
                  WHEN schedules IS NULL THEN floor(date_part('epoch', until - since))::bigint
                  ELSE (SELECT floor(coalesce(sum(date_part('epoch', upper(r) - lower(r))), 0))::bigint
                          FROM unnest(business_windows(schedules, tz, since, until)) r) END
    $$`,
    trigger: `
    CREATE OR REPLACE FUNCTION report_cycle_business() RETURNS trigger LANGUAGE plpgsql ${path} AS $$
    BEGIN
      IF TG_OP = 'INSERT' OR NEW.queue_id IS DISTINCT FROM OLD.queue_id THEN
        NEW.sla_business_hours := coalesce((SELECT q.sla_business_hours FROM queues q
                                             WHERE q.company_id = NEW.company_id AND q.id = NEW.queue_id), false);
      END IF;
      IF TG_OP = 'INSERT' OR (NEW.created_at, NEW.first_response_at) IS DISTINCT FROM
                              (OLD.created_at, OLD.first_response_at) THEN
        NEW.frt_bh_s := cycle_business_seconds(NEW.company_id, NEW.queue_id, NEW.created_at, NEW.first_response_at);
      END IF;
      IF TG_OP = 'INSERT' OR (NEW.created_at, NEW.finished_at) IS DISTINCT FROM (OLD.created_at, OLD.finished_at) THEN
        NEW.res_bh_s := cycle_business_seconds(NEW.company_id, NEW.queue_id, NEW.created_at, NEW.finished_at);
      END IF;
      IF TG_OP = 'INSERT' OR (NEW.queued_at, NEW.started_at) IS DISTINCT FROM (OLD.queued_at, OLD.started_at) THEN
        NEW.wait_bh_s := cycle_business_seconds(NEW.company_id, NEW.queue_id, NEW.queued_at, NEW.started_at);
      END IF;
      RETURN NEW;
    END
    $$`,
    // each queue's schedule looked up once (a cycle without queue as queue 0, which no queue is)
    prepare: `
    CREATE OR REPLACE FUNCTION report_prepare_business(company integer) RETURNS void LANGUAGE sql ${path} AS $$
      UPDATE ticket_trackings t
         SET frt_bh_s = business_seconds(q.schedules, q.tz, t.created_at, t.first_response_at),
             res_bh_s = business_seconds(q.schedules, q.tz, t.created_at, t.finished_at),
             wait_bh_s = business_seconds(q.schedules, q.tz, t.queued_at, t.started_at),
             sla_business_hours = q.sla_business_hours
        FROM (SELECT k.queue, s.schedules, coalesce(s.tz, 'America/Sao_Paulo') AS tz,
                     coalesce((SELECT q.sla_business_hours FROM queues q
                                WHERE q.company_id = company AND q.id = k.queue), false) AS sla_business_hours
                FROM (SELECT DISTINCT coalesce(queue_id, 0) AS queue FROM ticket_trackings
                       WHERE company_id = company) k
                CROSS JOIN LATERAL cycle_schedule(company, nullif(k.queue, 0)) s) q
       WHERE t.company_id = company AND coalesce(t.queue_id, 0) = q.queue;
    $$`,
  };
}

/**
 * Business hours in the reports and service levels (issue 55). The business hours of a cycle are the ones the
 * chatbot's out-of-hours rule reads: the company's schedule when its `scheduleType` setting is `company`, its
 * queue's when `queue` (a cycle without queue: none), none otherwise; read in the company's time zone, a day
 * without an entry (or with unreadable times) open all day, equal start and end closed all day, an end before
 * the start running past midnight. Without business hours a business duration is the wall-clock one.
 *
 * `business_windows` gives the open intervals of a schedule over a span, `business_seconds` the business seconds
 * between two instants, `business_due` the instant a number of business seconds after another (null when the
 * schedule opens for less than that within about two years). A cycle stores the business seconds of its first
 * response, resolution and wait (`frt_bh_s`, `res_bh_s`, `wait_bh_s`) when the instants that end them are
 * written, and `sla_business_hours` (its queue's "business hours only" targets, as it carries the targets);
 * the roll-ups gain a histogram of each business duration, and the breaches they count use business seconds
 * for such cycles. Backfilled here.
 */
export class ReportBusinessHours1766710000000 implements MigrationInterface {
  name = 'ReportBusinessHours1766710000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const [current] = (await queryRunner.query('SELECT current_schema() AS schema')) as Array<{ schema: string }>;
    const path = `SET search_path = "${current?.schema ?? 'tickets'}"`;
    const functions = businessHoursFunctions(path);
    const columnDefs = (columns: string[]) =>
      columns.map((c) => `ADD COLUMN ${c} ${c.endsWith('_sum') ? 'bigint' : 'integer'} NOT NULL DEFAULT 0`);
    await queryRunner.query(`
      ALTER TABLE ticket_trackings
        ADD COLUMN frt_bh_s bigint,
        ADD COLUMN res_bh_s bigint,
        ADD COLUMN wait_bh_s bigint,
        ADD COLUMN sla_business_hours boolean NOT NULL DEFAULT false`);
    await queryRunner.query('ALTER TABLE queues ADD COLUMN sla_business_hours boolean NOT NULL DEFAULT false');
    await queryRunner.query(`ALTER TABLE report_daily ${columnDefs(BUSINESS_COLUMNS).join(', ')}`);
    await queryRunner.query(`ALTER TABLE report_tag_daily ${columnDefs(BUSINESS_COLUMNS).join(', ')}`);

    await queryRunner.query(functions.windows);
    await queryRunner.query(functions.seconds);
    await queryRunner.query(`
      CREATE FUNCTION business_due(schedules jsonb, tz text, since timestamptz, secs double precision)
      RETURNS timestamptz LANGUAGE plpgsql STABLE ${path} AS $$
      DECLARE
        r tstzrange;
        left_over double precision := secs;
        chunk timestamptz := since;
        len double precision;
      BEGIN
        IF since IS NULL OR secs IS NULL THEN RETURN NULL; END IF;
        IF schedules IS NULL THEN RETURN since + make_interval(secs => secs); END IF;
        FOR i IN 1..53 LOOP
          FOR r IN SELECT unnest(business_windows(schedules, tz, chunk, chunk + interval '14 days')) LOOP
            len := date_part('epoch', upper(r) - lower(r));
            IF len >= left_over THEN RETURN lower(r) + make_interval(secs => left_over); END IF;
            left_over := left_over - len;
          END LOOP;
          chunk := chunk + interval '14 days';
        END LOOP;
        RETURN NULL;
      END
      $$`);
    // the business hours (schedule) of a company's queue, null when none apply, and the company's time zone
    await queryRunner.query(`
      CREATE FUNCTION cycle_schedule(company integer, queue integer, OUT schedules jsonb, OUT tz text)
      LANGUAGE sql STABLE ${path} AS $$
        SELECT CASE c.settings->>'scheduleType'
                 WHEN 'company' THEN c.schedules
                 WHEN 'queue' THEN (SELECT q.schedules FROM queues q WHERE q.company_id = company AND q.id = queue)
               END,
               coalesce(c.timezone, 'America/Sao_Paulo')
          FROM (SELECT 1) one LEFT JOIN companies c ON c.id = company
      $$`);
    await queryRunner.query(`
      CREATE FUNCTION cycle_business_seconds(company integer, queue integer, since timestamptz, until timestamptz)
      RETURNS bigint LANGUAGE sql STABLE ${path} AS $$
        SELECT business_seconds(s.schedules, coalesce(s.tz, 'America/Sao_Paulo'), since, until)
          FROM cycle_schedule(company, queue) s
      $$`);
    await queryRunner.query(`
      CREATE FUNCTION cycle_business_due(company integer, queue integer, since timestamptz, secs double precision)
      RETURNS timestamptz LANGUAGE sql STABLE ${path} AS $$
        SELECT business_due(s.schedules, coalesce(s.tz, 'America/Sao_Paulo'), since, secs)
          FROM cycle_schedule(company, queue) s
      $$`);
    // a cycle's business durations, computed when the instants ending them are written; its queue's flag
    await queryRunner.query(functions.trigger);
    await queryRunner.query(`
      CREATE TRIGGER trg_ticket_trackings_report_business
        BEFORE INSERT OR UPDATE OF created_at, queue_id, first_response_at, finished_at, queued_at, started_at
        ON ticket_trackings FOR EACH ROW EXECUTE FUNCTION report_cycle_business()`);

    for (const statement of rollupFunctions(path, BUSINESS_SHAPE)) await queryRunner.query(statement);
    // what a company's cycles written without the triggers (the backfill, bench/generate.mjs) need beyond
    // report_prepare_cycles: their business durations and their queue's "business hours only" flag
    await queryRunner.query(functions.prepare);
    // the backfill: business durations of every company's cycles, then their roll-ups rebuilt whole
    await queryRunner.query('ALTER TABLE ticket_trackings DISABLE TRIGGER trg_ticket_trackings_report');
    await queryRunner.query(
      'SELECT report_prepare_business(company_id) FROM (SELECT DISTINCT company_id FROM ticket_trackings) companies',
    );
    await queryRunner.query('ALTER TABLE ticket_trackings ENABLE TRIGGER trg_ticket_trackings_report');
    await queryRunner.query(
      'SELECT report_rebuild(company_id) FROM (SELECT DISTINCT company_id FROM ticket_trackings) companies',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const [current] = (await queryRunner.query('SELECT current_schema() AS schema')) as Array<{ schema: string }>;
    const path = `SET search_path = "${current?.schema ?? 'tickets'}"`;
    await queryRunner.query('DROP TRIGGER trg_ticket_trackings_report_business ON ticket_trackings');
    for (const statement of rollupFunctions(path, WALL_SHAPE)) await queryRunner.query(statement);
    await queryRunner.query('DROP FUNCTION report_prepare_business(integer)');
    await queryRunner.query('DROP FUNCTION report_cycle_business()');
    await queryRunner.query('DROP FUNCTION cycle_business_due(integer, integer, timestamptz, double precision)');
    await queryRunner.query('DROP FUNCTION cycle_business_seconds(integer, integer, timestamptz, timestamptz)');
    await queryRunner.query('DROP FUNCTION cycle_schedule(integer, integer)');
    await queryRunner.query('DROP FUNCTION business_due(jsonb, text, timestamptz, double precision)');
    await queryRunner.query('DROP FUNCTION business_seconds(jsonb, text, timestamptz, timestamptz)');
    await queryRunner.query('DROP FUNCTION business_windows(jsonb, text, timestamptz, timestamptz)');
    const drops = BUSINESS_COLUMNS.map((c) => `DROP COLUMN ${c}`).join(', ');
    await queryRunner.query(`ALTER TABLE report_tag_daily ${drops}`);
    await queryRunner.query(`ALTER TABLE report_daily ${drops}`);
    await queryRunner.query('ALTER TABLE queues DROP COLUMN sla_business_hours');
    await queryRunner.query(
      `ALTER TABLE ticket_trackings DROP COLUMN frt_bh_s, DROP COLUMN res_bh_s, DROP COLUMN wait_bh_s,
         DROP COLUMN sla_business_hours`,
    );
  }
}
