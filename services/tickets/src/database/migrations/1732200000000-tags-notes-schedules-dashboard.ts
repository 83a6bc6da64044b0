import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Indexes for the second half of the tickets service: quick replies by author, ratings by attendance cycle,
 * and the dashboard's scan of a period's attendance cycles (company, begin time) covering every column its
 * figures read, so a period costs its own cycles whatever the company's history.
 */
export class TagsNotesSchedulesDashboard1732200000000 implements MigrationInterface {
  name = 'TagsNotesSchedulesDashboard1732200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE INDEX idx_quick_messages_company_user ON quick_messages (company_id, user_id, shortcode)',
    );
    await queryRunner.query('CREATE INDEX idx_user_ratings_company_tracking ON user_ratings (company_id, tracking_id)');
    await queryRunner.query(
      `CREATE INDEX idx_ticket_trackings_company_created_cover ON ticket_trackings (company_id, created_at)
         INCLUDE (user_id, contact_id, queued_at, started_at, finished_at, rating_at)`,
    );
    await queryRunner.query('DROP INDEX idx_ticket_trackings_company_created');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE INDEX idx_ticket_trackings_company_created ON ticket_trackings (company_id, created_at)',
    );
    await queryRunner.query('DROP INDEX idx_ticket_trackings_company_created_cover');
    await queryRunner.query('DROP INDEX idx_user_ratings_company_tracking');
    await queryRunner.query('DROP INDEX idx_quick_messages_company_user');
  }
}
