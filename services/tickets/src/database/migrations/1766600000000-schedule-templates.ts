import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A schedule on a Cloud API connection may send an approved template (null: it sends its text). */
export class ScheduleTemplates1766600000000 implements MigrationInterface {
  name = 'ScheduleTemplates1766600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE schedules ADD COLUMN template jsonb');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE schedules DROP COLUMN template');
  }
}
