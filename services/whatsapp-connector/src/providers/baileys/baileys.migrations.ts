import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The Baileys provider's tables, in the connector's schema (the lead appends `baileysMigrations` to the service's
 * migration list). Connection ids are the connector's; no foreign key, because the connection table belongs to
 * the core (it calls `BaileysProvider.wipe` when a connection is deleted).
 */
export class CreateBaileysTables1763740000000 implements MigrationInterface {
  name = 'CreateBaileysTables1763740000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Signal keys and creds: as sensitive as an SSH private key; never logged.
    await queryRunner.query(`
      CREATE TABLE baileys_auth_keys (
        company_id integer NOT NULL,
        connection_id integer NOT NULL,
        type varchar(64) NOT NULL,
        key_id text NOT NULL,
        value text NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT pk_baileys_auth_keys PRIMARY KEY (company_id, connection_id, type, key_id)
      )`);
    await queryRunner.query('CREATE INDEX idx_baileys_auth_keys_connection ON baileys_auth_keys (connection_id)');

    // Messages we sent (served to Baileys' getMessage for retries) and received ones (to quote them and to
    // mark them read with their participant).
    await queryRunner.query(`
      CREATE TABLE baileys_messages (
        company_id integer NOT NULL,
        connection_id integer NOT NULL,
        message_id varchar(128) NOT NULL,
        chat_jid varchar(128) NOT NULL,
        participant varchar(128),
        from_me boolean NOT NULL,
        sent_by_us boolean NOT NULL DEFAULT false,
        content text,
        sent_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT pk_baileys_messages PRIMARY KEY (company_id, connection_id, message_id)
      )`);
    await queryRunner.query('CREATE INDEX idx_baileys_messages_connection ON baileys_messages (connection_id)');

    // What the socket told us about contacts and groups (listContacts: import from phone).
    await queryRunner.query(`
      CREATE TABLE baileys_contacts (
        company_id integer NOT NULL,
        connection_id integer NOT NULL,
        jid varchar(128) NOT NULL,
        number varchar(32),
        lid varchar(128),
        is_group boolean NOT NULL DEFAULT false,
        name varchar(255),
        notify varchar(255),
        profile_pic_url text,
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT pk_baileys_contacts PRIMARY KEY (company_id, connection_id, jid)
      )`);
    await queryRunner.query('CREATE INDEX idx_baileys_contacts_connection ON baileys_contacts (connection_id)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE baileys_contacts');
    await queryRunner.query('DROP TABLE baileys_messages');
    await queryRunner.query('DROP TABLE baileys_auth_keys');
  }
}

/** Every migration of the Baileys provider, in order. Never edit a merged migration; add a new one. */
export const baileysMigrations = [CreateBaileysTables1763740000000];
