import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Cloud API message templates: the WhatsApp Business Account id on the connection (where Meta keeps its
 * templates), and the templates read from Meta, one row per (connection, name, language).
 */
export class MessageTemplates1766100000000 implements MigrationInterface {
  name = 'MessageTemplates1766100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE connections ADD COLUMN cloud_business_account_id text');
    await queryRunner.query(`
      CREATE TABLE message_templates (
        id serial PRIMARY KEY,
        company_id integer NOT NULL,
        connection_id integer NOT NULL REFERENCES connections(id) ON DELETE CASCADE,
        meta_id text NOT NULL,
        name text NOT NULL,
        language text NOT NULL,
        status text NOT NULL,
        category text NOT NULL,
        components jsonb NOT NULL DEFAULT '[]',
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (connection_id, name, language)
      )`);
    await queryRunner.query(
      'CREATE INDEX idx_message_templates_company_connection ON message_templates (company_id, connection_id)',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE message_templates');
    await queryRunner.query('ALTER TABLE connections DROP COLUMN cloud_business_account_id');
  }
}
