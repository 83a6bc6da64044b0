import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The 24 hour-of-day columns of a roll-up row (`h0` … `h23`). */
export const HOURS = Array.from({ length: 24 }, (_, hour) => `h${hour}`);
const FIGURES = ['cycles', 'finished', 'support_sum', 'support_n', 'wait_sum', 'wait_n', 'rate_sum', 'rate_n'];
/** Every additive column of `dashboard_daily`, in insert order. */
export const ROLLUP_COLUMNS = [...FIGURES, ...HOURS];

/**
 * What one attendance cycle `c` adds to its day's roll-up, times `sign` (the SELECT list of ROLLUP_COLUMNS, with
 * `f` = `dashboard_cycle(...)` of the cycle): the same whole minutes and hour as the raw computation.
 */
export const contribution = (c: string, sign: string): string =>
  [
    sign,
    `${sign} * (${c}.finished_at IS NOT NULL)::int`,
    `${sign} * (CASE WHEN f.support > 0 THEN f.support ELSE 0 END)`,
    `${sign} * (f.support > 0)::int`,
    `${sign} * coalesce(f.wait, 0)`,
    `${sign} * (f.wait IS NOT NULL)::int`,
    `${sign} * coalesce(${c}.rate, 0)`,
    `${sign} * (${c}.rate IS NOT NULL)::int`,
    ...HOURS.map((_, hour) => `${sign} * (f.hour = ${hour})::int`),
  ].join(', ');

/**
 * Per-day roll-ups of the attendance cycles for `GET /dashboard` (issue 22): a 30-day dashboard read 70,000
 * cycles per request on the benchmark's 1M-ticket company. `dashboard_daily` holds, per company, day of the
 * cycle's start (company time zone) and attendant (0: none), the additive figures: cycles begun, finished,
 * sums and counts of support and wait minutes and of ratings, and cycles begun per hour of the day.
 *
 * Maintained by a trigger on `ticket_trackings`, so every path that changes a cycle (accept, transfer, close,
 * rating, reopen, a deleted ticket's cascade) keeps it exact, in the same transaction. The trigger only appends
 * delta rows (the cycle's old contribution negated, its new one added): no row is updated in place, so writers
 * never wait on each other for a hot (company, today, no attendant) row. `dashboard_compact()` (a pg-boss job
 * every minute) folds each key's rows into one. A change of the company's time zone rebuilds its roll-ups.
 * Backfilled here from the existing cycles.
 */
export class DashboardDaily1764100000000 implements MigrationInterface {
  name = 'DashboardDaily1764100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // the functions that read tables run with the service's schema whoever writes (the benchmark's generator too)
    const [current] = (await queryRunner.query('SELECT current_schema() AS schema')) as Array<{ schema: string }>;
    const path = `SET search_path = "${current?.schema ?? 'tickets'}"`;
    await queryRunner.query(`
      CREATE TABLE dashboard_daily (
        id bigserial PRIMARY KEY,
        company_id integer NOT NULL,
        day date NOT NULL,
        user_id integer NOT NULL DEFAULT 0,
        compacted boolean NOT NULL DEFAULT false,
        cycles integer NOT NULL DEFAULT 0,
        finished integer NOT NULL DEFAULT 0,
        support_sum bigint NOT NULL DEFAULT 0,
        support_n integer NOT NULL DEFAULT 0,
        wait_sum bigint NOT NULL DEFAULT 0,
        wait_n integer NOT NULL DEFAULT 0,
        rate_sum integer NOT NULL DEFAULT 0,
        rate_n integer NOT NULL DEFAULT 0,
        ${HOURS.map((hour) => `${hour} integer NOT NULL DEFAULT 0`).join(', ')}
      )`);
    await queryRunner.query(
      'CREATE INDEX idx_dashboard_daily_company_day ON dashboard_daily (company_id, day, user_id)',
    );
    await queryRunner.query(
      'CREATE INDEX idx_dashboard_daily_deltas ON dashboard_daily (company_id, day, user_id) WHERE NOT compacted',
    );
    // one cycle's day, hour, support and wait minutes: exactly the dashboard's raw formulas
    await queryRunner.query(`
      CREATE FUNCTION dashboard_cycle(tz text, created_at timestamptz, queued_at timestamptz, started_at timestamptz,
                                      finished_at timestamptz, rating_at timestamptz,
                                      OUT day date, OUT hour integer, OUT support integer, OUT wait integer)
      LANGUAGE sql STABLE PARALLEL SAFE AS $$
        SELECT (created_at AT TIME ZONE tz)::date,
               date_part('hour', created_at AT TIME ZONE tz)::int,
               CASE WHEN started_at IS NOT NULL AND coalesce(rating_at, finished_at) >= started_at
                    THEN floor(date_part('epoch', coalesce(rating_at, finished_at) - started_at) / 60)::int
                    ELSE 0 END,
               CASE WHEN started_at IS NOT NULL AND queued_at IS NOT NULL AND started_at >= queued_at
                    THEN floor(date_part('epoch', started_at - queued_at) / 60)::int END
      $$`);
    const columns = ROLLUP_COLUMNS.join(', ');
    const sums = ROLLUP_COLUMNS.map((column) => `sum(${column})`).join(', ');
    const cycleOf = (c: string) =>
      `dashboard_cycle(tz, ${c}.created_at, ${c}.queued_at, ${c}.started_at, ${c}.finished_at, ${c}.rating_at)`;
    await queryRunner.query(`
      CREATE FUNCTION dashboard_daily_track() RETURNS trigger LANGUAGE plpgsql ${path} AS $$
      DECLARE
        tz text;
      BEGIN
        IF TG_OP = 'UPDATE'
           AND (OLD.company_id, OLD.user_id, OLD.created_at, OLD.queued_at, OLD.started_at, OLD.finished_at,
                OLD.rating_at, OLD.rate)
               IS NOT DISTINCT FROM
               (NEW.company_id, NEW.user_id, NEW.created_at, NEW.queued_at, NEW.started_at, NEW.finished_at,
                NEW.rating_at, NEW.rate) THEN
          RETURN NULL;
        END IF;
        IF TG_OP <> 'INSERT' THEN
          SELECT timezone INTO tz FROM companies WHERE id = OLD.company_id;
          tz := coalesce(tz, 'America/Sao_Paulo');
          INSERT INTO dashboard_daily (company_id, day, user_id, ${columns})
          SELECT OLD.company_id, f.day, coalesce(OLD.user_id, 0), ${contribution('OLD', '-1')}
            FROM ${cycleOf('OLD')} f;
        END IF;
        IF TG_OP <> 'DELETE' THEN
          IF TG_OP = 'INSERT' OR NEW.company_id <> OLD.company_id THEN
            SELECT timezone INTO tz FROM companies WHERE id = NEW.company_id;
            tz := coalesce(tz, 'America/Sao_Paulo');
          END IF;
          INSERT INTO dashboard_daily (company_id, day, user_id, ${columns})
          SELECT NEW.company_id, f.day, coalesce(NEW.user_id, 0), ${contribution('NEW', '1')}
            FROM ${cycleOf('NEW')} f;
        END IF;
        RETURN NULL;
      END
      $$`);
    await queryRunner.query(`
      CREATE TRIGGER trg_ticket_trackings_dashboard_daily
        AFTER INSERT OR UPDATE OR DELETE ON ticket_trackings
        FOR EACH ROW EXECUTE FUNCTION dashboard_daily_track()`);
    // a company's roll-ups from its cycles, in its time zone (the backfill, and a time zone change)
    await queryRunner.query(`
      CREATE FUNCTION dashboard_rebuild(company integer) RETURNS void LANGUAGE sql ${path} AS $$
        DELETE FROM dashboard_daily WHERE company_id = company;
        INSERT INTO dashboard_daily (company_id, day, user_id, compacted, ${columns})
        SELECT company, f.day, coalesce(c.user_id, 0), true, ${sums}
          FROM (SELECT coalesce((SELECT timezone FROM companies WHERE id = company), 'America/Sao_Paulo') AS tz) z,
               ticket_trackings c,
               LATERAL (SELECT f.*, ${contribution('c', '1')}
                          FROM dashboard_cycle(z.tz, c.created_at, c.queued_at, c.started_at, c.finished_at,
                                               c.rating_at) f) AS f(day, hour, support, wait, ${columns})
         WHERE c.company_id = company
         GROUP BY f.day, coalesce(c.user_id, 0);
      $$`);
    // each key's rows folded into one (keys whose cycles all left them disappear)
    await queryRunner.query(`
      CREATE FUNCTION dashboard_compact(batch integer) RETURNS integer LANGUAGE sql ${path} AS $$
        WITH keys AS (
          SELECT DISTINCT company_id, day, user_id FROM dashboard_daily WHERE NOT compacted LIMIT batch
        ), gone AS (
          DELETE FROM dashboard_daily d USING keys k
           WHERE d.company_id = k.company_id AND d.day = k.day AND d.user_id = k.user_id
          RETURNING d.*
        ), folded AS (
          INSERT INTO dashboard_daily (company_id, day, user_id, compacted, ${columns})
          SELECT company_id, day, user_id, true, ${sums} FROM gone
           GROUP BY company_id, day, user_id HAVING sum(cycles) <> 0
          RETURNING 1
        )
        SELECT count(*)::int FROM keys;
      $$`);
    await queryRunner.query(`
      CREATE FUNCTION dashboard_timezone_changed() RETURNS trigger LANGUAGE plpgsql ${path} AS $$
      BEGIN
        IF (TG_OP = 'INSERT' AND NEW.timezone <> 'America/Sao_Paulo')
           OR (TG_OP = 'UPDATE' AND NEW.timezone IS DISTINCT FROM OLD.timezone) THEN
          PERFORM dashboard_rebuild(NEW.id);
        END IF;
        RETURN NULL;
      END
      $$`);
    await queryRunner.query(`
      CREATE TRIGGER trg_companies_dashboard_timezone
        AFTER INSERT OR UPDATE OF timezone ON companies
        FOR EACH ROW EXECUTE FUNCTION dashboard_timezone_changed()`);
    // the backfill: every company with cycles
    await queryRunner.query(
      'SELECT dashboard_rebuild(company_id) FROM (SELECT DISTINCT company_id FROM ticket_trackings) companies',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TRIGGER trg_companies_dashboard_timezone ON companies');
    await queryRunner.query('DROP FUNCTION dashboard_timezone_changed()');
    await queryRunner.query('DROP TRIGGER trg_ticket_trackings_dashboard_daily ON ticket_trackings');
    await queryRunner.query('DROP FUNCTION dashboard_daily_track()');
    await queryRunner.query('DROP FUNCTION dashboard_compact(integer)');
    await queryRunner.query('DROP FUNCTION dashboard_rebuild(integer)');
    await queryRunner.query(
      'DROP FUNCTION dashboard_cycle(text, timestamptz, timestamptz, timestamptz, timestamptz, timestamptz)',
    );
    await queryRunner.query('DROP TABLE dashboard_daily');
  }
}
