import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateBilling1732600000000 implements MigrationInterface {
  name = 'CreateBilling1732600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // identity's companies and their plan, as billing needs them (from identity.company.v1)
    await queryRunner.query(`
      CREATE TABLE companies (
        id integer PRIMARY KEY,
        name varchar(255) NOT NULL,
        email varchar(255),
        status boolean NOT NULL,
        due_date date,
        recurrence varchar(20),
        timezone varchar(64) NOT NULL,
        plan_id integer,
        plan_name varchar(255),
        plan_value numeric(12, 2),
        event_at timestamptz NOT NULL,
        deleted boolean NOT NULL DEFAULT false
      )`);
    await queryRunner.query('CREATE INDEX idx_companies_due_date ON companies (due_date) WHERE NOT deleted');

    await queryRunner.query(`
      CREATE TABLE invoices (
        id serial PRIMARY KEY,
        company_id integer NOT NULL,
        detail varchar(255) NOT NULL,
        value numeric(12, 2) NOT NULL,
        due_date date NOT NULL,
        status varchar(10) NOT NULL DEFAULT 'open',
        paid_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT ck_invoices_status CHECK (status IN ('open', 'paid')),
        CONSTRAINT uq_invoices_company_due_date UNIQUE (company_id, due_date)
      )`);
    await queryRunner.query('CREATE INDEX idx_invoices_company ON invoices (company_id, id)');

    // one Pix charge per attempt; a live one is reused (idempotent per invoice)
    await queryRunner.query(`
      CREATE TABLE charges (
        txid varchar(35) PRIMARY KEY,
        company_id integer NOT NULL,
        invoice_id integer NOT NULL REFERENCES invoices (id) ON DELETE CASCADE,
        provider varchar(20) NOT NULL,
        value numeric(12, 2) NOT NULL,
        status varchar(40) NOT NULL,
        location_id bigint,
        pix_copy_paste text NOT NULL,
        created_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL
      )`);
    await queryRunner.query('CREATE INDEX idx_charges_invoice ON charges (invoice_id, expires_at DESC)');

    // confirmed payments, one per Pix end-to-end id (a replayed notification changes nothing)
    await queryRunner.query(`
      CREATE TABLE payments (
        end_to_end_id varchar(64) PRIMARY KEY,
        txid varchar(35) NOT NULL REFERENCES charges (txid),
        company_id integer NOT NULL,
        invoice_id integer NOT NULL,
        value numeric(12, 2) NOT NULL,
        paid_at timestamptz NOT NULL,
        applied boolean NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE payments');
    await queryRunner.query('DROP TABLE charges');
    await queryRunner.query('DROP TABLE invoices');
    await queryRunner.query('DROP TABLE companies');
  }
}
