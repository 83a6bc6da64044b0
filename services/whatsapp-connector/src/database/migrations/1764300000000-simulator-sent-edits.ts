import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The simulated phone shows our edits: when a sent text was last edited (its `content` holds the new text). */
export class SimulatorSentEdits1764300000000 implements MigrationInterface {
  name = 'SimulatorSentEdits1764300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE simulator_sent ADD COLUMN edited_at timestamptz');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE simulator_sent DROP COLUMN edited_at');
  }
}
