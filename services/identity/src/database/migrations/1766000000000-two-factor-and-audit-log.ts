import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Two-factor sign-in (an authenticator secret per user, sealed with IDENTITY_SECRETS_KEY; one-time recovery codes
 * kept as SHA-256 hashes; the short-lived sign-in challenges, found by their hash before any company is known, as
 * refresh tokens are), the platform-wide settings of the super users, the company setting `twoFactorRequired`, and
 * the audit log with the people who appear in it.
 *
 * The audit log is append-only: a trigger refuses UPDATE, TRUNCATE and any DELETE outside the retention job's
 * transactions (which set `cs.audit_retention`). Its indexes serve each filter of `GET /audit-logs` newest first
 * (company, company + person, company + action, company + person + action; across companies for super users), and
 * the retention job (time).
 */
export class TwoFactorAndAuditLog1766000000000 implements MigrationInterface {
  name = 'TwoFactorAndAuditLog1766000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE user_two_factor (
        company_id integer NOT NULL,
        user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        secret_enc text NOT NULL,
        confirmed_at timestamptz,
        last_used_step bigint,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT pk_user_two_factor PRIMARY KEY (company_id, user_id)
      )`);
    await queryRunner.query(`
      CREATE TABLE two_factor_recovery_codes (
        company_id integer NOT NULL,
        user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        code_hash char(64) NOT NULL,
        used_at timestamptz,
        CONSTRAINT pk_two_factor_recovery_codes PRIMARY KEY (company_id, user_id, code_hash)
      )`);
    await queryRunner.query(`
      CREATE TABLE two_factor_challenges (
        token_hash char(64) PRIMARY KEY,
        company_id integer NOT NULL,
        user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        purpose varchar(10) NOT NULL CONSTRAINT ck_two_factor_challenges_purpose CHECK (purpose IN ('verify', 'enrol')),
        expires_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      'CREATE INDEX idx_two_factor_challenges_company_user ON two_factor_challenges (company_id, user_id)',
    );
    await queryRunner.query('CREATE INDEX idx_two_factor_challenges_expires ON two_factor_challenges (expires_at)');

    await queryRunner.query(`
      CREATE TABLE platform_settings (
        key varchar(64) PRIMARY KEY,
        value text NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      `INSERT INTO settings (company_id, key, value) SELECT id, 'twoFactorRequired', 'disabled' FROM companies
       ON CONFLICT DO NOTHING`,
    );

    await queryRunner.query(`
      CREATE TABLE audit_entries (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        event_id uuid NOT NULL,
        company_id integer NOT NULL,
        occurred_at timestamptz NOT NULL,
        recorded_at timestamptz NOT NULL DEFAULT now(),
        actor_user_id integer NOT NULL,
        actor_company_id integer NOT NULL,
        actor_name varchar(256),
        actor_email varchar(128),
        actor_profile varchar(10) NOT NULL,
        actor_super boolean NOT NULL,
        ip varchar(64),
        action varchar(80) NOT NULL,
        target_type varchar(40) NOT NULL,
        target_id varchar(100) NOT NULL,
        target_label varchar(200),
        changes jsonb NOT NULL DEFAULT '[]',
        service varchar(64) NOT NULL
      )`);
    await queryRunner.query('CREATE UNIQUE INDEX uq_audit_entries_event ON audit_entries (event_id)');
    for (const [name, columns] of [
      ['idx_audit_entries_company_time', 'company_id, occurred_at DESC, id DESC'],
      ['idx_audit_entries_company_actor_time', 'company_id, actor_user_id, occurred_at DESC, id DESC'],
      ['idx_audit_entries_company_action_time', 'company_id, action, occurred_at DESC, id DESC'],
      ['idx_audit_entries_company_actor_action_time', 'company_id, actor_user_id, action, occurred_at DESC, id DESC'],
      ['idx_audit_entries_time', 'occurred_at DESC, id DESC'],
      ['idx_audit_entries_actor_time', 'actor_user_id, occurred_at DESC, id DESC'],
      ['idx_audit_entries_action_time', 'action, occurred_at DESC, id DESC'],
    ] as const) {
      await queryRunner.query(`CREATE INDEX ${name} ON audit_entries (${columns})`);
    }
    await queryRunner.query(`
      CREATE FUNCTION audit_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'DELETE' AND current_setting('cs.audit_retention', true) = 'on' THEN
          RETURN OLD;
        END IF;
        RAISE EXCEPTION 'audit_entries is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER trg_audit_entries_append_only BEFORE UPDATE OR DELETE ON audit_entries
        FOR EACH ROW EXECUTE FUNCTION audit_entries_append_only()`);
    await queryRunner.query(`
      CREATE TRIGGER trg_audit_entries_no_truncate BEFORE TRUNCATE ON audit_entries
        FOR EACH STATEMENT EXECUTE FUNCTION audit_entries_append_only()`);
    await queryRunner.query(`
      CREATE TABLE audit_actors (
        company_id integer NOT NULL,
        user_id integer NOT NULL,
        name varchar(256),
        email varchar(128),
        last_seen_at timestamptz NOT NULL,
        CONSTRAINT pk_audit_actors PRIMARY KEY (company_id, user_id)
      )`);
    await queryRunner.query('CREATE INDEX idx_audit_actors_last_seen ON audit_actors (last_seen_at DESC)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE audit_actors');
    await queryRunner.query('DROP TABLE audit_entries');
    await queryRunner.query('DROP FUNCTION audit_entries_append_only()');
    await queryRunner.query("DELETE FROM settings WHERE key = 'twoFactorRequired'");
    await queryRunner.query('DROP TABLE platform_settings');
    await queryRunner.query('DROP TABLE two_factor_challenges');
    await queryRunner.query('DROP TABLE two_factor_recovery_codes');
    await queryRunner.query('DROP TABLE user_two_factor');
  }
}
