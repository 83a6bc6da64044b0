import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The file an inbound message carried that the connector did not keep (`refusedMedia` of the inbound event): its
 * name and MIME type as the customer sent them and why it was refused (`unsupported-type`, `too-large`,
 * `download-failed`). All null on every other message; the reason is set whenever the row names a refused file.
 */
export class MessageRefusedMedia1766400000000 implements MigrationInterface {
  name = 'MessageRefusedMedia1766400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE messages
        ADD COLUMN refused_media_name text NULL,
        ADD COLUMN refused_media_type varchar(255) NULL,
        ADD COLUMN refused_media_reason varchar(32) NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE messages
        DROP COLUMN refused_media_reason,
        DROP COLUMN refused_media_type,
        DROP COLUMN refused_media_name`);
  }
}
