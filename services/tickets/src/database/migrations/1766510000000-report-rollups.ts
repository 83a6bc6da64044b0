import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Upper bounds (seconds, exclusive) of the duration histograms' buckets; bucket i holds values in
 * [BOUNDS[i-1], BOUNDS[i]), the last one everything from the last bound on (`width_bucket(value, BOUNDS)`).
 */
export const REPORT_BUCKET_BOUNDS = [
  15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 14400, 28800, 86400, 172800, 604800,
] as const;
/** The durations of a cycle kept as histograms: first response, resolution, wait before acceptance. */
export const REPORT_DURATIONS = ['frt', 'res', 'wait'] as const;
export type ReportDuration = (typeof REPORT_DURATIONS)[number];
export const bucketColumns = (duration: string): string[] =>
  Array.from({ length: REPORT_BUCKET_BOUNDS.length + 1 }, (_, i) => `${duration}_b${i}`);
/** A duration's columns in the roll-ups: its count, its sum and its histogram's buckets. */
export const durationColumns = (duration: string): string[] => [
  `${duration}_n`,
  `${duration}_sum`,
  ...bucketColumns(duration),
];
/** Figures of the attendance cycles (also per tag). */
export const CYCLE_COLUMNS = [
  'opened',
  'reopened',
  'closed',
  ...REPORT_DURATIONS.flatMap(durationColumns),
  'rating_asked',
  'rate1',
  'rate2',
  'rate3',
  'frt_breached',
  'res_breached',
];
/** Every additive column of `report_daily`. */
export const REPORT_COLUMNS = [...CYCLE_COLUMNS, 'received', 'sent', 'online_seconds'];

export const BOUNDS_SQL = `ARRAY[${REPORT_BUCKET_BOUNDS.join(',')}]::int[]`;

/** The SELECT list of one duration's columns for `value` seconds (NULL: not measured), times `sign`. */
export const durationValues = (duration: string, value: string, sign: string): string[] => [
  `${sign} * (${value} IS NOT NULL)::int`,
  `${sign} * coalesce(${value}, 0)`,
  ...bucketColumns(duration).map(
    (_, i) => `${sign} * (width_bucket(${value}, ${BOUNDS_SQL}) IS NOT DISTINCT FROM ${i})::int`,
  ),
];

export const seconds = (from: string, to: string) =>
  `CASE WHEN ${to} >= ${from} THEN floor(date_part('epoch', ${to} - ${from}))::bigint END`;

/** Whether cycle `c` missed its first-response target (its first response given), as this migration counts it. */
export const frtBreachedSql = (c: string): string =>
  `${c}.first_response_at - ${c}.created_at > make_interval(secs => ${c}.sla_first_response_s)`;
/** Whether finished cycle `c` missed its resolution target, as this migration counts it. */
export const resBreachedSql = (c: string): string =>
  `${c}.finished_at - ${c}.created_at > make_interval(secs => ${c}.sla_resolution_s)`;

/**
 * Column values of the row a cycle `c` adds on the day it began (opened, first response, wait); `frtBreached`
 * decides the first-response breach.
 */
export const beginValues = (c: string, sign: string, frtBreached = frtBreachedSql): string =>
  [
    sign,
    `${sign} * ${c}.reopen::int`,
    '0',
    ...durationValues('frt', seconds(`${c}.created_at`, `${c}.first_response_at`), sign),
    ...durationValues('res', 'NULL::bigint', sign),
    ...durationValues(
      'wait',
      `CASE WHEN ${c}.started_at IS NOT NULL AND ${c}.queued_at IS NOT NULL THEN ${seconds(`${c}.queued_at`, `${c}.started_at`)} END`,
      sign,
    ),
    '0',
    '0',
    '0',
    '0',
    `${sign} * (${c}.sla_first_response_s IS NOT NULL AND ${c}.first_response_at IS NOT NULL
                AND ${frtBreached(c)})::int`,
    '0',
  ].join(', ');

/**
 * Column values of the row a finished cycle `c` adds on the day it finished (closed, resolution, rating);
 * `resBreached` decides the resolution breach.
 */
export const finishValues = (c: string, sign: string, resBreached = resBreachedSql): string =>
  [
    '0',
    '0',
    sign,
    ...durationValues('frt', 'NULL::bigint', sign),
    ...durationValues('res', seconds(`${c}.created_at`, `${c}.finished_at`), sign),
    ...durationValues('wait', 'NULL::bigint', sign),
    `${sign} * (${c}.rating_at IS NOT NULL)::int`,
    `${sign} * coalesce(${c}.rate = 1, false)::int`,
    `${sign} * coalesce(${c}.rate = 2, false)::int`,
    `${sign} * coalesce(${c}.rate = 3, false)::int`,
    '0',
    `${sign} * (${c}.sla_resolution_s IS NOT NULL
                AND ${resBreached(c)})::int`,
  ].join(', ');

/** `sum(c)` of every column, and whether any of those sums is not zero (a folded row worth keeping). */
export const sums = (columns: readonly string[]) => columns.map((c) => `sum(${c})`).join(', ');
export const nonZero = (columns: readonly string[]) => columns.map((c) => `sum(${c}) <> 0`).join(' OR ');

/**
 * `report_compact`: folds a batch of uncompacted delta rows into one compacted row per key, in one
 * statement. `foldedAlso` adds common table expressions after the fold (each ending `), `), which see the folded
 * deltas as `gone`.
 */
export function compactFunction(options: {
  readonly path: string;
  readonly create: 'CREATE' | 'CREATE OR REPLACE';
  readonly dailyColumns: readonly string[];
  readonly tagColumns: readonly string[];
  readonly foldedAlso?: string;
}): string {
  const { path, create, dailyColumns, tagColumns, foldedAlso = '' } = options;
  const allCols = dailyColumns.join(', ');
  const tagCols = tagColumns.join(', ');
  return `
      ${create} FUNCTION report_compact(batch integer) RETURNS integer LANGUAGE sql ${path} AS $$
        WITH keys AS (
          SELECT DISTINCT company_id, day, user_id, queue_id, whatsapp_id FROM report_daily WHERE NOT compacted
           LIMIT batch
        ), gone AS (
          DELETE FROM report_daily d USING keys k
           WHERE d.company_id = k.company_id AND d.day = k.day AND d.user_id = k.user_id
             AND d.queue_id = k.queue_id AND d.whatsapp_id = k.whatsapp_id
          RETURNING d.*
        ), folded AS (
          INSERT INTO report_daily (company_id, day, user_id, queue_id, whatsapp_id, compacted, ${allCols})
          SELECT company_id, day, user_id, queue_id, whatsapp_id, true, ${sums(dailyColumns)} FROM gone
           GROUP BY company_id, day, user_id, queue_id, whatsapp_id HAVING ${nonZero(dailyColumns)}
          RETURNING 1
        ), ${foldedAlso}tag_keys AS (
          SELECT DISTINCT company_id, day, tag_id FROM report_tag_daily WHERE NOT compacted LIMIT batch
        ), tag_gone AS (
          DELETE FROM report_tag_daily d USING tag_keys k
           WHERE d.company_id = k.company_id AND d.day = k.day AND d.tag_id = k.tag_id
          RETURNING d.*
        ), tag_folded AS (
          INSERT INTO report_tag_daily (company_id, day, tag_id, compacted, ${tagCols})
          SELECT company_id, day, tag_id, true, ${sums(tagColumns)} FROM tag_gone
           GROUP BY company_id, day, tag_id HAVING ${nonZero(tagColumns)}
          RETURNING 1
        )
        SELECT greatest((SELECT count(*) FROM keys), (SELECT count(*) FROM tag_keys))::int;
      $$`;
}

/**
 * Reports' roll-ups (issue 55), maintained in the transaction that writes what they count, never by scanning
 * messages when read. `report_daily`: per company × day (company time zone) × agent × queue × connection (0 for
 * none): cycles opened (reopened: not the ticket's first cycle) and closed, histograms (with count and sum) of
 * first response (cycle begin → first message of an agent), resolution (begin → finish) and wait (queued →
 * accepted) in seconds, ratings asked and 1–3, service-level breaches, messages received and sent, agents' online
 * seconds. `report_tag_daily`: the cycle figures per tag of the ticket.
 *
 * A cycle counts its begin figures on the day it began and its finish figures on the day it finished, both under
 * its current agent, queue and connection. As the dashboard's roll-ups: triggers only append delta rows (the old
 * contribution negated, the new one added) and `report_compact()` folds them. A cycle carries what its figures
 * need (`reopen`, `first_response_at` set by the first agent message of the open cycle, the service-level targets
 * of its queue when it entered it), so a contribution depends on the row alone. A message counts under the
 * agent of its ticket when stored (`messages.report_user_id`). Online time is the projection of identity's user
 * events: a user's `online` turning false adds the seconds since it turned true, split over days. A change of
 * the company's time zone rebuilds its roll-ups (online time keeps its days). Backfilled here.
 */
export class ReportRollups1766510000000 implements MigrationInterface {
  name = 'ReportRollups1766510000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const [current] = (await queryRunner.query('SELECT current_schema() AS schema')) as Array<{ schema: string }>;
    const path = `SET search_path = "${current?.schema ?? 'tickets'}"`;
    const columnDefs = (columns: string[]) =>
      columns.map(
        (c) => `${c} ${c.endsWith('_sum') || c === 'online_seconds' ? 'bigint' : 'integer'} NOT NULL DEFAULT 0`,
      );
    await queryRunner.query(`
      ALTER TABLE ticket_trackings
        ADD COLUMN reopen boolean NOT NULL DEFAULT false,
        ADD COLUMN first_response_at timestamptz,
        ADD COLUMN sla_first_response_s integer,
        ADD COLUMN sla_resolution_s integer`);
    await queryRunner.query(`
      ALTER TABLE queues
        ADD COLUMN sla_first_response_minutes integer CHECK (sla_first_response_minutes > 0),
        ADD COLUMN sla_resolution_hours integer CHECK (sla_resolution_hours > 0)`);
    await queryRunner.query('ALTER TABLE messages ADD COLUMN report_user_id integer');
    await queryRunner.query('ALTER TABLE users ADD COLUMN online_since timestamptz');
    await queryRunner.query(
      'CREATE INDEX idx_ticket_trackings_company_ticket ON ticket_trackings (company_id, ticket_id, created_at)',
    );
    await queryRunner.query(`
      CREATE TABLE report_daily (
        id bigserial PRIMARY KEY,
        company_id integer NOT NULL,
        day date NOT NULL,
        user_id integer NOT NULL DEFAULT 0,
        queue_id integer NOT NULL DEFAULT 0,
        whatsapp_id integer NOT NULL DEFAULT 0,
        compacted boolean NOT NULL DEFAULT false,
        ${columnDefs(REPORT_COLUMNS).join(',\n        ')}
      )`);
    await queryRunner.query('CREATE INDEX idx_report_daily_company_day ON report_daily (company_id, day)');
    await queryRunner.query(
      `CREATE INDEX idx_report_daily_deltas ON report_daily (company_id, day, user_id, queue_id, whatsapp_id)
         WHERE NOT compacted`,
    );
    await queryRunner.query(`
      CREATE TABLE report_tag_daily (
        id bigserial PRIMARY KEY,
        company_id integer NOT NULL,
        day date NOT NULL,
        tag_id integer NOT NULL,
        compacted boolean NOT NULL DEFAULT false,
        ${columnDefs(CYCLE_COLUMNS).join(',\n        ')}
      )`);
    await queryRunner.query('CREATE INDEX idx_report_tag_daily_company_day ON report_tag_daily (company_id, day)');
    await queryRunner.query(
      'CREATE INDEX idx_report_tag_daily_deltas ON report_tag_daily (company_id, day, tag_id) WHERE NOT compacted',
    );

    const cycleCols = CYCLE_COLUMNS.join(', ');
    // a cycle's contribution (times sign) to the report's and its tags' roll-ups
    await queryRunner.query(`
      CREATE FUNCTION report_cycle_delta(c ticket_trackings, sign integer, tag integer DEFAULT NULL)
      RETURNS void LANGUAGE plpgsql ${path} AS $$
      DECLARE
        tz text;
      BEGIN
        SELECT timezone INTO tz FROM companies WHERE id = c.company_id;
        tz := coalesce(tz, 'America/Sao_Paulo');
        IF tag IS NULL THEN
          INSERT INTO report_daily (company_id, day, user_id, queue_id, whatsapp_id, ${cycleCols})
          SELECT c.company_id, (c.created_at AT TIME ZONE tz)::date, coalesce(c.user_id, 0), coalesce(c.queue_id, 0),
                 coalesce(c.whatsapp_id, 0), ${beginValues('c', 'sign')};
          IF c.finished_at IS NOT NULL THEN
            INSERT INTO report_daily (company_id, day, user_id, queue_id, whatsapp_id, ${cycleCols})
            SELECT c.company_id, (c.finished_at AT TIME ZONE tz)::date, coalesce(c.user_id, 0),
                   coalesce(c.queue_id, 0), coalesce(c.whatsapp_id, 0), ${finishValues('c', 'sign')};
          END IF;
        END IF;
        -- the tag given (a ticket tagged or untagged: its row may be gone already), else every tag of the ticket
        INSERT INTO report_tag_daily (company_id, day, tag_id, ${cycleCols})
        SELECT c.company_id, (c.created_at AT TIME ZONE tz)::date, t.tag_id, ${beginValues('c', 'sign')}
          FROM (SELECT tag AS tag_id WHERE tag IS NOT NULL
                UNION ALL
                SELECT tt.tag_id FROM ticket_tags tt
                 WHERE tag IS NULL AND tt.company_id = c.company_id AND tt.ticket_id = c.ticket_id) t;
        IF c.finished_at IS NOT NULL THEN
          INSERT INTO report_tag_daily (company_id, day, tag_id, ${cycleCols})
          SELECT c.company_id, (c.finished_at AT TIME ZONE tz)::date, t.tag_id, ${finishValues('c', 'sign')}
            FROM (SELECT tag AS tag_id WHERE tag IS NOT NULL
                  UNION ALL
                  SELECT tt.tag_id FROM ticket_tags tt
                   WHERE tag IS NULL AND tt.company_id = c.company_id AND tt.ticket_id = c.ticket_id) t;
        END IF;
      END
      $$`);
    // what a new cycle, or one moved to another queue, carries: reopen and the queue's targets
    await queryRunner.query(`
      CREATE FUNCTION report_cycle_prepare() RETURNS trigger LANGUAGE plpgsql ${path} AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          NEW.reopen := EXISTS (SELECT 1 FROM ticket_trackings
                                 WHERE company_id = NEW.company_id AND ticket_id = NEW.ticket_id);
        ELSIF NEW.queue_id IS NOT DISTINCT FROM OLD.queue_id THEN
          RETURN NEW;
        END IF;
        BEGIN
          SELECT q.sla_first_response_minutes * 60, q.sla_resolution_hours * 3600
            INTO NEW.sla_first_response_s, NEW.sla_resolution_s
            FROM queues q WHERE q.company_id = NEW.company_id AND q.id = NEW.queue_id;
          IF NEW.queue_id IS NULL THEN
            NEW.sla_first_response_s := NULL;
            NEW.sla_resolution_s := NULL;
          END IF;
        END;
        RETURN NEW;
      END
      $$`);
    await queryRunner.query(`
      CREATE TRIGGER trg_ticket_trackings_report_prepare
        BEFORE INSERT OR UPDATE OF queue_id ON ticket_trackings
        FOR EACH ROW EXECUTE FUNCTION report_cycle_prepare()`);
    const read = `company_id, user_id, queue_id, whatsapp_id, created_at, queued_at, started_at, finished_at,
                  rating_at, rate, reopen, first_response_at, sla_first_response_s, sla_resolution_s`;
    await queryRunner.query(`
      CREATE FUNCTION report_cycle_track() RETURNS trigger LANGUAGE plpgsql ${path} AS $$
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
      $$`);
    await queryRunner.query(`
      CREATE TRIGGER trg_ticket_trackings_report
        AFTER INSERT OR UPDATE OR DELETE ON ticket_trackings
        FOR EACH ROW EXECUTE FUNCTION report_cycle_track()`);
    // a ticket tagged or untagged moves its cycles into or out of the tag's roll-ups
    await queryRunner.query(`
      CREATE FUNCTION report_ticket_tag_track() RETURNS trigger LANGUAGE plpgsql ${path} AS $$
      DECLARE
        r record;
        c ticket_trackings;
        sign integer := CASE WHEN TG_OP = 'INSERT' THEN 1 ELSE -1 END;
      BEGIN
        IF TG_OP = 'INSERT' THEN r := NEW; ELSE r := OLD; END IF;
        FOR c IN SELECT * FROM ticket_trackings WHERE company_id = r.company_id AND ticket_id = r.ticket_id LOOP
          PERFORM report_cycle_delta(c, sign, r.tag_id);
        END LOOP;
        RETURN NULL;
      END
      $$`);
    await queryRunner.query(`
      CREATE TRIGGER trg_ticket_tags_report
        AFTER INSERT OR DELETE ON ticket_tags
        FOR EACH ROW EXECUTE FUNCTION report_ticket_tag_track()`);
    // messages: the agent they count under, the first response of the open cycle, received and sent
    await queryRunner.query(`
      CREATE FUNCTION report_message_prepare() RETURNS trigger LANGUAGE plpgsql ${path} AS $$
      BEGIN
        NEW.report_user_id := coalesce(NEW.user_id,
          (SELECT user_id FROM tickets WHERE company_id = NEW.company_id AND id = NEW.ticket_id));
        RETURN NEW;
      END
      $$`);
    await queryRunner.query(`
      CREATE TRIGGER trg_messages_report_prepare BEFORE INSERT ON messages
        FOR EACH ROW EXECUTE FUNCTION report_message_prepare()`);
    await queryRunner.query(`
      CREATE FUNCTION report_message_track() RETURNS trigger LANGUAGE plpgsql ${path} AS $$
      DECLARE
        m messages;
        sign integer := CASE WHEN TG_OP = 'INSERT' THEN 1 ELSE -1 END;
        tz text;
      BEGIN
        IF TG_OP = 'INSERT' THEN m := NEW; ELSE m := OLD; END IF;
        SELECT timezone INTO tz FROM companies WHERE id = m.company_id;
        INSERT INTO report_daily (company_id, day, user_id, queue_id, whatsapp_id, received, sent)
        VALUES (m.company_id, (m.created_at AT TIME ZONE coalesce(tz, 'America/Sao_Paulo'))::date,
                coalesce(m.report_user_id, m.user_id, 0), coalesce(m.queue_id, 0), m.whatsapp_id,
                sign * (NOT m.from_me)::int, sign * m.from_me::int);
        IF TG_OP = 'INSERT' AND m.from_me AND NOT m.is_bot AND m.user_id IS NOT NULL THEN
          UPDATE ticket_trackings SET first_response_at = m.created_at
           WHERE company_id = m.company_id AND ticket_id = m.ticket_id AND finished_at IS NULL
             AND first_response_at IS NULL AND created_at <= m.created_at;
        END IF;
        RETURN NULL;
      END
      $$`);
    await queryRunner.query(`
      CREATE TRIGGER trg_messages_report AFTER INSERT OR DELETE ON messages
        FOR EACH ROW EXECUTE FUNCTION report_message_track()`);
    // online time: the seconds from online_since to now, split over the company's days (whole seconds
    // of the clock at each end, so the pieces add up to the whole)
    await queryRunner.query(`
      CREATE FUNCTION report_user_online() RETURNS trigger LANGUAGE plpgsql ${path} AS $$
      DECLARE
        tz text;
        since timestamp;
        until timestamp;
      BEGIN
        IF TG_OP = 'INSERT' THEN
          NEW.online_since := CASE WHEN NEW.online THEN now() END;
          RETURN NEW;
        END IF;
        IF NEW.online AND NOT OLD.online THEN
          NEW.online_since := now();
        ELSIF OLD.online AND NOT NEW.online THEN
          NEW.online_since := NULL;
          IF OLD.online_since IS NOT NULL THEN
            SELECT coalesce(timezone, 'America/Sao_Paulo') INTO tz FROM companies WHERE id = NEW.company_id;
            tz := coalesce(tz, 'America/Sao_Paulo');
            since := OLD.online_since AT TIME ZONE tz;
            until := now() AT TIME ZONE tz;
            INSERT INTO report_daily (company_id, day, user_id, online_seconds)
            SELECT NEW.company_id, d::date, NEW.id,
                   (floor(date_part('epoch', least(until, d + interval '1 day')))
                    - floor(date_part('epoch', greatest(since, d))))::bigint
              FROM generate_series(date_trunc('day', since), until, interval '1 day') d
             WHERE least(until, d + interval '1 day') > greatest(since, d);
          END IF;
        END IF;
        RETURN NEW;
      END
      $$`);
    await queryRunner.query(`
      CREATE TRIGGER trg_users_report_online BEFORE INSERT OR UPDATE OF online ON users
        FOR EACH ROW EXECUTE FUNCTION report_user_online()`);

    // a company's roll-ups from its cycles and messages (the backfill, a time zone change); online rows stay
    const allCols = REPORT_COLUMNS.join(', ');
    await queryRunner.query(`
      CREATE FUNCTION report_rebuild(company integer) RETURNS void LANGUAGE plpgsql ${path} AS $$
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
        SELECT company, day, user_id, queue_id, whatsapp_id, true, ${sums(REPORT_COLUMNS)}
          FROM (SELECT (c.created_at AT TIME ZONE tz)::date, coalesce(c.user_id, 0), coalesce(c.queue_id, 0),
                       coalesce(c.whatsapp_id, 0), ${beginValues('c', '1')}, 0, 0, 0
                  FROM ticket_trackings c WHERE c.company_id = company
                UNION ALL
                SELECT (c.finished_at AT TIME ZONE tz)::date, coalesce(c.user_id, 0), coalesce(c.queue_id, 0),
                       coalesce(c.whatsapp_id, 0), ${finishValues('c', '1')}, 0, 0, 0
                  FROM ticket_trackings c WHERE c.company_id = company AND c.finished_at IS NOT NULL
                UNION ALL
                SELECT (m.created_at AT TIME ZONE tz)::date, coalesce(m.report_user_id, m.user_id, 0),
                       coalesce(m.queue_id, 0), m.whatsapp_id, ${CYCLE_COLUMNS.map(() => '0').join(', ')},
                       (NOT m.from_me)::int, m.from_me::int, 0
                  FROM messages m WHERE m.company_id = company
               ) AS x(day, user_id, queue_id, whatsapp_id, ${allCols})
         GROUP BY day, user_id, queue_id, whatsapp_id HAVING ${nonZero(REPORT_COLUMNS)};
        INSERT INTO report_tag_daily (company_id, day, tag_id, compacted, ${cycleCols})
        SELECT company, day, tag_id, true, ${sums(CYCLE_COLUMNS)}
          FROM (SELECT (c.created_at AT TIME ZONE tz)::date, tt.tag_id, ${beginValues('c', '1')}
                  FROM ticket_trackings c
                  JOIN ticket_tags tt ON tt.company_id = c.company_id AND tt.ticket_id = c.ticket_id
                 WHERE c.company_id = company
                UNION ALL
                SELECT (c.finished_at AT TIME ZONE tz)::date, tt.tag_id, ${finishValues('c', '1')}
                  FROM ticket_trackings c
                  JOIN ticket_tags tt ON tt.company_id = c.company_id AND tt.ticket_id = c.ticket_id
                 WHERE c.company_id = company AND c.finished_at IS NOT NULL
               ) AS x(day, tag_id, ${cycleCols})
         GROUP BY day, tag_id HAVING ${nonZero(CYCLE_COLUMNS)};
      END
      $$`);
    // what a company's cycles written without the triggers (the backfill, bench/generate.mjs) need: reopen, the
    // first agent message of each cycle, their queue's targets
    await queryRunner.query(`
      CREATE FUNCTION report_prepare_cycles(company integer) RETURNS void LANGUAGE sql ${path} AS $$
        UPDATE ticket_trackings t SET reopen = true
          FROM (SELECT id, row_number() OVER (PARTITION BY ticket_id ORDER BY created_at, id) AS n
                  FROM ticket_trackings WHERE company_id = company) o
         WHERE t.id = o.id AND o.n > 1 AND NOT t.reopen;
        UPDATE ticket_trackings t SET first_response_at = f.at
          FROM (SELECT t2.id, (SELECT min(m.created_at) FROM messages m
                                WHERE m.company_id = t2.company_id AND m.ticket_id = t2.ticket_id AND m.from_me
                                  AND NOT m.is_bot AND m.user_id IS NOT NULL AND m.created_at >= t2.created_at
                                  AND m.created_at <= coalesce(t2.finished_at, 'infinity')) AS at
                  FROM ticket_trackings t2 WHERE t2.company_id = company) f
         WHERE t.id = f.id AND f.at IS NOT NULL AND t.first_response_at IS DISTINCT FROM f.at;
        UPDATE ticket_trackings t SET sla_first_response_s = q.sla_first_response_minutes * 60,
                                      sla_resolution_s = q.sla_resolution_hours * 3600
          FROM queues q
         WHERE t.company_id = company AND q.company_id = company AND q.id = t.queue_id
           AND (q.sla_first_response_minutes IS NOT NULL OR q.sla_resolution_hours IS NOT NULL);
      $$`);
    await queryRunner.query(
      compactFunction({ path, create: 'CREATE', dailyColumns: REPORT_COLUMNS, tagColumns: CYCLE_COLUMNS }),
    );
    await queryRunner.query(`
      CREATE FUNCTION report_timezone_changed() RETURNS trigger LANGUAGE plpgsql ${path} AS $$
      BEGIN
        IF TG_OP = 'UPDATE' AND NEW.timezone IS DISTINCT FROM OLD.timezone THEN
          PERFORM report_rebuild(NEW.id);
        END IF;
        RETURN NULL;
      END
      $$`);
    await queryRunner.query(`
      CREATE TRIGGER trg_companies_report_timezone
        AFTER UPDATE OF timezone ON companies
        FOR EACH ROW EXECUTE FUNCTION report_timezone_changed()`);
    // the backfill: every company with cycles (their roll-ups written whole by the rebuild, not by the trigger)
    await queryRunner.query('ALTER TABLE ticket_trackings DISABLE TRIGGER trg_ticket_trackings_report');
    await queryRunner.query(
      'SELECT report_prepare_cycles(company_id) FROM (SELECT DISTINCT company_id FROM ticket_trackings) companies',
    );
    await queryRunner.query('ALTER TABLE ticket_trackings ENABLE TRIGGER trg_ticket_trackings_report');
    await queryRunner.query(
      'SELECT report_rebuild(company_id) FROM (SELECT DISTINCT company_id FROM ticket_trackings) companies',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TRIGGER trg_companies_report_timezone ON companies');
    await queryRunner.query('DROP FUNCTION report_timezone_changed()');
    await queryRunner.query('DROP FUNCTION report_compact(integer)');
    await queryRunner.query('DROP FUNCTION report_rebuild(integer)');
    await queryRunner.query('DROP FUNCTION report_prepare_cycles(integer)');
    await queryRunner.query('DROP TRIGGER trg_users_report_online ON users');
    await queryRunner.query('DROP FUNCTION report_user_online()');
    await queryRunner.query('DROP TRIGGER trg_messages_report ON messages');
    await queryRunner.query('DROP FUNCTION report_message_track()');
    await queryRunner.query('DROP TRIGGER trg_messages_report_prepare ON messages');
    await queryRunner.query('DROP FUNCTION report_message_prepare()');
    await queryRunner.query('DROP TRIGGER trg_ticket_tags_report ON ticket_tags');
    await queryRunner.query('DROP FUNCTION report_ticket_tag_track()');
    await queryRunner.query('DROP TRIGGER trg_ticket_trackings_report ON ticket_trackings');
    await queryRunner.query('DROP FUNCTION report_cycle_track()');
    await queryRunner.query('DROP TRIGGER trg_ticket_trackings_report_prepare ON ticket_trackings');
    await queryRunner.query('DROP FUNCTION report_cycle_prepare()');
    await queryRunner.query('DROP FUNCTION report_cycle_delta(ticket_trackings, integer, integer)');
    await queryRunner.query('DROP TABLE report_tag_daily');
    await queryRunner.query('DROP TABLE report_daily');
    await queryRunner.query('DROP INDEX idx_ticket_trackings_company_ticket');
    await queryRunner.query('ALTER TABLE users DROP COLUMN online_since');
    await queryRunner.query('ALTER TABLE messages DROP COLUMN report_user_id');
    await queryRunner.query(
      'ALTER TABLE queues DROP COLUMN sla_first_response_minutes, DROP COLUMN sla_resolution_hours',
    );
    await queryRunner.query(
      `ALTER TABLE ticket_trackings DROP COLUMN reopen, DROP COLUMN first_response_at,
         DROP COLUMN sla_first_response_s, DROP COLUMN sla_resolution_s`,
    );
  }
}
