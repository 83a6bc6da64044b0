import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateContacts1732100000000 implements MigrationInterface {
  name = 'CreateContacts1732100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE contacts (
        id serial PRIMARY KEY,
        company_id integer NOT NULL,
        name varchar(255) NOT NULL,
        number varchar(50) NOT NULL DEFAULT '',
        email varchar(255) NOT NULL DEFAULT '',
        profile_pic_url text,
        is_group boolean NOT NULL DEFAULT false,
        lid varchar(64),
        whatsapp_id integer,
        whatsapp_status varchar(16) NOT NULL DEFAULT 'unknown',
        whatsapp_jid varchar(128),
        whatsapp_check_id uuid,
        name_locked boolean NOT NULL DEFAULT false,
        picture_requested_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT ck_contacts_whatsapp_status CHECK (whatsapp_status IN ('unknown', 'checking', 'valid', 'invalid'))
      )`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX uq_contacts_company_number ON contacts (company_id, number) WHERE number <> ''`,
    );
    await queryRunner.query(
      'CREATE UNIQUE INDEX uq_contacts_company_lid ON contacts (company_id, lid) WHERE lid IS NOT NULL',
    );
    await queryRunner.query('CREATE INDEX idx_contacts_company_name ON contacts (company_id, lower(name), id)');
    await queryRunner.query(
      'CREATE INDEX idx_contacts_company_check ON contacts (company_id, whatsapp_check_id) WHERE whatsapp_check_id IS NOT NULL',
    );

    await queryRunner.query(`
      CREATE TABLE contact_extra_info (
        id serial PRIMARY KEY,
        company_id integer NOT NULL,
        contact_id integer NOT NULL REFERENCES contacts (id) ON DELETE CASCADE,
        name varchar(255) NOT NULL,
        value text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      'CREATE INDEX idx_contact_extra_info_company_contact ON contact_extra_info (company_id, contact_id)',
    );

    await queryRunner.query(`
      CREATE TABLE contact_lists (
        id serial PRIMARY KEY,
        company_id integer NOT NULL,
        name varchar(50) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      'CREATE INDEX idx_contact_lists_company_name ON contact_lists (company_id, lower(name), id)',
    );

    await queryRunner.query(`
      CREATE TABLE contact_list_items (
        id serial PRIMARY KEY,
        company_id integer NOT NULL,
        contact_list_id integer NOT NULL REFERENCES contact_lists (id) ON DELETE CASCADE,
        name varchar(255) NOT NULL,
        number varchar(50) NOT NULL,
        email varchar(255) NOT NULL DEFAULT '',
        is_whatsapp_valid boolean,
        whatsapp_jid varchar(128),
        whatsapp_check_id uuid,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT uq_contact_list_items_company_list_number UNIQUE (company_id, contact_list_id, number)
      )`);
    await queryRunner.query(
      'CREATE INDEX idx_contact_list_items_company_list_name ON contact_list_items (company_id, contact_list_id, lower(name), id)',
    );
    await queryRunner.query(
      'CREATE INDEX idx_contact_list_items_company_check ON contact_list_items (company_id, whatsapp_check_id) WHERE whatsapp_check_id IS NOT NULL',
    );

    await queryRunner.query(`
      CREATE TABLE number_checks (
        company_id integer NOT NULL,
        command_id uuid NOT NULL,
        purpose varchar(16) NOT NULL,
        requested_at timestamptz NOT NULL DEFAULT now(),
        answered_at timestamptz,
        results jsonb,
        error varchar(64),
        CONSTRAINT pk_number_checks PRIMARY KEY (company_id, command_id),
        CONSTRAINT ck_number_checks_purpose CHECK (purpose IN ('create', 'contacts', 'list-items'))
      )`);
    await queryRunner.query(
      'CREATE INDEX idx_number_checks_company_requested ON number_checks (company_id, requested_at)',
    );

    await queryRunner.query(`
      CREATE TABLE contact_imports (
        id uuid PRIMARY KEY,
        company_id integer NOT NULL,
        target varchar(16) NOT NULL,
        contact_list_id integer REFERENCES contact_lists (id) ON DELETE CASCADE,
        source varchar(16) NOT NULL,
        file_name varchar(255),
        file_format varchar(8),
        content bytea,
        status varchar(16) NOT NULL,
        total integer NOT NULL DEFAULT 0,
        processed integer NOT NULL DEFAULT 0,
        imported integer NOT NULL DEFAULT 0,
        merged integer NOT NULL DEFAULT 0,
        invalid integer NOT NULL DEFAULT 0,
        invalid_rows jsonb NOT NULL DEFAULT '[]'::jsonb,
        error text,
        created_by integer,
        created_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz,
        CONSTRAINT ck_contact_imports_target CHECK (target IN ('contacts', 'contact-list')),
        CONSTRAINT ck_contact_imports_source CHECK (source IN ('spreadsheet', 'phone')),
        CONSTRAINT ck_contact_imports_status CHECK (status IN ('queued', 'running', 'done', 'failed'))
      )`);
    await queryRunner.query(
      'CREATE INDEX idx_contact_imports_company_created ON contact_imports (company_id, created_at)',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE contact_imports');
    await queryRunner.query('DROP TABLE number_checks');
    await queryRunner.query('DROP TABLE contact_list_items');
    await queryRunner.query('DROP TABLE contact_lists');
    await queryRunner.query('DROP TABLE contact_extra_info');
    await queryRunner.query('DROP TABLE contacts');
  }
}
