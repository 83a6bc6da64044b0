import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { CompanyId } from '@cs/proto/common';
import { QUEUE_INTEGRATION_TYPES, type QueueIntegrationType } from '@cs/proto/events';
import { mapRow, type SqlRow, TransactionHost } from '@cs/platform/database';
import { lastErrorOf } from '../prompts/prompts.repository.js';

export interface QueueIntegrationWrite {
  readonly type: QueueIntegrationType;
  readonly name: string;
  readonly projectName: string;
  readonly jsonContentEnc: string | null;
  readonly language: string;
  readonly urlN8N: string;
  readonly typebotSlug: string;
  readonly typebotExpires: number;
  readonly typebotDelayMessage: number;
  readonly typebotKeywordFinish: string;
  readonly typebotKeywordRestart: string;
  readonly typebotUnknownMessage: string;
  readonly typebotRestartMessage: string;
}

export interface QueueIntegrationRow extends QueueIntegrationWrite {
  readonly id: number;
  readonly companyId: number;
  /** The last failure answering a customer (cleared by the next success). */
  readonly lastError: { at: Date; message: string } | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

export const toIntegrationRow = (row: SqlRow): QueueIntegrationRow =>
  mapRow(row, (r) => ({
    id: r.int('id'),
    companyId: r.int('company_id'),
    type: r.oneOf('type', QUEUE_INTEGRATION_TYPES),
    name: r.string('name'),
    projectName: r.string('project_name'),
    jsonContentEnc: r.nullable('json_content_enc', r.string),
    language: r.string('language'),
    urlN8N: r.string('url_n8n'),
    typebotSlug: r.string('typebot_slug'),
    typebotExpires: r.int('typebot_expires'),
    typebotDelayMessage: r.int('typebot_delay_message'),
    typebotKeywordFinish: r.string('typebot_keyword_finish'),
    typebotKeywordRestart: r.string('typebot_keyword_restart'),
    typebotUnknownMessage: r.string('typebot_unknown_message'),
    typebotRestartMessage: r.string('typebot_restart_message'),
    lastError: lastErrorOf(r),
    createdAt: new Date(r.isoDate('created_at')),
    updatedAt: new Date(r.isoDate('updated_at')),
  }));

const COLUMNS = [
  'type',
  'name',
  'project_name',
  'json_content_enc',
  'language',
  'url_n8n',
  'typebot_slug',
  'typebot_expires',
  'typebot_delay_message',
  'typebot_keyword_finish',
  'typebot_keyword_restart',
  'typebot_unknown_message',
  'typebot_restart_message',
] as const;

const valuesOf = (input: QueueIntegrationWrite): unknown[] => [
  input.type,
  input.name,
  input.projectName,
  input.jsonContentEnc,
  input.language,
  input.urlN8N,
  input.typebotSlug,
  input.typebotExpires,
  input.typebotDelayMessage,
  input.typebotKeywordFinish,
  input.typebotKeywordRestart,
  input.typebotUnknownMessage,
  input.typebotRestartMessage,
];

/** Queue integrations, every query scoped by company. */
@Injectable()
export class QueueIntegrationsRepository {
  constructor(private readonly transactions: TransactionHost) {}

  private get db(): EntityManager {
    return this.transactions.manager;
  }

  async find(companyId: CompanyId, id: number): Promise<QueueIntegrationRow | null> {
    const [row] = await this.db.query<Array<Record<string, unknown>>>(
      'SELECT * FROM queue_integrations WHERE company_id = $1 AND id = $2',
      [companyId, id],
    );
    return row ? toIntegrationRow(row) : null;
  }

  async page(
    companyId: CompanyId,
    search: string | undefined,
    limit: number,
    offset: number,
  ): Promise<{ rows: QueueIntegrationRow[]; count: number }> {
    const params: unknown[] = [companyId];
    let condition = 'company_id = $1';
    if (search) {
      params.push(`%${search.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`);
      condition += ' AND lower(name) LIKE $2';
    }
    const [count] = await this.db.query<Array<{ count: number }>>(
      `SELECT count(*)::int AS count FROM queue_integrations WHERE ${condition}`,
      params,
    );
    const rows = await this.db.query<Array<Record<string, unknown>>>(
      `SELECT * FROM queue_integrations WHERE ${condition} ORDER BY lower(name), id LIMIT ${limit} OFFSET ${offset}`,
      params,
    );
    return { rows: rows.map(toIntegrationRow), count: count?.count ?? 0 };
  }

  async nameTaken(companyId: CompanyId, name: string, exceptId: number | null): Promise<boolean> {
    const rows = await this.db.query<unknown[]>(
      'SELECT 1 FROM queue_integrations WHERE company_id = $1 AND lower(name) = lower($2) AND id IS DISTINCT FROM $3',
      [companyId, name, exceptId],
    );
    return rows.length > 0;
  }

  async insert(companyId: CompanyId, input: QueueIntegrationWrite): Promise<QueueIntegrationRow> {
    const placeholders = COLUMNS.map((_, index) => `$${index + 2}`).join(', ');
    const [row] = await this.db.query<Array<Record<string, unknown>>>(
      `INSERT INTO queue_integrations (company_id, ${COLUMNS.join(', ')}) VALUES ($1, ${placeholders}) RETURNING *`,
      [companyId, ...valuesOf(input)],
    );
    if (!row) throw new Error('INSERT INTO queue_integrations answered no row');
    return toIntegrationRow(row);
  }

  async update(companyId: CompanyId, id: number, input: QueueIntegrationWrite): Promise<QueueIntegrationRow> {
    const sets = COLUMNS.map((column, index) => `${column} = $${index + 3}`).join(', ');
    const [rows] = await this.db.query<[Array<Record<string, unknown>>, number]>(
      `UPDATE queue_integrations SET ${sets}, updated_at = now() WHERE company_id = $1 AND id = $2 RETURNING *`,
      [companyId, id, ...valuesOf(input)],
    );
    const row = rows[0];
    if (!row) throw new Error('UPDATE queue_integrations answered no row');
    return toIntegrationRow(row);
  }

  /** Records the integration's last failure (`message`: short, without secrets). */
  async recordFailure(companyId: CompanyId, id: number, message: string): Promise<void> {
    await this.db.query(
      'UPDATE queue_integrations SET last_error = $3, last_error_at = now() WHERE company_id = $1 AND id = $2',
      [companyId, id, message],
    );
  }

  /** Clears the integration's last failure after a successful answer. */
  async clearFailure(companyId: CompanyId, id: number): Promise<void> {
    await this.db.query(
      `UPDATE queue_integrations SET last_error = NULL, last_error_at = NULL
        WHERE company_id = $1 AND id = $2 AND last_error_at IS NOT NULL`,
      [companyId, id],
    );
  }

  /**
   * Deletes the integration and its sessions; the tickets in a session with it go back to the normal flow (still
   * answered by their prompt, if any).
   */
  async delete(companyId: CompanyId, id: number): Promise<void> {
    await this.db.query(
      `UPDATE tickets SET integration_id = NULL, use_integration = (prompt_id IS NOT NULL)
        WHERE company_id = $1 AND integration_id = $2`,
      [companyId, id],
    );
    await this.db.query('DELETE FROM integration_sessions WHERE company_id = $1 AND integration_id = $2', [
      companyId,
      id,
    ]);
    await this.db.query('DELETE FROM queue_integrations WHERE company_id = $1 AND id = $2', [companyId, id]);
  }
}
