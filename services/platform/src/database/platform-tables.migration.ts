import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The platform's own tables in a service's schema: the transactional outbox (with a NOTIFY so the relay wakes
 * at commit) and the consumer inbox. Services put `PlatformTables1700000000000` first in their migrations.
 */
export class PlatformTables1700000000000 implements MigrationInterface {
  name = 'PlatformTables1700000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE outbox (
        id bigserial PRIMARY KEY,
        event_id uuid NOT NULL,
        topic text NOT NULL,
        message_key text NOT NULL,
        type text NOT NULL,
        company_id integer NOT NULL,
        payload jsonb NOT NULL,
        headers jsonb NOT NULL DEFAULT '{}'::jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT uq_outbox_event_id UNIQUE (event_id)
      )`);
    await queryRunner.query(`
      CREATE TABLE inbox (
        consumer text NOT NULL,
        event_id uuid NOT NULL,
        topic text NOT NULL,
        type text NOT NULL,
        received_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT pk_inbox PRIMARY KEY (consumer, event_id)
      )`);
    await queryRunner.query('CREATE INDEX idx_inbox_received_at ON inbox (received_at)');
    await queryRunner.query(`
      CREATE FUNCTION outbox_notify() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify(TG_TABLE_SCHEMA || '_outbox', '');
        RETURN NULL;
      END $$`);
    await queryRunner.query(
      'CREATE TRIGGER trg_outbox_notify AFTER INSERT ON outbox FOR EACH STATEMENT EXECUTE FUNCTION outbox_notify()',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TRIGGER trg_outbox_notify ON outbox');
    await queryRunner.query('DROP FUNCTION outbox_notify()');
    await queryRunner.query('DROP TABLE inbox');
    await queryRunner.query('DROP TABLE outbox');
  }
}

/**
 * The outbox NOTIFY is skipped in a transaction that set `cs.outbox_quiet` (`EventPublisher` does, when its
 * process runs the schema's relay: it wakes that relay itself after the commit). A transaction that NOTIFYs holds
 * PostgreSQL's cluster-wide notification lock from its pre-commit to the end of its commit, WAL flush included, so
 * every notifying commit of every service waits for the one before: one per fsync. Writers without a local relay
 * (a process with `OUTBOX_RELAY=off`, psql) still notify. Services list it after `PlatformTables1700000000000`.
 */
export class OutboxQuietNotify1764500000000 implements MigrationInterface {
  name = 'OutboxQuietNotify1764500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION outbox_notify() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF coalesce(current_setting('cs.outbox_quiet', true), '') <> 'on' THEN
          PERFORM pg_notify(TG_TABLE_SCHEMA || '_outbox', '');
        END IF;
        RETURN NULL;
      END $$`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION outbox_notify() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify(TG_TABLE_SCHEMA || '_outbox', '');
        RETURN NULL;
      END $$`);
  }
}

/**
 * The outbox keeps each envelope as the text its producer serialized (`json`, checked but not converted) and its
 * correlation id in a column. Nothing reads inside a payload on the way out, so none is converted: `jsonb` would cost
 * the writer a conversion of every envelope to its binary form, and the relay one back to text and a lookup of
 * `correlationId` inside it (bench/outbox-encoding.mjs measures the two). A row without the column (written before
 * this migration, or by a process of the previous version during a rolling deploy) goes out with the correlation id
 * of its payload. Services list it after `OutboxQuietNotify1764500000000`.
 */
export class OutboxJsonPayload1764800000000 implements MigrationInterface {
  name = 'OutboxJsonPayload1764800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE outbox ADD COLUMN correlation_id text');
    await queryRunner.query('ALTER TABLE outbox ALTER COLUMN payload TYPE json USING payload::json');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE outbox ALTER COLUMN payload TYPE jsonb USING payload::jsonb');
    await queryRunner.query('ALTER TABLE outbox DROP COLUMN correlation_id');
  }
}

/**
 * An outbox row's id is drawn only once its transaction has an xid (`pg_current_xact_id()` assigns one first), so
 * that a transaction still able to commit an id the relay's take did not see is in that take's snapshot's
 * in-progress list: what lets the relay's take look above its last id and in a few gaps instead of walking the index
 * from its low end (`services/platform/src/events/outbox-take-window.ts`). Without it a multi-row insert that is its
 * transaction's first write draws its first id before the xid exists. Services list it after
 * `OutboxJsonPayload1764800000000`.
 */
export class OutboxIdAfterXid1765000000000 implements MigrationInterface {
  name = 'OutboxIdAfterXid1765000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const sequence = await outboxSequence(queryRunner);
    await queryRunner.query(
      `ALTER TABLE outbox ALTER COLUMN id SET DEFAULT
         CASE WHEN pg_current_xact_id() IS NOT NULL THEN nextval('${sequence}'::regclass) END`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const sequence = await outboxSequence(queryRunner);
    await queryRunner.query(`ALTER TABLE outbox ALTER COLUMN id SET DEFAULT nextval('${sequence}'::regclass)`);
  }
}

/**
 * The platform's migrations, in order: all a schema with only the outbox and the inbox needs (the platform's probes and
 * benchmarks). Services list each between their own, as its comment says.
 */
export const PlatformMigrations = [
  PlatformTables1700000000000,
  OutboxQuietNotify1764500000000,
  OutboxJsonPayload1764800000000,
  OutboxIdAfterXid1765000000000,
];

/** The outbox id's sequence, schema-qualified and quoted as PostgreSQL prints it. */
async function outboxSequence(queryRunner: QueryRunner): Promise<string> {
  const [row] = (await queryRunner.query(`SELECT pg_get_serial_sequence('outbox', 'id') AS name`)) as Array<{
    name: string | null;
  }>;
  if (!row?.name) throw new Error('the outbox has no id sequence');
  return row.name.replaceAll("'", "''");
}
