import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `leads` of the dashboard (contacts with exactly one attendance cycle in the period) without grouping the
 * period's cycles per contact (issue 22; 70,000 cycles in 30 days on the benchmark's company). Each cycle
 * carries the begin times of the same contact's previous cycle and the one before (`contact_prev_at`,
 * `contact_prev2_at`, contact order = (created_at, id)). For a period starting at S, a contact's first cycle in
 * it is the one whose previous began before S, its second the one whose previous is in the period and the one
 * before that is not; so leads = (first cycles) − (second cycles), two counts over one index-only scan of the
 * period (the covering index now includes both columns).
 *
 * A trigger recomputes a contact's links whenever one of its cycles is added, deleted or moved (company,
 * contact or begin time changed), under a transaction lock on (company, contact) so two writers of one contact
 * see each other; a contact has a handful of cycles, read through the new (company, contact, begin) index.
 * The roll-up trigger now fires only on the columns it reads. Backfilled here.
 */
export class DashboardLeads1764100000001 implements MigrationInterface {
  name = 'DashboardLeads1764100000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    const [current] = (await queryRunner.query('SELECT current_schema() AS schema')) as Array<{ schema: string }>;
    const path = `SET search_path = "${current?.schema ?? 'tickets'}"`;
    await queryRunner.query(
      'ALTER TABLE ticket_trackings ADD COLUMN contact_prev_at timestamptz, ADD COLUMN contact_prev2_at timestamptz',
    );
    await queryRunner.query(`
      UPDATE ticket_trackings t SET contact_prev_at = l.p1, contact_prev2_at = l.p2
        FROM (SELECT id, lag(created_at) OVER w AS p1, lag(created_at, 2) OVER w AS p2 FROM ticket_trackings
              WINDOW w AS (PARTITION BY company_id, contact_id ORDER BY created_at, id)) l
       WHERE t.id = l.id AND (l.p1 IS NOT NULL OR l.p2 IS NOT NULL)`);
    await queryRunner.query(
      'CREATE INDEX idx_ticket_trackings_company_contact ON ticket_trackings (company_id, contact_id, created_at, id)',
    );
    await queryRunner.query(
      `CREATE INDEX idx_ticket_trackings_company_created_cover2 ON ticket_trackings (company_id, created_at)
         INCLUDE (user_id, contact_id, queued_at, started_at, finished_at, rating_at, rate, contact_prev_at, contact_prev2_at)`,
    );
    await queryRunner.query('DROP INDEX idx_ticket_trackings_company_created_cover');
    await queryRunner.query(
      'ALTER INDEX idx_ticket_trackings_company_created_cover2 RENAME TO idx_ticket_trackings_company_created_cover',
    );
    await queryRunner.query(`
      CREATE FUNCTION dashboard_contact_relink(company integer, contact integer) RETURNS void LANGUAGE plpgsql ${path} AS $$
      BEGIN
        PERFORM pg_advisory_xact_lock(company, contact);
        -- a statement after the lock: it sees the cycles another writer of this contact committed meanwhile
        UPDATE ticket_trackings t SET contact_prev_at = l.p1, contact_prev2_at = l.p2
          FROM (SELECT id, lag(created_at) OVER w AS p1, lag(created_at, 2) OVER w AS p2 FROM ticket_trackings
                 WHERE company_id = company AND contact_id = contact
                WINDOW w AS (ORDER BY created_at, id)) l
         WHERE t.id = l.id AND (t.contact_prev_at, t.contact_prev2_at) IS DISTINCT FROM (l.p1, l.p2);
      END
      $$`);
    await queryRunner.query(`
      CREATE FUNCTION dashboard_contact_links() RETURNS trigger LANGUAGE plpgsql ${path} AS $$
      BEGIN
        IF TG_OP <> 'INSERT' THEN
          PERFORM dashboard_contact_relink(OLD.company_id, OLD.contact_id);
        END IF;
        IF TG_OP <> 'DELETE' AND NOT (TG_OP = 'UPDATE' AND NEW.company_id = OLD.company_id
                                      AND NEW.contact_id = OLD.contact_id) THEN
          PERFORM dashboard_contact_relink(NEW.company_id, NEW.contact_id);
        END IF;
        RETURN NULL;
      END
      $$`);
    await queryRunner.query(`
      CREATE TRIGGER trg_ticket_trackings_contact_links
        AFTER INSERT OR DELETE OR UPDATE OF company_id, contact_id, created_at ON ticket_trackings
        FOR EACH ROW EXECUTE FUNCTION dashboard_contact_links()`);
    await queryRunner.query('DROP TRIGGER trg_ticket_trackings_dashboard_daily ON ticket_trackings');
    await queryRunner.query(`
      CREATE TRIGGER trg_ticket_trackings_dashboard_daily
        AFTER INSERT OR DELETE
           OR UPDATE OF company_id, user_id, created_at, queued_at, started_at, finished_at, rating_at, rate
        ON ticket_trackings
        FOR EACH ROW EXECUTE FUNCTION dashboard_daily_track()`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TRIGGER trg_ticket_trackings_dashboard_daily ON ticket_trackings');
    await queryRunner.query(`
      CREATE TRIGGER trg_ticket_trackings_dashboard_daily
        AFTER INSERT OR UPDATE OR DELETE ON ticket_trackings
        FOR EACH ROW EXECUTE FUNCTION dashboard_daily_track()`);
    await queryRunner.query('DROP TRIGGER trg_ticket_trackings_contact_links ON ticket_trackings');
    await queryRunner.query('DROP FUNCTION dashboard_contact_links()');
    await queryRunner.query('DROP FUNCTION dashboard_contact_relink(integer, integer)');
    await queryRunner.query(
      `CREATE INDEX idx_ticket_trackings_company_created_cover2 ON ticket_trackings (company_id, created_at)
         INCLUDE (user_id, contact_id, queued_at, started_at, finished_at, rating_at, rate)`,
    );
    await queryRunner.query('DROP INDEX idx_ticket_trackings_company_created_cover');
    await queryRunner.query(
      'ALTER INDEX idx_ticket_trackings_company_created_cover2 RENAME TO idx_ticket_trackings_company_created_cover',
    );
    await queryRunner.query('DROP INDEX idx_ticket_trackings_company_contact');
    await queryRunner.query('ALTER TABLE ticket_trackings DROP COLUMN contact_prev_at, DROP COLUMN contact_prev2_at');
  }
}
