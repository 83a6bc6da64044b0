import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateCompanies1731900000000 implements MigrationInterface {
  name = 'CreateCompanies1731900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE plans (
        id serial PRIMARY KEY,
        name varchar(100) NOT NULL,
        users integer NOT NULL DEFAULT 0,
        connections integer NOT NULL DEFAULT 0,
        queues integer NOT NULL DEFAULT 0,
        value numeric(12, 2) NOT NULL DEFAULT 0,
        use_campaigns boolean NOT NULL DEFAULT true,
        use_schedules boolean NOT NULL DEFAULT true,
        use_internal_chat boolean NOT NULL DEFAULT true,
        use_external_api boolean NOT NULL DEFAULT true,
        use_kanban boolean NOT NULL DEFAULT true,
        use_open_ai boolean NOT NULL DEFAULT true,
        use_integrations boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT uq_plans_name UNIQUE (name)
      )`);
    await queryRunner.query(`
      CREATE TABLE companies (
        id serial PRIMARY KEY,
        name varchar(50) NOT NULL,
        email varchar(128),
        phone varchar(20),
        status boolean NOT NULL DEFAULT true,
        due_date date,
        recurrence varchar(20),
        plan_id integer REFERENCES plans (id) ON DELETE RESTRICT,
        timezone varchar(64) NOT NULL DEFAULT 'America/Sao_Paulo',
        schedules jsonb NOT NULL DEFAULT '[]'::jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query('CREATE UNIQUE INDEX uq_companies_name ON companies (lower(name))');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE companies');
    await queryRunner.query('DROP TABLE plans');
  }
}
