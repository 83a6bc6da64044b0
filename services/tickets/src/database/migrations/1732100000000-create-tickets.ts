import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Where an extension lives (it is installed once per database, maybe by another service), creating it if needed. */
async function extensionSchema(queryRunner: QueryRunner, name: string): Promise<string> {
  const find = async (): Promise<string | undefined> => {
    const rows = (await queryRunner.query(
      `SELECT n.nspname AS schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = $1`,
      [name],
    )) as Array<{ schema: string }>;
    return rows[0]?.schema;
  };
  const existing = await find();
  if (existing) return existing;
  await queryRunner.query(`CREATE SCHEMA IF NOT EXISTS public`);
  await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS ${name} WITH SCHEMA public`);
  return (await find()) ?? 'public';
}

/**
 * The tickets schema: local projections of other services' data (companies, users, connections, contacts),
 * the ticket aggregate (tickets, attendance cycles, ratings, messages), the chatbot (queues and options),
 * tags, quick messages, notes and schedules. `company_id` leads every index and unique constraint.
 * Search uses pg_trgm (contact name/number) and full-text (message bodies) through GIN indexes whose first
 * column is `company_id` (btree_gin).
 */
export class CreateTickets1732100000000 implements MigrationInterface {
  name = 'CreateTickets1732100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const trgm = await extensionSchema(queryRunner, 'pg_trgm');
    const btreeGin = await extensionSchema(queryRunner, 'btree_gin');

    // --- projections ---
    await queryRunner.query(`
      CREATE TABLE companies (
        id integer PRIMARY KEY,
        name varchar(100) NOT NULL DEFAULT '',
        timezone varchar(64) NOT NULL DEFAULT 'America/Sao_Paulo',
        schedules jsonb NOT NULL DEFAULT '[]'::jsonb,
        settings jsonb NOT NULL DEFAULT '{}'::jsonb,
        plan jsonb,
        due_date date,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      CREATE TABLE users (
        company_id integer NOT NULL,
        id integer NOT NULL,
        name varchar(256) NOT NULL,
        email varchar(256) NOT NULL DEFAULT '',
        profile varchar(20) NOT NULL DEFAULT 'user',
        super boolean NOT NULL DEFAULT false,
        online boolean NOT NULL DEFAULT false,
        all_ticket varchar(10) NOT NULL DEFAULT 'disable',
        whatsapp_id integer,
        queue_ids integer[] NOT NULL DEFAULT '{}',
        deleted boolean NOT NULL DEFAULT false,
        CONSTRAINT pk_users PRIMARY KEY (company_id, id)
      )`);
    await queryRunner.query(`
      CREATE TABLE connections (
        company_id integer NOT NULL,
        id integer NOT NULL,
        name varchar(100) NOT NULL,
        status varchar(20) NOT NULL,
        is_default boolean NOT NULL DEFAULT false,
        greeting_message text NOT NULL DEFAULT '',
        complation_message text NOT NULL DEFAULT '',
        out_of_hours_message text NOT NULL DEFAULT '',
        rating_message text NOT NULL DEFAULT '',
        time_send_queue integer NOT NULL DEFAULT 0,
        send_id_queue integer,
        expires_inactive_message text NOT NULL DEFAULT '',
        expires_ticket integer NOT NULL DEFAULT 0,
        time_use_bot_queues integer NOT NULL DEFAULT 0,
        max_use_bot_queues integer NOT NULL DEFAULT 3,
        prompt_id integer,
        integration_id integer,
        queue_ids integer[] NOT NULL DEFAULT '{}',
        deleted boolean NOT NULL DEFAULT false,
        CONSTRAINT pk_connections PRIMARY KEY (company_id, id)
      )`);
    await queryRunner.query(`
      CREATE TABLE contacts (
        company_id integer NOT NULL,
        id integer NOT NULL,
        name varchar(256) NOT NULL,
        number varchar(64) NOT NULL,
        email varchar(256) NOT NULL DEFAULT '',
        profile_pic_url text,
        is_group boolean NOT NULL DEFAULT false,
        lid varchar(64),
        extra_info jsonb NOT NULL DEFAULT '[]'::jsonb,
        deleted boolean NOT NULL DEFAULT false,
        CONSTRAINT pk_contacts PRIMARY KEY (company_id, id)
      )`);
    await queryRunner.query(
      `CREATE INDEX idx_contacts_company_name_trgm ON contacts USING gin (company_id ${btreeGin}.int4_ops, lower(name) ${trgm}.gin_trgm_ops)`,
    );
    await queryRunner.query(
      `CREATE INDEX idx_contacts_company_number_trgm ON contacts USING gin (company_id ${btreeGin}.int4_ops, number ${trgm}.gin_trgm_ops)`,
    );

    // --- queues and the chatbot menu ---
    await queryRunner.query(`
      CREATE TABLE queues (
        id serial PRIMARY KEY,
        company_id integer NOT NULL,
        name varchar(50) NOT NULL,
        color varchar(20) NOT NULL,
        greeting_message text NOT NULL DEFAULT '',
        out_of_hours_message text NOT NULL DEFAULT '',
        schedules jsonb NOT NULL DEFAULT '[]'::jsonb,
        order_queue integer NOT NULL DEFAULT 0,
        integration_id integer,
        prompt_id integer,
        media_path text,
        media_name text,
        auto_assign boolean NOT NULL DEFAULT false,
        last_assigned_user_id integer,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT uq_queues_company_id UNIQUE (company_id, id),
        CONSTRAINT uq_queues_company_name UNIQUE (company_id, name),
        CONSTRAINT uq_queues_company_color UNIQUE (company_id, color)
      )`);
    await queryRunner.query(`
      CREATE TABLE queue_options (
        id serial PRIMARY KEY,
        company_id integer NOT NULL,
        queue_id integer NOT NULL,
        parent_id integer,
        title varchar(100) NOT NULL,
        message text NOT NULL DEFAULT '',
        option varchar(20) NOT NULL,
        media_path text,
        media_name text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT fk_queue_options_queue FOREIGN KEY (company_id, queue_id) REFERENCES queues (company_id, id) ON DELETE CASCADE,
        CONSTRAINT fk_queue_options_parent FOREIGN KEY (parent_id) REFERENCES queue_options (id) ON DELETE CASCADE
      )`);
    await queryRunner.query(
      'CREATE INDEX idx_queue_options_company_queue_parent ON queue_options (company_id, queue_id, parent_id)',
    );

    // --- tickets ---
    await queryRunner.query(`
      CREATE TABLE tickets (
        id serial PRIMARY KEY,
        uuid uuid NOT NULL,
        company_id integer NOT NULL,
        status varchar(10) NOT NULL,
        user_id integer,
        queue_id integer,
        whatsapp_id integer NOT NULL,
        contact_id integer NOT NULL,
        chat_jid varchar(128) NOT NULL,
        is_group boolean NOT NULL DEFAULT false,
        chatbot boolean NOT NULL DEFAULT false,
        queue_option_id integer,
        use_integration boolean NOT NULL DEFAULT false,
        prompt_id integer,
        integration_id integer,
        last_message text NOT NULL DEFAULT '',
        unread_messages integer NOT NULL DEFAULT 0,
        from_me boolean NOT NULL DEFAULT false,
        bot_menu_count integer NOT NULL DEFAULT 0,
        out_of_hours_sent_at timestamptz,
        greeting_sent_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT uq_tickets_company_id UNIQUE (company_id, id),
        CONSTRAINT uq_tickets_company_uuid UNIQUE (company_id, uuid),
        CONSTRAINT uq_tickets_company_contact_whatsapp UNIQUE (company_id, contact_id, whatsapp_id),
        CONSTRAINT ck_tickets_status CHECK (status IN ('pending', 'open', 'closed'))
      )`);
    await queryRunner.query(
      'CREATE INDEX idx_tickets_company_updated ON tickets (company_id, updated_at DESC, id DESC)',
    );
    await queryRunner.query(
      'CREATE INDEX idx_tickets_company_status_updated ON tickets (company_id, status, updated_at DESC, id DESC)',
    );
    await queryRunner.query(
      'CREATE INDEX idx_tickets_company_queue_status_updated ON tickets (company_id, queue_id, status, updated_at DESC)',
    );
    await queryRunner.query(
      'CREATE INDEX idx_tickets_company_user_status_updated ON tickets (company_id, user_id, status, updated_at DESC)',
    );
    await queryRunner.query('CREATE INDEX idx_tickets_company_created ON tickets (company_id, created_at)');
    await queryRunner.query(
      `CREATE INDEX idx_tickets_company_unread ON tickets (company_id, updated_at DESC) WHERE unread_messages > 0`,
    );

    /** One row per attendance cycle (upstream's TicketTraking): the source of the dashboard figures. */
    await queryRunner.query(`
      CREATE TABLE ticket_trackings (
        id serial PRIMARY KEY,
        company_id integer NOT NULL,
        ticket_id integer NOT NULL,
        contact_id integer NOT NULL,
        whatsapp_id integer,
        user_id integer,
        queue_id integer,
        created_at timestamptz NOT NULL DEFAULT now(),
        queued_at timestamptz,
        started_at timestamptz,
        finished_at timestamptz,
        rating_at timestamptz,
        chatbot_at timestamptz,
        rated boolean NOT NULL DEFAULT false,
        CONSTRAINT fk_ticket_trackings_ticket FOREIGN KEY (company_id, ticket_id) REFERENCES tickets (company_id, id) ON DELETE CASCADE
      )`);
    await queryRunner.query(
      'CREATE UNIQUE INDEX uq_ticket_trackings_open_cycle ON ticket_trackings (company_id, ticket_id) WHERE finished_at IS NULL',
    );
    await queryRunner.query(
      'CREATE INDEX idx_ticket_trackings_company_created ON ticket_trackings (company_id, created_at)',
    );
    await queryRunner.query(
      'CREATE INDEX idx_ticket_trackings_company_queued ON ticket_trackings (company_id, queued_at)',
    );
    await queryRunner.query(
      'CREATE INDEX idx_ticket_trackings_company_finished ON ticket_trackings (company_id, finished_at)',
    );
    await queryRunner.query(`
      CREATE TABLE user_ratings (
        id serial PRIMARY KEY,
        company_id integer NOT NULL,
        ticket_id integer NOT NULL,
        tracking_id integer NOT NULL,
        user_id integer,
        rate integer NOT NULL CHECK (rate BETWEEN 1 AND 3),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      'CREATE INDEX idx_user_ratings_company_user ON user_ratings (company_id, user_id, created_at)',
    );

    // --- messages ---
    await queryRunner.query(`
      CREATE TABLE messages (
        seq bigserial PRIMARY KEY,
        id varchar(128) NOT NULL,
        company_id integer NOT NULL,
        ticket_id integer NOT NULL,
        contact_id integer,
        whatsapp_id integer NOT NULL,
        wa_id varchar(128),
        body text NOT NULL DEFAULT '',
        from_me boolean NOT NULL DEFAULT false,
        is_bot boolean NOT NULL DEFAULT false,
        ack smallint NOT NULL DEFAULT 0,
        read boolean NOT NULL DEFAULT false,
        media_type varchar(30) NOT NULL DEFAULT 'chat',
        media_url text,
        is_deleted boolean NOT NULL DEFAULT false,
        is_edited boolean NOT NULL DEFAULT false,
        quoted_msg_id varchar(128),
        queue_id integer,
        user_id integer,
        error text,
        search_vector tsvector GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce(body, ''))) STORED,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT uq_messages_company_id UNIQUE (company_id, id),
        CONSTRAINT fk_messages_ticket FOREIGN KEY (company_id, ticket_id) REFERENCES tickets (company_id, id) ON DELETE CASCADE
      )`);
    await queryRunner.query(
      'CREATE UNIQUE INDEX uq_messages_company_whatsapp_wa_id ON messages (company_id, whatsapp_id, wa_id) WHERE wa_id IS NOT NULL',
    );
    await queryRunner.query(
      'CREATE INDEX idx_messages_company_ticket_created ON messages (company_id, ticket_id, created_at DESC, seq DESC)',
    );
    await queryRunner.query(
      `CREATE INDEX idx_messages_company_search ON messages USING gin (company_id ${btreeGin}.int4_ops, search_vector)`,
    );

    // --- tags, notes, quick messages, schedules ---
    await queryRunner.query(`
      CREATE TABLE tags (
        id serial PRIMARY KEY,
        company_id integer NOT NULL,
        name varchar(100) NOT NULL,
        color varchar(20) NOT NULL DEFAULT '#5C59A0',
        kanban integer NOT NULL DEFAULT 0,
        user_id integer,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT uq_tags_company_id UNIQUE (company_id, id)
      )`);
    await queryRunner.query('CREATE INDEX idx_tags_company_name ON tags (company_id, name)');
    await queryRunner.query(`
      CREATE TABLE ticket_tags (
        company_id integer NOT NULL,
        ticket_id integer NOT NULL,
        tag_id integer NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT pk_ticket_tags PRIMARY KEY (company_id, ticket_id, tag_id),
        CONSTRAINT fk_ticket_tags_ticket FOREIGN KEY (company_id, ticket_id) REFERENCES tickets (company_id, id) ON DELETE CASCADE,
        CONSTRAINT fk_ticket_tags_tag FOREIGN KEY (company_id, tag_id) REFERENCES tags (company_id, id) ON DELETE CASCADE
      )`);
    await queryRunner.query('CREATE INDEX idx_ticket_tags_company_tag ON ticket_tags (company_id, tag_id, ticket_id)');
    await queryRunner.query(`
      CREATE TABLE ticket_notes (
        id serial PRIMARY KEY,
        company_id integer NOT NULL,
        ticket_id integer NOT NULL,
        contact_id integer NOT NULL,
        user_id integer NOT NULL,
        note text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT fk_ticket_notes_ticket FOREIGN KEY (company_id, ticket_id) REFERENCES tickets (company_id, id) ON DELETE CASCADE
      )`);
    await queryRunner.query(
      'CREATE INDEX idx_ticket_notes_company_ticket ON ticket_notes (company_id, ticket_id, created_at)',
    );
    await queryRunner.query(
      'CREATE INDEX idx_ticket_notes_company_contact ON ticket_notes (company_id, contact_id, created_at)',
    );
    await queryRunner.query(`
      CREATE TABLE quick_messages (
        id serial PRIMARY KEY,
        company_id integer NOT NULL,
        user_id integer,
        shortcode varchar(100) NOT NULL,
        message text NOT NULL DEFAULT '',
        media_path text,
        media_name text,
        geral boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      'CREATE INDEX idx_quick_messages_company_shortcode ON quick_messages (company_id, shortcode)',
    );
    await queryRunner.query(`
      CREATE TABLE schedules (
        id serial PRIMARY KEY,
        company_id integer NOT NULL,
        body text NOT NULL,
        send_at timestamptz NOT NULL,
        sent_at timestamptz,
        contact_id integer NOT NULL,
        ticket_id integer,
        user_id integer,
        message_id varchar(128),
        status varchar(10) NOT NULL DEFAULT 'PENDENTE',
        error text,
        media_path text,
        media_name text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query('CREATE INDEX idx_schedules_company_send_at ON schedules (company_id, send_at)');
    await queryRunner.query(
      `CREATE INDEX idx_schedules_company_message ON schedules (company_id, message_id) WHERE message_id IS NOT NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of [
      'schedules',
      'quick_messages',
      'ticket_notes',
      'ticket_tags',
      'tags',
      'messages',
      'user_ratings',
      'ticket_trackings',
      'tickets',
      'queue_options',
      'queues',
      'contacts',
      'connections',
      'users',
      'companies',
    ]) {
      await queryRunner.query(`DROP TABLE IF EXISTS ${table}`);
    }
  }
}
