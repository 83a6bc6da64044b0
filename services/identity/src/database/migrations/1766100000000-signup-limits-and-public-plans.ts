import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Signup and sign-in abuse: plans carry `public` (only public plans are listed to visitors and chosen at signup;
 * every plan of before stays public), `signup_attempts` counts public signups per client address over the last
 * hour, companies are found by their phone's digits (one trial per phone), and a user's sessions by address (the
 * addresses an account signed in from, which the per-e-mail login budget spares).
 */
export class SignupLimitsAndPublicPlans1766100000000 implements MigrationInterface {
  name = 'SignupLimitsAndPublicPlans1766100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE plans ADD COLUMN public boolean NOT NULL DEFAULT true');
    await queryRunner.query(`
      CREATE TABLE signup_attempts (
        id bigserial PRIMARY KEY,
        ip varchar(64) NOT NULL,
        attempted_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query('CREATE INDEX idx_signup_attempts_ip ON signup_attempts (ip, attempted_at)');
    await queryRunner.query(
      "CREATE INDEX idx_companies_phone_digits ON companies ((regexp_replace(phone, '\\D', '', 'g')))",
    );
    await queryRunner.query('CREATE INDEX idx_sessions_user_ip ON sessions (user_id, ip)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX idx_sessions_user_ip');
    await queryRunner.query('DROP INDEX idx_companies_phone_digits');
    await queryRunner.query('DROP TABLE signup_attempts');
    await queryRunner.query('ALTER TABLE plans DROP COLUMN public');
  }
}
