import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Wake-ups instead of fast polls: what a session's owner must act on NOTIFYs `<schema>_simulator_inbox` (a simulated
 * contact wrote, or the phone scanned the QR) or `<schema>_session_commands` (a command was recorded), with the
 * connection id as payload, when the inserting transaction commits. The owner's one listening connection wakes the
 * session (`SessionWakeups`); the polls stay as a slow fallback.
 */
export class SessionWakeups1764050000000 implements MigrationInterface {
  name = 'SessionWakeups1764050000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE FUNCTION simulator_inbox_notify() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify(TG_TABLE_SCHEMA || '_simulator_inbox', NEW.connection_id::text);
        RETURN NULL;
      END $$`);
    await queryRunner.query(
      `CREATE TRIGGER trg_simulator_inbox_notify AFTER INSERT ON simulator_inbox
       FOR EACH ROW EXECUTE FUNCTION simulator_inbox_notify()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER trg_simulator_devices_notify AFTER INSERT OR UPDATE OF scan_requested ON simulator_devices
       FOR EACH ROW WHEN (NEW.scan_requested) EXECUTE FUNCTION simulator_inbox_notify()`,
    );
    await queryRunner.query(`
      CREATE FUNCTION session_commands_notify() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify(TG_TABLE_SCHEMA || '_session_commands', NEW.connection_id::text);
        RETURN NULL;
      END $$`);
    await queryRunner.query(
      `CREATE TRIGGER trg_session_commands_notify AFTER INSERT ON session_commands
       FOR EACH ROW WHEN (NEW.status = 'pending') EXECUTE FUNCTION session_commands_notify()`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TRIGGER trg_session_commands_notify ON session_commands');
    await queryRunner.query('DROP FUNCTION session_commands_notify()');
    await queryRunner.query('DROP TRIGGER trg_simulator_devices_notify ON simulator_devices');
    await queryRunner.query('DROP TRIGGER trg_simulator_inbox_notify ON simulator_inbox');
    await queryRunner.query('DROP FUNCTION simulator_inbox_notify()');
  }
}
