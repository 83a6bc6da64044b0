import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Service levels (issue 55): the standing of each open attendance cycle that came near (80%) or past a target of
 * its queue (`service_level_alerts`, one row per cycle, removed when it is back within them or ends), kept by a
 * sweep every minute over the open cycles with targets (partial index), which publishes each change.
 */
export class ServiceLevelAlerts1766510000001 implements MigrationInterface {
  name = 'ServiceLevelAlerts1766510000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE service_level_alerts (
        tracking_id integer PRIMARY KEY,
        company_id integer NOT NULL,
        ticket_id integer NOT NULL,
        state varchar(10) NOT NULL,
        first_response varchar(10),
        resolution varchar(10),
        first_response_due_at timestamptz,
        resolution_due_at timestamptz,
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT fk_service_level_alerts_ticket FOREIGN KEY (company_id, ticket_id)
          REFERENCES tickets (company_id, id) ON DELETE CASCADE
      )`);
    await queryRunner.query(
      'CREATE INDEX idx_service_level_alerts_company ON service_level_alerts (company_id, ticket_id)',
    );
    await queryRunner.query(
      `CREATE INDEX idx_ticket_trackings_open_with_targets ON ticket_trackings (created_at)
         WHERE finished_at IS NULL AND (sla_first_response_s IS NOT NULL OR sla_resolution_s IS NOT NULL)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX idx_ticket_trackings_open_with_targets');
    await queryRunner.query('DROP TABLE service_level_alerts');
  }
}
