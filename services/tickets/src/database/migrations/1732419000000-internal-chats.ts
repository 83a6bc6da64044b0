import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Internal chats between staff users (administration-and-extended.md §2, §3): a chat with its owner and last
 * message, its members with their unread counts, and its messages. Every row carries `company_id`; members are
 * looked up per user (the caller's chats) and messages per chat, newest first.
 */
export class InternalChats1732419000000 implements MigrationInterface {
  name = 'InternalChats1732419000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE chats (
        id serial PRIMARY KEY,
        company_id integer NOT NULL,
        uuid uuid NOT NULL DEFAULT gen_random_uuid(),
        title varchar(256) NOT NULL,
        owner_id integer NOT NULL,
        last_message text NOT NULL DEFAULT '',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT uq_chats_uuid UNIQUE (uuid),
        CONSTRAINT uq_chats_company_id UNIQUE (company_id, id)
      )`);
    await queryRunner.query(`
      CREATE TABLE chat_users (
        company_id integer NOT NULL,
        chat_id integer NOT NULL,
        user_id integer NOT NULL,
        unreads integer NOT NULL DEFAULT 0,
        CONSTRAINT pk_chat_users PRIMARY KEY (chat_id, user_id),
        CONSTRAINT fk_chat_users_chat FOREIGN KEY (company_id, chat_id) REFERENCES chats (company_id, id) ON DELETE CASCADE
      )`);
    await queryRunner.query('CREATE INDEX idx_chat_users_company_user ON chat_users (company_id, user_id, chat_id)');
    await queryRunner.query(`
      CREATE TABLE chat_messages (
        id serial PRIMARY KEY,
        company_id integer NOT NULL,
        chat_id integer NOT NULL,
        sender_id integer NOT NULL,
        message text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT fk_chat_messages_chat FOREIGN KEY (company_id, chat_id) REFERENCES chats (company_id, id) ON DELETE CASCADE
      )`);
    await queryRunner.query(
      'CREATE INDEX idx_chat_messages_company_chat ON chat_messages (company_id, chat_id, id DESC)',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE chat_messages');
    await queryRunner.query('DROP TABLE chat_users');
    await queryRunner.query('DROP TABLE chats');
  }
}
