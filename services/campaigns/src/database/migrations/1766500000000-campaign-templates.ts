import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Cloud API templates in campaigns: the campaign's template (name, language, components and the values with their
 * campaign variables), each shipping's values rendered for its contact, and why a send failed.
 */
export class CampaignTemplates1766500000000 implements MigrationInterface {
  name = 'CampaignTemplates1766500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE campaigns ADD COLUMN template jsonb');
    await queryRunner.query('ALTER TABLE campaign_shippings ADD COLUMN template_values jsonb');
    // why the connector could not send (Meta's refusal of a template, ...), for the report
    await queryRunner.query('ALTER TABLE campaign_shippings ADD COLUMN error_reason text');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE campaign_shippings DROP COLUMN error_reason, DROP COLUMN template_values');
    await queryRunner.query('ALTER TABLE campaigns DROP COLUMN template');
  }
}
