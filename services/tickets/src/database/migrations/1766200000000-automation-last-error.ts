import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The last failure of each prompt and queue integration (when, and a short message without secrets), shown to the
 * admin on the prompts and integrations pages; the next successful answer clears it.
 */
export class AutomationLastError1766200000000 implements MigrationInterface {
  name = 'AutomationLastError1766200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE prompts ADD COLUMN last_error text, ADD COLUMN last_error_at timestamptz');
    await queryRunner.query(
      'ALTER TABLE queue_integrations ADD COLUMN last_error text, ADD COLUMN last_error_at timestamptz',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE queue_integrations DROP COLUMN last_error, DROP COLUMN last_error_at');
    await queryRunner.query('ALTER TABLE prompts DROP COLUMN last_error, DROP COLUMN last_error_at');
  }
}
