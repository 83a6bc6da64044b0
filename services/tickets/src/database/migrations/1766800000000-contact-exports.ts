import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * LGPD export requests (`POST /privacy/contact-exports`) and the parts other services answer them with
 * (`privacy.export.part`: campaigns' shippings of the person), per company. A request is `pending` until every
 * service of `EXPORT_SERVICES` sent its last part, then `ready`; its parts go with it (erasure, cleanup job).
 */
export class ContactExports1766800000000 implements MigrationInterface {
  name = 'ContactExports1766800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE contact_export_requests (
        id uuid PRIMARY KEY,
        company_id integer NOT NULL,
        contact_id integer NOT NULL,
        requested_by integer NOT NULL,
        status varchar(16) NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'ready')),
        created_at timestamptz NOT NULL DEFAULT now(),
        ready_at timestamptz
      )`);
    await queryRunner.query(
      'CREATE INDEX idx_contact_export_requests_contact ON contact_export_requests (company_id, contact_id)',
    );
    await queryRunner.query('CREATE INDEX idx_contact_export_requests_created ON contact_export_requests (created_at)');
    await queryRunner.query(`
      CREATE TABLE contact_export_parts (
        company_id integer NOT NULL,
        request_id uuid NOT NULL REFERENCES contact_export_requests (id) ON DELETE CASCADE,
        service varchar(32) NOT NULL,
        part integer NOT NULL,
        last boolean NOT NULL,
        rows jsonb NOT NULL,
        CONSTRAINT pk_contact_export_parts PRIMARY KEY (request_id, service, part)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE contact_export_parts');
    await queryRunner.query('DROP TABLE contact_export_requests');
  }
}
