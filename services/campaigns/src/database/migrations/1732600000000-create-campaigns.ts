import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateCampaigns1732600000000 implements MigrationInterface {
  name = 'CreateCampaigns1732600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // --- projections of other services' events (never their tables) ---
    await queryRunner.query(`
      CREATE TABLE companies (
        id integer PRIMARY KEY,
        timezone varchar(64) NOT NULL DEFAULT 'America/Sao_Paulo',
        use_campaigns boolean NOT NULL DEFAULT true,
        settings jsonb NOT NULL DEFAULT '{}'::jsonb,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      CREATE TABLE connections (
        id integer PRIMARY KEY,
        company_id integer NOT NULL,
        name varchar(255) NOT NULL
      )`);
    await queryRunner.query('CREATE INDEX idx_connections_company ON connections (company_id)');
    await queryRunner.query(`
      CREATE TABLE contact_lists (
        id integer PRIMARY KEY,
        company_id integer NOT NULL,
        name varchar(255) NOT NULL
      )`);
    await queryRunner.query('CREATE INDEX idx_contact_lists_company ON contact_lists (company_id)');
    await queryRunner.query(`
      CREATE TABLE contact_list_items (
        id integer PRIMARY KEY,
        company_id integer NOT NULL,
        contact_list_id integer NOT NULL,
        name varchar(255) NOT NULL,
        number varchar(50) NOT NULL,
        email varchar(255) NOT NULL DEFAULT '',
        is_whatsapp_valid boolean
      )`);
    await queryRunner.query(
      'CREATE INDEX idx_contact_list_items_list ON contact_list_items (company_id, contact_list_id, id)',
    );
    // The contacts of tickets and the tags those tickets carry (audience of a tag campaign).
    await queryRunner.query(`
      CREATE TABLE ticket_audience (
        ticket_id integer PRIMARY KEY,
        company_id integer NOT NULL,
        contact_id integer NOT NULL,
        name varchar(255) NOT NULL,
        number varchar(50) NOT NULL,
        email varchar(255) NOT NULL DEFAULT '',
        is_group boolean NOT NULL DEFAULT false,
        tag_ids integer[] NOT NULL DEFAULT '{}'
      )`);
    await queryRunner.query('CREATE INDEX idx_ticket_audience_tags ON ticket_audience USING gin (tag_ids)');

    // --- owned ---
    await queryRunner.query(`
      CREATE TABLE file_lists (
        id serial PRIMARY KEY,
        company_id integer NOT NULL,
        user_id integer,
        name varchar(255) NOT NULL,
        message text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query('CREATE INDEX idx_file_lists_company ON file_lists (company_id, lower(name))');
    await queryRunner.query(`
      CREATE TABLE file_list_options (
        id serial PRIMARY KEY,
        company_id integer NOT NULL,
        file_list_id integer NOT NULL REFERENCES file_lists (id) ON DELETE CASCADE,
        name varchar(255) NOT NULL,
        path text,
        media_type varchar(128),
        position integer NOT NULL DEFAULT 0
      )`);
    await queryRunner.query('CREATE INDEX idx_file_list_options_list ON file_list_options (file_list_id, position)');

    await queryRunner.query(`
      CREATE TABLE campaigns (
        id serial PRIMARY KEY,
        company_id integer NOT NULL,
        name varchar(255) NOT NULL,
        message1 text, message2 text, message3 text, message4 text, message5 text,
        confirmation_message1 text, confirmation_message2 text, confirmation_message3 text,
        confirmation_message4 text, confirmation_message5 text,
        status varchar(16) NOT NULL DEFAULT 'INATIVA',
        confirmation boolean NOT NULL DEFAULT false,
        scheduled_at timestamptz,
        completed_at timestamptz,
        whatsapp_id integer,
        contact_list_id integer,
        tag_list_id integer,
        file_list_id integer REFERENCES file_lists (id) ON DELETE SET NULL,
        media_path text,
        media_name varchar(255),
        media_type varchar(128),
        started_at timestamptz,
        -- the one live dispatch chain: a dispatch job whose token differs is stale and does nothing
        dispatch_token uuid,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT ck_campaigns_status
          CHECK (status IN ('INATIVA', 'PROGRAMADA', 'EM_ANDAMENTO', 'CANCELADA', 'FINALIZADA'))
      )`);
    await queryRunner.query('CREATE INDEX idx_campaigns_company ON campaigns (company_id, id DESC)');

    // One row per (campaign, number), created before anything is sent; each send is committed with its state.
    await queryRunner.query(`
      CREATE TABLE campaign_shippings (
        id bigserial PRIMARY KEY,
        company_id integer NOT NULL,
        campaign_id integer NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
        position integer NOT NULL,
        name varchar(255) NOT NULL,
        number varchar(50) NOT NULL,
        email varchar(255) NOT NULL DEFAULT '',
        message text NOT NULL,
        confirmation_message text,
        confirmation_requested_at timestamptz,
        confirmed_at timestamptz,
        sent_at timestamptz,
        delivered_at timestamptz,
        failed_at timestamptz,
        error varchar(64),
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT uq_campaign_shippings_number UNIQUE (campaign_id, number)
      )`);
    await queryRunner.query(
      'CREATE INDEX idx_campaign_shippings_pending ON campaign_shippings (campaign_id, position) WHERE sent_at IS NULL',
    );
    await queryRunner.query('CREATE INDEX idx_campaign_shippings_number ON campaign_shippings (company_id, number)');

    await queryRunner.query(`
      CREATE TABLE campaign_settings (
        company_id integer NOT NULL,
        key varchar(64) NOT NULL,
        value jsonb NOT NULL,
        PRIMARY KEY (company_id, key)
      )`);
    // Pacing per connection: when the connection may send its next campaign message, and how many it sent.
    await queryRunner.query(`
      CREATE TABLE connection_pacing (
        connection_id integer PRIMARY KEY,
        company_id integer NOT NULL,
        next_at timestamptz NOT NULL DEFAULT now(),
        sent integer NOT NULL DEFAULT 0
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of [
      'connection_pacing',
      'campaign_settings',
      'campaign_shippings',
      'campaigns',
      'file_list_options',
      'file_lists',
      'ticket_audience',
      'contact_list_items',
      'contact_lists',
      'connections',
      'companies',
    ]) {
      await queryRunner.query(`DROP TABLE IF EXISTS ${table}`);
    }
  }
}
