import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `leads` of the dashboard without reading every cycle of the period (issue 22: 40 of the 72 ms of a 30-day
 * dashboard on the benchmark's company went to counting its 69,462 cycles). With N the cycles begun in the period
 * [S, E) (the roll-ups hold it), P1 those whose contact's previous cycle also began at or after S and P2 those whose
 * contact's previous two did, leads = (N − P1) − (P1 − P2): the first cycles of the period's contacts minus their
 * second ones (migration 1764100000001). A previous cycle begins no later than its successor, so P1 and P2 are
 * counts over the cycles whose previous began at or after S, created before E: this index's range, a fraction of
 * the period's cycles when most contacts write once in it, never more than them.
 */
export class DashboardLeadsByPrevious1764700000000 implements MigrationInterface {
  name = 'DashboardLeadsByPrevious1764700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX idx_ticket_trackings_company_contact_prev ON ticket_trackings (company_id, contact_prev_at)
         INCLUDE (created_at, contact_prev2_at) WHERE contact_prev_at IS NOT NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX idx_ticket_trackings_company_contact_prev');
  }
}
