import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The external API's defences against guessed tokens: failed token attempts counted per client address and
 * minute (`external_api_failures`, past TICKETS_EXTERNAL_API_FAILURES_PER_MINUTE the address gets 429), and the
 * connector's verdict on each token (`connection_tokens.weak`: a token typed before tokens had to be strong is
 * refused with 401 until the admin rotates it). Rows written before this migration stay usable until the
 * connector announces its verdict on them (`whatsapp.connection-token.v2`).
 */
export class ExternalApiGuessing1766300000000 implements MigrationInterface {
  name = 'ExternalApiGuessing1766300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE external_api_failures (
        client_ip varchar(64) NOT NULL,
        window_start timestamptz NOT NULL,
        count integer NOT NULL DEFAULT 0,
        PRIMARY KEY (client_ip, window_start)
      )`);
    await queryRunner.query('ALTER TABLE connection_tokens ADD COLUMN weak boolean NOT NULL DEFAULT false');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE connection_tokens DROP COLUMN weak');
    await queryRunner.query('DROP TABLE external_api_failures');
  }
}
