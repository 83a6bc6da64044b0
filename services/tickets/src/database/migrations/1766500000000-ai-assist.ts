import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A company's OpenAI-compatible endpoint for AI assistance to its agents (summaries and reply suggestions): one
 * row per company, the API key sealed (`SecretBox`). No row: the feature is not configured and nothing is sent.
 */
export class AiAssist1766500000000 implements MigrationInterface {
  name = 'AiAssist1766500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE ai_assist_settings (
        company_id integer PRIMARY KEY,
        base_url varchar(500) NOT NULL,
        api_key_enc text NOT NULL,
        model varchar(200) NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE ai_assist_settings');
  }
}
