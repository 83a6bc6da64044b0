import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Identity's projection of the connector's connections: validates and names users' default connection. */
export class CreateConnections1732000000001 implements MigrationInterface {
  name = 'CreateConnections1732000000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE connections (
        company_id integer NOT NULL,
        id integer NOT NULL,
        name varchar(100) NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT pk_connections PRIMARY KEY (company_id, id)
      )`);
    await queryRunner.query('CREATE INDEX idx_users_company_whatsapp ON users (company_id, whatsapp_id)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX idx_users_company_whatsapp');
    await queryRunner.query('DROP TABLE connections');
  }
}
