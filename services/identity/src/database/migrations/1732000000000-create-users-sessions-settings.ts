import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Users (with their queue ids), sessions and rotating refresh tokens, login throttling, settings, the queue
 * projection from tickets, help videos and announcements. Two deliberate exceptions to "company_id first in
 * every unique index" (ADR 0005): users' e-mail is unique across companies (login is by e-mail alone), and a
 * refresh token is found by its hash before any company is known.
 */
export class CreateUsersSessionsSettings1732000000000 implements MigrationInterface {
  name = 'CreateUsersSessionsSettings1732000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE users (
        id serial PRIMARY KEY,
        company_id integer NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
        name varchar(256) NOT NULL,
        email varchar(128) NOT NULL,
        password_hash text NOT NULL,
        profile varchar(10) NOT NULL DEFAULT 'user' CHECK (profile IN ('admin', 'user')),
        super boolean NOT NULL DEFAULT false,
        online boolean NOT NULL DEFAULT false,
        last_seen_at timestamptz,
        all_ticket varchar(10) NOT NULL DEFAULT 'disable' CHECK (all_ticket IN ('enable', 'disable')),
        whatsapp_id integer,
        queue_ids integer[] NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query('CREATE UNIQUE INDEX uq_users_email ON users (lower(email))');
    await queryRunner.query('CREATE INDEX idx_users_company_name ON users (company_id, name)');

    await queryRunner.query(`
      CREATE TABLE sessions (
        id uuid PRIMARY KEY,
        company_id integer NOT NULL,
        user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_used_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        revoked_at timestamptz,
        revoked_reason varchar(32),
        user_agent varchar(256),
        ip varchar(64)
      )`);
    await queryRunner.query(
      'CREATE INDEX idx_sessions_company_user_active ON sessions (company_id, user_id) WHERE revoked_at IS NULL',
    );
    await queryRunner.query(`
      CREATE TABLE refresh_tokens (
        token_hash char(64) PRIMARY KEY,
        session_id uuid NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
        company_id integer NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        rotated_at timestamptz
      )`);
    await queryRunner.query('CREATE INDEX idx_refresh_tokens_session ON refresh_tokens (session_id)');

    await queryRunner.query(`
      CREATE TABLE login_failures (
        id bigserial PRIMARY KEY,
        email varchar(128) NOT NULL,
        ip varchar(64) NOT NULL,
        failed_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query('CREATE INDEX idx_login_failures_email ON login_failures (email, failed_at)');
    await queryRunner.query('CREATE INDEX idx_login_failures_ip ON login_failures (ip, failed_at)');

    await queryRunner.query(`
      CREATE TABLE settings (
        company_id integer NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
        key varchar(64) NOT NULL,
        value text NOT NULL DEFAULT '',
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT pk_settings PRIMARY KEY (company_id, key)
      )`);

    await queryRunner.query(`
      CREATE TABLE queues (
        company_id integer NOT NULL,
        id integer NOT NULL,
        name varchar(100) NOT NULL,
        color varchar(20) NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT pk_queues PRIMARY KEY (company_id, id)
      )`);

    await queryRunner.query(`
      CREATE TABLE helps (
        id serial PRIMARY KEY,
        title varchar(200) NOT NULL,
        description text NOT NULL DEFAULT '',
        video varchar(200) NOT NULL DEFAULT '',
        link varchar(500),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);

    await queryRunner.query(`
      CREATE TABLE announcements (
        id serial PRIMARY KEY,
        company_id integer NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
        title varchar(200) NOT NULL,
        text text NOT NULL,
        priority smallint NOT NULL DEFAULT 3 CHECK (priority BETWEEN 1 AND 3),
        status boolean NOT NULL DEFAULT true,
        media_path varchar(200),
        media_name varchar(200),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query('CREATE INDEX idx_announcements_company_status ON announcements (company_id, status)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['announcements', 'helps', 'queues', 'settings', 'login_failures', 'refresh_tokens']) {
      await queryRunner.query(`DROP TABLE ${table}`);
    }
    await queryRunner.query('DROP TABLE sessions');
    await queryRunner.query('DROP TABLE users');
  }
}
