import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The contact projection by id alone: a request for a contact this projection does not hold yet waits for it only
 * when no company's row has that id (`ProjectionsRepository.awaitContact`), and that question must not scan the table.
 */
export class ContactsById1764600000000 implements MigrationInterface {
  name = 'ContactsById1764600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('CREATE INDEX idx_contacts_id ON contacts (id)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX idx_contacts_id');
  }
}
