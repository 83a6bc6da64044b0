import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Ownership changes wake every connector process at once instead of at its next heartbeat: a process joining,
 * stopping or leaving NOTIFYs `<schema>_session_ownership` (payload `members`) when its transaction commits, as does
 * a lease handed over (`Leases.release`, payload: the connection id). `incarnation` tells two processes started
 * under the same instance id apart (the newer one takes the id's leases back; the older one finds it superseded).
 */
export class SessionOwnershipWakeups1765200000000 implements MigrationInterface {
  name = 'SessionOwnershipWakeups1765200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE connector_processes ADD COLUMN incarnation text');
    await queryRunner.query(`
      CREATE FUNCTION connector_members_notify() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify(TG_TABLE_SCHEMA || '_session_ownership', 'members');
        RETURN NULL;
      END $$`);
    await queryRunner.query(
      `CREATE TRIGGER trg_connector_members_notify AFTER INSERT OR DELETE ON connector_processes
       FOR EACH ROW EXECUTE FUNCTION connector_members_notify()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER trg_connector_members_changed_notify AFTER UPDATE OF stopping, incarnation ON connector_processes
       FOR EACH ROW WHEN (OLD.stopping IS DISTINCT FROM NEW.stopping OR OLD.incarnation IS DISTINCT FROM NEW.incarnation)
       EXECUTE FUNCTION connector_members_notify()`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TRIGGER trg_connector_members_changed_notify ON connector_processes');
    await queryRunner.query('DROP TRIGGER trg_connector_members_notify ON connector_processes');
    await queryRunner.query('DROP FUNCTION connector_members_notify()');
    await queryRunner.query('ALTER TABLE connector_processes DROP COLUMN incarnation');
  }
}
