import type { MigrationInterface, QueryRunner } from 'typeorm';
import { businessHoursFunctions } from './1766710000000-report-business-hours.js';

/** Each business duration of a cycle and the instants it runs between. */
const BUSINESS_SPANS = [
  { column: 'frt_bh_s', since: 'created_at', until: 'first_response_at' },
  { column: 'res_bh_s', since: 'created_at', until: 'finished_at' },
  { column: 'wait_bh_s', since: 'queued_at', until: 'started_at' },
] as const;

/**
 * Business hours (issue 55) read once per schedule instead of once per day of every span. `business_week` turns
 * a schedule into its week: for each weekday (0 Sunday … 6 Saturday) the minute it opens and the minute it closes,
 * null when the day has no entry or unreadable times (the first entry of a day counts), a null week without
 * schedule. `week_windows` and `week_seconds` give a week's open windows and business seconds over a span, the
 * same ones `business_windows` and `business_seconds` (now their wrappers) give for the schedule, in a loop over
 * the span's days rather than a query per call; without a schedule the business seconds are the clock's, counted
 * without windows. The trigger looks its cycle's schedule
 * up once for the durations it writes (not at all when each of them is still open), and `report_prepare_business`
 * once per queue of the company, updating every cycle in one statement. The rules of
 * `ReportBusinessHours1766710000000` hold unchanged, so nothing is backfilled.
 */
export class BusinessHoursByWeek1766810000000 implements MigrationInterface {
  name = 'BusinessHoursByWeek1766810000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const [current] = (await queryRunner.query('SELECT current_schema() AS schema')) as Array<{ schema: string }>;
    const path = `SET search_path = "${current?.schema ?? 'tickets'}"`;
    await queryRunner.query(`
      CREATE FUNCTION business_week(schedules jsonb) RETURNS integer[] LANGUAGE sql IMMUTABLE ${path} AS $$
        SELECT CASE WHEN schedules IS NOT NULL THEN
                 (SELECT array_agg(ARRAY[e.start_m, e.end_m] ORDER BY d.dow)
                    FROM generate_series(0, 6) AS d(dow)
                    LEFT JOIN LATERAL (
                      SELECT CASE WHEN x.entry->>'startTime' ~ '^\\d{2}:\\d{2}$'
                                  THEN split_part(x.entry->>'startTime', ':', 1)::int * 60
                                       + split_part(x.entry->>'startTime', ':', 2)::int END AS start_m,
                             CASE WHEN x.entry->>'endTime' ~ '^\\d{2}:\\d{2}$'
                                  THEN split_part(x.entry->>'endTime', ':', 1)::int * 60
                                       + split_part(x.entry->>'endTime', ':', 2)::int END AS end_m
                        FROM jsonb_array_elements(CASE WHEN jsonb_typeof(schedules) = 'array' THEN schedules
                                                       ELSE '[]'::jsonb END) WITH ORDINALITY AS x(entry, n)
                       WHERE x.entry->>'weekdayEn' = (ARRAY['sunday', 'monday', 'tuesday', 'wednesday', 'thursday',
                                                            'friday', 'saturday'])[d.dow + 1]
                       ORDER BY x.n
                       LIMIT 1) e ON true)
               END
      $$`);
    // the union of each day's window, from the day before `since`'s to `until`'s in the time zone (stepped as
    // timestamptz, as generate_series steps them), within the span: from the day's opening to its closing minute
    // (past midnight when it closes before it opens), the whole day without an entry, none when both are equal
    await queryRunner.query(`
      CREATE FUNCTION week_windows(week integer[], tz text, since timestamptz, until timestamptz)
      RETURNS tstzmultirange LANGUAGE plpgsql STABLE ${path} AS $$
      DECLARE
        open tstzmultirange := '{}';
        at timestamptz;
        day date;
        start_m integer;
        end_m integer;
      BEGIN
        IF week IS NULL THEN
          RETURN tstzmultirange(tstzrange(since, until));
        END IF;
        at := ((since AT TIME ZONE tz)::date - 1)::timestamptz;
        WHILE since < until AND at <= ((until AT TIME ZONE tz)::date)::timestamptz LOOP
          day := at::date;
          start_m := week[extract(dow FROM day)::int + 1][1];
          end_m := week[extract(dow FROM day)::int + 1][2];
          IF start_m IS NULL OR end_m IS NULL THEN
            open := open + tstzmultirange(tstzrange(day::timestamp AT TIME ZONE tz,
                                                    (day + 1)::timestamp AT TIME ZONE tz));
          ELSIF start_m <> end_m THEN
            open := open + tstzmultirange(tstzrange((day + make_interval(mins => start_m)) AT TIME ZONE tz,
                                                    (day + CASE WHEN end_m < start_m THEN 1 ELSE 0 END
                                                      + make_interval(mins => end_m)) AT TIME ZONE tz));
          END IF;
          at := at + interval '1 day';
        END LOOP;
        RETURN open * tstzmultirange(tstzrange(since, until));
      END
      $$`);
    await queryRunner.query(`
      CREATE FUNCTION week_seconds(week integer[], tz text, since timestamptz, until timestamptz)
      RETURNS bigint LANGUAGE plpgsql STABLE ${path} AS $$
      BEGIN
        IF since IS NULL OR until IS NULL OR until < since THEN
          RETURN NULL;
        ELSIF until = since THEN
          RETURN 0;
        ELSIF week IS NULL THEN
          RETURN floor(date_part('epoch', until - since))::bigint;
        END IF;
        RETURN (SELECT floor(coalesce(sum(date_part('epoch', upper(r) - lower(r))), 0))::bigint
                  FROM unnest(week_windows(week, tz, since, until)) r);
      END
      $$`);
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION business_windows(schedules jsonb, tz text, since timestamptz, until timestamptz)
      RETURNS tstzmultirange LANGUAGE sql STABLE ${path} AS $$
        SELECT week_windows(business_week(schedules), tz, since, until)
      $$`);
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION business_seconds(schedules jsonb, tz text, since timestamptz, until timestamptz)
      RETURNS bigint LANGUAGE sql STABLE ${path} AS $$
        SELECT week_seconds(business_week(schedules), tz, since, until)
      $$`);
    type Span = (typeof BUSINESS_SPANS)[number];
    const changed = ({ since, until }: Span) =>
      `TG_OP = 'INSERT' OR (NEW.${since}, NEW.${until}) IS DISTINCT FROM (OLD.${since}, OLD.${until})`;
    const seconds = (week: string, tz: string, { since, until }: Span, row: string) =>
      `week_seconds(${week}, ${tz}, ${row}.${since}, ${row}.${until})`;
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION report_cycle_business() RETURNS trigger LANGUAGE plpgsql ${path} AS $$
      DECLARE
        week integer[];
        tz text;
      BEGIN
        IF TG_OP = 'INSERT' OR NEW.queue_id IS DISTINCT FROM OLD.queue_id THEN
          NEW.sla_business_hours := coalesce((SELECT q.sla_business_hours FROM queues q
                                               WHERE q.company_id = NEW.company_id AND q.id = NEW.queue_id), false);
        END IF;
        IF ${BUSINESS_SPANS.map((span) => `(NEW.${span.until} IS NOT NULL AND (${changed(span)}))`).join(' OR ')} THEN
          SELECT business_week(s.schedules), s.tz INTO week, tz FROM cycle_schedule(NEW.company_id, NEW.queue_id) s;
        END IF;
        ${BUSINESS_SPANS.map(
          (span) => `
        IF ${changed(span)} THEN
          NEW.${span.column} := ${seconds('week', 'tz', span, 'NEW')};
        END IF;`,
        ).join('')}
        RETURN NEW;
      END
      $$`);
    // each queue's schedule looked up and read once (a cycle without queue as queue 0, which no queue is)
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION report_prepare_business(company integer) RETURNS void LANGUAGE sql ${path} AS $$
        UPDATE ticket_trackings t
           SET ${BUSINESS_SPANS.map((span) => `${span.column} = ${seconds('q.week', 'q.tz', span, 't')}`).join(', ')},
               sla_business_hours = q.sla_business_hours
          FROM (SELECT k.queue, business_week(s.schedules) AS week, s.tz,
                       coalesce((SELECT q.sla_business_hours FROM queues q
                                  WHERE q.company_id = company AND q.id = k.queue), false) AS sla_business_hours
                  FROM (SELECT DISTINCT coalesce(queue_id, 0) AS queue FROM ticket_trackings
                         WHERE company_id = company) k
                  CROSS JOIN LATERAL cycle_schedule(company, nullif(k.queue, 0)) s) q
         WHERE t.company_id = company AND coalesce(t.queue_id, 0) = q.queue;
      $$`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const [current] = (await queryRunner.query('SELECT current_schema() AS schema')) as Array<{ schema: string }>;
    const functions = businessHoursFunctions(`SET search_path = "${current?.schema ?? 'tickets'}"`);
    for (const statement of [functions.windows, functions.seconds, functions.trigger, functions.prepare])
      await queryRunner.query(statement);
    await queryRunner.query('DROP FUNCTION week_seconds(integer[], text, timestamptz, timestamptz)');
    await queryRunner.query('DROP FUNCTION week_windows(integer[], text, timestamptz, timestamptz)');
    await queryRunner.query('DROP FUNCTION business_week(jsonb)');
  }
}
