import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * LGPD erasure requests: who asked to erase which contact, and each holding service's confirmation
 * (`services`: `{ "<service>": { "status", "confirmedAt", "removed" } }`).
 */
export class ErasureRequests1766500000000 implements MigrationInterface {
  name = 'ErasureRequests1766500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE erasure_requests (
        id uuid PRIMARY KEY,
        company_id integer NOT NULL,
        contact_id integer NOT NULL,
        requested_by integer NOT NULL,
        status varchar(16) NOT NULL DEFAULT 'pending',
        services jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        completed_at timestamptz,
        CONSTRAINT ck_erasure_requests_status CHECK (status IN ('pending', 'done'))
      )`);
    await queryRunner.query(
      'CREATE INDEX idx_erasure_requests_company_created ON erasure_requests (company_id, created_at DESC, id)',
    );
    await queryRunner.query(
      'CREATE INDEX idx_erasure_requests_company_contact ON erasure_requests (company_id, contact_id, created_at DESC)',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE erasure_requests');
  }
}
