import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The projected connections keep their provider: a Cloud API one refuses free text outside the 24-hour customer
 * service window (null: not told yet, treated as a provider without that window).
 */
export class ConnectionProvider1766720000000 implements MigrationInterface {
  name = 'ConnectionProvider1766720000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE connections ADD COLUMN provider varchar(20)');
    await queryRunner.query('ALTER TABLE schedules ADD COLUMN whatsapp_id integer');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE schedules DROP COLUMN whatsapp_id');
    await queryRunner.query('ALTER TABLE connections DROP COLUMN provider');
  }
}
