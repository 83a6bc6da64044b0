import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { CompanyId } from '@cs/proto/common';
import { type MessageTemplate, type TemplateComponent, cloudTemplateVariables } from '@cs/proto/http';
import { TransactionHost } from '@cs/platform/database';
import type { GraphTemplate } from '../../providers/cloud-api/graph.client.js';

interface TemplateRow {
  id: number;
  company_id: number;
  connection_id: number;
  meta_id: string;
  name: string;
  language: string;
  status: string;
  category: string;
  components: TemplateComponent[];
  updated_at: Date;
}

const toTemplate = (row: TemplateRow): MessageTemplate => ({
  id: row.id,
  connectionId: row.connection_id,
  metaId: row.meta_id,
  name: row.name,
  language: row.language,
  status: row.status,
  category: row.category,
  components: row.components,
  variables: cloudTemplateVariables(row.components),
  updatedAt: row.updated_at.toISOString(),
});

/** `message_templates`: a Cloud API connection's templates as Meta last told us; every query scoped by company. */
@Injectable()
export class TemplatesRepository {
  constructor(private readonly transactions: TransactionHost) {}

  private get manager(): EntityManager {
    return this.transactions.manager;
  }

  async list(companyId: CompanyId | number, connectionId: number): Promise<MessageTemplate[]> {
    const rows = await this.manager.query<TemplateRow[]>(
      `SELECT * FROM message_templates WHERE company_id = $1 AND connection_id = $2 ORDER BY name, language`,
      [companyId, connectionId],
    );
    return rows.map(toTemplate);
  }

  async find(
    companyId: CompanyId | number,
    connectionId: number,
    name: string,
    language: string,
  ): Promise<MessageTemplate | null> {
    const [row] = await this.manager.query<TemplateRow[]>(
      `SELECT * FROM message_templates WHERE company_id = $1 AND connection_id = $2 AND name = $3 AND language = $4`,
      [companyId, connectionId, name, language],
    );
    return row ? toTemplate(row) : null;
  }

  /** Makes the connection's rows exactly Meta's list: new and changed ones written, those Meta no longer has removed. */
  async replace(companyId: number, connectionId: number, templates: readonly GraphTemplate[]): Promise<void> {
    await this.manager.query(
      `DELETE FROM message_templates
        WHERE company_id = $1 AND connection_id = $2
          AND (name, language) NOT IN (SELECT t.name, t.language FROM jsonb_to_recordset($3::jsonb) AS t(name text, language text))`,
      [companyId, connectionId, JSON.stringify(templates.map(({ name, language }) => ({ name, language })))],
    );
    if (templates.length === 0) return;
    await this.manager.query(
      `INSERT INTO message_templates (company_id, connection_id, meta_id, name, language, status, category, components)
       SELECT $1, $2, t.id, t.name, t.language, t.status, t.category, coalesce(t.components, '[]'::jsonb)
         FROM jsonb_to_recordset($3::jsonb) AS t(id text, name text, language text, status text, category text, components jsonb)
       ON CONFLICT (connection_id, name, language) DO UPDATE
         SET meta_id = excluded.meta_id, status = excluded.status, category = excluded.category,
             components = excluded.components, updated_at = now()`,
      [companyId, connectionId, JSON.stringify(templates)],
    );
  }

  /** Records a status Meta announced; resolves false when the template is not known here yet. */
  async setStatus(
    companyId: number,
    connectionId: number,
    update: {
      readonly name: string;
      readonly language: string;
      readonly status: string;
      readonly category: string | null;
    },
  ): Promise<boolean> {
    const result: unknown = await this.manager.query(
      `UPDATE message_templates SET status = $5, category = coalesce($6, category), updated_at = now()
        WHERE company_id = $1 AND connection_id = $2 AND name = $3 AND language = $4 RETURNING id`,
      [companyId, connectionId, update.name, update.language, update.status, update.category],
    );
    // an UPDATE answers [rows, affected count]
    const rows = Array.isArray(result) && Array.isArray(result[0]) ? (result[0] as unknown[]) : (result as unknown[]);
    return rows.length > 0;
  }
}
