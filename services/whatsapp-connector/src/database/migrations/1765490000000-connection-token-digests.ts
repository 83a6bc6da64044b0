import type { MigrationInterface, QueryRunner } from 'typeorm';
import { apiTokenDigest, apiTokenWeakness } from '../../modules/connections/api-token.js';

/**
 * External-API tokens kept as digests only (proto/adr/0011-connection-token-digests.md): each stored token becomes
 * its SHA-256 (`token_sha256`, '' for none), a token that fails today's rule is marked `token_weak` (the API refuses
 * it until the admin rotates it), and the clear column is emptied (no code reads it any more; it is dropped one
 * release later, as docs/operations.md asks, so the previous release's pods keep working during the rollout).
 * `token_announced` is false for the rows this migration rewrote: the connector announces their digests on
 * `whatsapp.connection-token.v2` at boot.
 */
export class ConnectionTokenDigests1765490000000 implements MigrationInterface {
  name = 'ConnectionTokenDigests1765490000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE connections
        ADD COLUMN token_sha256 text NOT NULL DEFAULT '',
        ADD COLUMN token_weak boolean NOT NULL DEFAULT false,
        ADD COLUMN token_announced boolean NOT NULL DEFAULT false`);
    const rows = (await queryRunner.query("SELECT id, token FROM connections WHERE token <> ''")) as Array<{
      id: number;
      token: string;
    }>;
    for (const row of rows) {
      await queryRunner.query('UPDATE connections SET token_sha256 = $2, token_weak = $3 WHERE id = $1', [
        row.id,
        apiTokenDigest(row.token),
        apiTokenWeakness(row.token) !== null,
      ]);
    }
    await queryRunner.query("UPDATE connections SET token = '' WHERE token <> ''");
    await queryRunner.query('ALTER TABLE connections ALTER COLUMN token_announced SET DEFAULT true');
    await queryRunner.query(
      "CREATE INDEX idx_connections_token_sha256 ON connections (token_sha256) WHERE token_sha256 <> ''",
    );
    await queryRunner.query(
      'CREATE INDEX idx_connections_token_unannounced ON connections (id) WHERE NOT token_announced',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    // the clear tokens are gone: every connection comes back without one
    await queryRunner.query('DROP INDEX idx_connections_token_unannounced');
    await queryRunner.query('DROP INDEX idx_connections_token_sha256');
    await queryRunner.query(
      'ALTER TABLE connections DROP COLUMN token_announced, DROP COLUMN token_weak, DROP COLUMN token_sha256',
    );
  }
}
