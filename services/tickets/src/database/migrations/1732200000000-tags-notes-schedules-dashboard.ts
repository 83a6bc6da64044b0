import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The second half of the tickets service: quick replies by author, and the dashboard's read of a period's
 * attendance cycles. Each cycle keeps its rating (`rate`, copied from `user_ratings`, backfilled here), and an
 * index on (company, begin time) covers every column the figures read, so a period is an index-only scan of
 * its own cycles, whatever the size of the company's history.
 */
export class TagsNotesSchedulesDashboard1732200000000 implements MigrationInterface {
  name = 'TagsNotesSchedulesDashboard1732200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE INDEX idx_quick_messages_company_user ON quick_messages (company_id, user_id, shortcode)',
    );
    await queryRunner.query('ALTER TABLE ticket_trackings ADD COLUMN rate smallint CHECK (rate BETWEEN 1 AND 3)');
    await queryRunner.query(
      `UPDATE ticket_trackings tt SET rate = ur.rate FROM user_ratings ur
        WHERE ur.company_id = tt.company_id AND ur.tracking_id = tt.id`,
    );
    await queryRunner.query(
      `CREATE INDEX idx_ticket_trackings_company_created_cover ON ticket_trackings (company_id, created_at)
         INCLUDE (user_id, contact_id, queued_at, started_at, finished_at, rating_at, rate)`,
    );
    await queryRunner.query('DROP INDEX idx_ticket_trackings_company_created');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE INDEX idx_ticket_trackings_company_created ON ticket_trackings (company_id, created_at)',
    );
    await queryRunner.query('DROP INDEX idx_ticket_trackings_company_created_cover');
    await queryRunner.query('ALTER TABLE ticket_trackings DROP COLUMN rate');
    await queryRunner.query('DROP INDEX idx_quick_messages_company_user');
  }
}
