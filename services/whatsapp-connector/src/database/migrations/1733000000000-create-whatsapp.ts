import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Connections, session ownership (leases, process registry, commands), inbound dedupe, projections, simulator. */
export class CreateWhatsapp1733000000000 implements MigrationInterface {
  name = 'CreateWhatsapp1733000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE connections (
        id serial PRIMARY KEY,
        company_id integer NOT NULL,
        name varchar(50) NOT NULL,
        provider varchar(16) NOT NULL DEFAULT 'simulator',
        status varchar(16) NOT NULL DEFAULT 'DISCONNECTED',
        qrcode text NOT NULL DEFAULT '',
        pairing_code varchar(16),
        pairing_number varchar(20),
        retries integer NOT NULL DEFAULT 0,
        number varchar(32),
        is_default boolean NOT NULL DEFAULT false,
        greeting_message text NOT NULL DEFAULT '',
        complation_message text NOT NULL DEFAULT '',
        out_of_hours_message text NOT NULL DEFAULT '',
        rating_message text NOT NULL DEFAULT '',
        expires_inactive_message text NOT NULL DEFAULT '',
        token text NOT NULL DEFAULT '',
        time_send_queue integer NOT NULL DEFAULT 0,
        send_id_queue integer,
        expires_ticket integer NOT NULL DEFAULT 0,
        time_use_bot_queues integer NOT NULL DEFAULT 0,
        max_use_bot_queues integer NOT NULL DEFAULT 3,
        prompt_id integer,
        integration_id integer,
        queue_ids integer[] NOT NULL DEFAULT '{}',
        cloud_phone_number_id text,
        cloud_access_token text,
        cloud_app_secret text,
        cloud_verify_token text,
        session_wanted boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT ck_connections_status CHECK (status IN ('CONNECTED','DISCONNECTED','OPENING','PAIRING','TIMEOUT','qrcode'))
      )`);
    await queryRunner.query('CREATE UNIQUE INDEX uq_connections_company_name ON connections (company_id, lower(name))');
    await queryRunner.query('CREATE INDEX idx_connections_company ON connections (company_id, id)');
    await queryRunner.query('CREATE INDEX idx_connections_wanted ON connections (id) WHERE session_wanted');

    await queryRunner.query(`
      CREATE TABLE session_leases (
        connection_id integer PRIMARY KEY,
        company_id integer NOT NULL,
        owner text NOT NULL,
        epoch bigint NOT NULL,
        renewed_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL
      )`);
    await queryRunner.query('CREATE INDEX idx_session_leases_owner ON session_leases (owner, expires_at)');
    await queryRunner.query(`
      CREATE TABLE session_lease_history (
        id bigserial PRIMARY KEY,
        connection_id integer NOT NULL,
        company_id integer NOT NULL,
        owner text NOT NULL,
        epoch bigint NOT NULL,
        acquired_at timestamptz NOT NULL DEFAULT now(),
        released_at timestamptz,
        release_reason text
      )`);
    await queryRunner.query(
      'CREATE INDEX idx_session_lease_history_connection ON session_lease_history (connection_id, epoch)',
    );
    await queryRunner.query(`
      CREATE TABLE connector_processes (
        id text PRIMARY KEY,
        started_at timestamptz NOT NULL DEFAULT now(),
        heartbeat_at timestamptz NOT NULL DEFAULT now(),
        session_count integer NOT NULL DEFAULT 0,
        capacity integer NOT NULL,
        stopping boolean NOT NULL DEFAULT false
      )`);
    await queryRunner.query(`
      CREATE TABLE session_commands (
        id bigserial PRIMARY KEY,
        command_id uuid NOT NULL,
        company_id integer NOT NULL,
        connection_id integer NOT NULL,
        kind varchar(32) NOT NULL,
        payload jsonb NOT NULL DEFAULT '{}',
        status varchar(16) NOT NULL DEFAULT 'pending',
        attempts integer NOT NULL DEFAULT 0,
        outcome jsonb,
        causation_id text,
        created_at timestamptz NOT NULL DEFAULT now(),
        done_at timestamptz,
        CONSTRAINT uq_session_commands_command UNIQUE (command_id),
        CONSTRAINT ck_session_commands_status CHECK (status IN ('pending','done','failed'))
      )`);
    await queryRunner.query(
      "CREATE INDEX idx_session_commands_pending ON session_commands (connection_id, id) WHERE status = 'pending'",
    );
    await queryRunner.query(`
      CREATE TABLE inbound_messages (
        connection_id integer NOT NULL,
        message_id text NOT NULL,
        company_id integer NOT NULL,
        received_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (connection_id, message_id)
      )`);

    await queryRunner.query(`
      CREATE TABLE companies (
        id integer PRIMARY KEY,
        plan_connections integer,
        settings jsonb NOT NULL DEFAULT '{}',
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      CREATE TABLE queues (
        id integer PRIMARY KEY,
        company_id integer NOT NULL,
        name text NOT NULL,
        color text NOT NULL
      )`);
    await queryRunner.query('CREATE INDEX idx_queues_company ON queues (company_id, id)');

    // --- the simulator's phone network (lives here so any process can run a simulated session) ---
    await queryRunner.query(`
      CREATE TABLE simulator_devices (
        connection_id integer PRIMARY KEY,
        company_id integer NOT NULL,
        linked boolean NOT NULL DEFAULT false,
        number varchar(32),
        scan_requested boolean NOT NULL DEFAULT false
      )`);
    await queryRunner.query(`
      CREATE TABLE simulator_inbox (
        id bigserial PRIMARY KEY,
        company_id integer NOT NULL,
        connection_id integer NOT NULL,
        message_id text NOT NULL,
        kind varchar(16) NOT NULL,
        payload jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        delivered_at timestamptz,
        delivered_by text,
        delivered_epoch bigint
      )`);
    await queryRunner.query(
      'CREATE INDEX idx_simulator_inbox_pending ON simulator_inbox (connection_id, id) WHERE delivered_at IS NULL',
    );
    await queryRunner.query(`
      CREATE TABLE simulator_sent (
        id bigserial PRIMARY KEY,
        company_id integer NOT NULL,
        connection_id integer NOT NULL,
        message_id text NOT NULL,
        idempotency_key text NOT NULL,
        chat_jid text NOT NULL,
        content jsonb NOT NULL,
        quoted_message_id text,
        sent_at timestamptz NOT NULL DEFAULT now(),
        deleted boolean NOT NULL DEFAULT false,
        read boolean NOT NULL DEFAULT false,
        sent_by text NOT NULL,
        sent_epoch bigint NOT NULL,
        CONSTRAINT uq_simulator_sent_key UNIQUE (connection_id, idempotency_key)
      )`);
    await queryRunner.query('CREATE INDEX idx_simulator_sent_chat ON simulator_sent (connection_id, chat_jid, id)');
    await queryRunner.query(`
      CREATE TABLE simulator_log (
        id bigserial PRIMARY KEY,
        company_id integer NOT NULL,
        connection_id integer NOT NULL,
        owner text NOT NULL,
        epoch bigint NOT NULL,
        event varchar(32) NOT NULL,
        detail text NOT NULL DEFAULT '',
        at timestamptz NOT NULL DEFAULT clock_timestamp()
      )`);
    await queryRunner.query('CREATE INDEX idx_simulator_log_connection ON simulator_log (connection_id, id)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of [
      'simulator_log',
      'simulator_sent',
      'simulator_inbox',
      'simulator_devices',
      'queues',
      'companies',
      'inbound_messages',
      'session_commands',
      'connector_processes',
      'session_lease_history',
      'session_leases',
      'connections',
    ]) {
      await queryRunner.query(`DROP TABLE IF EXISTS ${table}`);
    }
  }
}
