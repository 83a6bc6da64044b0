import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The company's tags (a projection of `tickets.tag.v1`): a tag campaign's `tagListId` must be one of them. Filled
 * at once from the tags this service already knows (on tickets, on campaigns); the consumer group has no offsets on
 * that topic yet, so it reads it from its earliest offset for the rest.
 */
export class Tags1765200000000 implements MigrationInterface {
  name = 'Tags1765200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE tags (
        id integer PRIMARY KEY,
        company_id integer NOT NULL
      )`);
    await queryRunner.query('CREATE INDEX idx_tags_company ON tags (company_id)');
    await queryRunner.query(`
      INSERT INTO tags (id, company_id)
      SELECT DISTINCT ON (tag_id) tag_id, company_id FROM ticket_audience, unnest(tag_ids) AS tag_id
      ON CONFLICT (id) DO NOTHING`);
    await queryRunner.query(`
      INSERT INTO tags (id, company_id)
      SELECT DISTINCT ON (tag_list_id) tag_list_id, company_id FROM campaigns WHERE tag_list_id IS NOT NULL
      ON CONFLICT (id) DO NOTHING`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE tags');
  }
}
