import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { CompanyId } from '@cs/proto/common';
import { type MessageTemplate, type TemplateComponent, cloudTemplateVariables } from '@cs/proto/http';
import { mapRow, mapRows, returningRows, type RowReader, type SqlRow, TransactionHost } from '@cs/platform/database';
import type { GraphTemplate } from '../../providers/cloud-api/graph.client.js';

/** A template from a raw row of `message_templates` (`SELECT *`). */
const readTemplate = (r: RowReader): MessageTemplate => {
  const components = r.json<TemplateComponent[]>('components');
  return {
    id: r.int('id'),
    connectionId: r.int('connection_id'),
    metaId: r.string('meta_id'),
    name: r.string('name'),
    language: r.string('language'),
    status: r.string('status'),
    category: r.string('category'),
    components,
    variables: cloudTemplateVariables(components),
    updatedAt: r.isoDate('updated_at'),
  };
};

/** `message_templates`: a Cloud API connection's templates as Meta last told us; every query scoped by company. */
@Injectable()
export class TemplatesRepository {
  constructor(private readonly transactions: TransactionHost) {}

  private get manager(): EntityManager {
    return this.transactions.manager;
  }

  async list(companyId: CompanyId | number, connectionId: number): Promise<MessageTemplate[]> {
    const rows = await this.manager.query<SqlRow[]>(
      `SELECT * FROM message_templates WHERE company_id = $1 AND connection_id = $2 ORDER BY name, language`,
      [companyId, connectionId],
    );
    return mapRows(rows, readTemplate);
  }

  async find(
    companyId: CompanyId | number,
    connectionId: number,
    name: string,
    language: string,
  ): Promise<MessageTemplate | null> {
    const [row] = await this.manager.query<SqlRow[]>(
      `SELECT * FROM message_templates WHERE company_id = $1 AND connection_id = $2 AND name = $3 AND language = $4`,
      [companyId, connectionId, name, language],
    );
    return row ? mapRow(row, readTemplate) : null;
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
    const rows = await returningRows<{ id: number }>(
      this.manager,
      `UPDATE message_templates SET status = $5, category = coalesce($6, category), updated_at = now()
        WHERE company_id = $1 AND connection_id = $2 AND name = $3 AND language = $4 RETURNING id`,
      [companyId, connectionId, update.name, update.language, update.status, update.category],
    );
    return rows.length > 0;
  }
}
