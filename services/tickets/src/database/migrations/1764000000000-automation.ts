import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Automation (issue 20): AI prompts, queue integrations (Typebot, n8n, webhook, Dialogflow) with their
 * per-ticket session state, the projection of the connections' external-API tokens and the external API's
 * idempotency records. Secrets (API keys, speech keys, service-account JSON) are stored encrypted
 * (`v1:<iv>:<tag>:<ciphertext>`, AES-256-GCM); connection tokens only as their SHA-256.
 */
export class Automation1764000000000 implements MigrationInterface {
  name = 'Automation1764000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE prompts (
        id serial PRIMARY KEY,
        company_id integer NOT NULL,
        name varchar(100) NOT NULL,
        prompt text NOT NULL,
        voice varchar(60) NOT NULL DEFAULT 'texto',
        voice_key_enc text,
        voice_region varchar(40) NOT NULL DEFAULT '',
        max_tokens integer NOT NULL DEFAULT 100,
        temperature real NOT NULL DEFAULT 1,
        api_key_enc text NOT NULL,
        queue_id integer NOT NULL,
        max_messages integer NOT NULL DEFAULT 10,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT uq_prompts_company_id UNIQUE (company_id, id)
      )`);
    await queryRunner.query('CREATE INDEX idx_prompts_company_name ON prompts (company_id, lower(name))');
    await queryRunner.query(`
      CREATE TABLE queue_integrations (
        id serial PRIMARY KEY,
        company_id integer NOT NULL,
        type varchar(20) NOT NULL,
        name varchar(50) NOT NULL,
        project_name varchar(100) NOT NULL DEFAULT '',
        json_content_enc text,
        language varchar(10) NOT NULL DEFAULT 'pt-BR',
        url_n8n text NOT NULL DEFAULT '',
        typebot_slug varchar(200) NOT NULL DEFAULT '',
        typebot_expires integer NOT NULL DEFAULT 1,
        typebot_delay_message integer NOT NULL DEFAULT 1000,
        typebot_keyword_finish varchar(100) NOT NULL DEFAULT '',
        typebot_keyword_restart varchar(100) NOT NULL DEFAULT '',
        typebot_unknown_message text NOT NULL DEFAULT '',
        typebot_restart_message text NOT NULL DEFAULT '',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT uq_queue_integrations_company_id UNIQUE (company_id, id),
        CONSTRAINT uq_queue_integrations_company_name UNIQUE (company_id, name),
        CONSTRAINT ck_queue_integrations_type CHECK (type IN ('dialogflow', 'n8n', 'webhook', 'typebot'))
      )`);
    /** One conversation of a ticket with a bot (a Typebot chat session, a Dialogflow session), across pods. */
    await queryRunner.query(`
      CREATE TABLE integration_sessions (
        company_id integer NOT NULL,
        ticket_id integer NOT NULL,
        integration_id integer NOT NULL,
        session_id text NOT NULL,
        last_activity_at timestamptz NOT NULL DEFAULT now(),
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (company_id, ticket_id)
      )`);
    /** The connections' external-API tokens (from the connector's events), by their SHA-256. */
    await queryRunner.query(`
      CREATE TABLE connection_tokens (
        company_id integer NOT NULL,
        connection_id integer NOT NULL,
        token_sha256 char(64) NOT NULL,
        PRIMARY KEY (company_id, connection_id)
      )`);
    await queryRunner.query('CREATE INDEX idx_connection_tokens_sha ON connection_tokens (token_sha256)');
    /** `Idempotency-Key` of the external API: a retried call answers what the first one did and sends nothing. */
    await queryRunner.query(`
      CREATE TABLE external_api_requests (
        company_id integer NOT NULL,
        connection_id integer NOT NULL,
        idempotency_key varchar(200) NOT NULL,
        status integer,
        response jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (company_id, connection_id, idempotency_key)
      )`);
    await queryRunner.query('CREATE INDEX idx_external_api_requests_created ON external_api_requests (created_at)');
    /** Per-token call counts of the external API, per minute window. */
    await queryRunner.query(`
      CREATE TABLE external_api_rate (
        token_sha256 char(64) NOT NULL,
        window_start timestamptz NOT NULL,
        count integer NOT NULL DEFAULT 0,
        PRIMARY KEY (token_sha256, window_start)
      )`);
    /** Number checks the external API asked the connector for, and their answers. */
    await queryRunner.query(`
      CREATE TABLE external_number_checks (
        company_id integer NOT NULL,
        command_id uuid NOT NULL,
        answered_at timestamptz,
        results jsonb,
        error text,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (company_id, command_id)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE external_number_checks');
    await queryRunner.query('DROP TABLE external_api_rate');
    await queryRunner.query('DROP TABLE external_api_requests');
    await queryRunner.query('DROP TABLE connection_tokens');
    await queryRunner.query('DROP TABLE integration_sessions');
    await queryRunner.query('DROP TABLE queue_integrations');
    await queryRunner.query('DROP TABLE prompts');
  }
}
