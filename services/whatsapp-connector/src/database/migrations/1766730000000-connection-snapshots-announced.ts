import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `snapshot_announced`: false for a connection whose current snapshot the other services' projections must be
 * told again (`whatsapp.connection.updated`, with its token digest); the connector announces those at boot
 * (`ConnectionAnnouncer`). Every existing connection starts false, so the first start after this migration fills
 * tickets' `connections.provider` (tickets' migration 1766720000000 adds it as NULL). New rows default to true:
 * the change that creates them publishes them. A later migration that needs the projections refreshed sets it
 * false again.
 */
export class ConnectionSnapshotsAnnounced1766730000000 implements MigrationInterface {
  name = 'ConnectionSnapshotsAnnounced1766730000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE connections ADD COLUMN snapshot_announced boolean NOT NULL DEFAULT false');
    await queryRunner.query('ALTER TABLE connections ALTER COLUMN snapshot_announced SET DEFAULT true');
    await queryRunner.query(
      'CREATE INDEX idx_connections_snapshot_unannounced ON connections (id) WHERE NOT snapshot_announced',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX idx_connections_snapshot_unannounced');
    await queryRunner.query('ALTER TABLE connections DROP COLUMN snapshot_announced');
  }
}
