import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { CompanyId } from '@cs/proto/common';
import { mapRow, type SqlRow, TransactionHost } from '@cs/platform/database';

export interface QuickMessageRow {
  readonly id: number;
  readonly companyId: number;
  readonly userId: number | null;
  readonly shortcode: string;
  readonly message: string;
  readonly mediaPath: string | null;
  readonly mediaName: string | null;
  readonly geral: boolean;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

export const toQuickMessageRow = (row: SqlRow): QuickMessageRow =>
  mapRow(row, (r) => ({
    id: r.int('id'),
    companyId: r.int('company_id'),
    userId: r.nullable('user_id', r.int),
    shortcode: r.string('shortcode'),
    message: r.string('message'),
    mediaPath: r.nullable('media_path', r.string),
    mediaName: r.nullable('media_name', r.string),
    geral: r.boolean('geral'),
    createdAt: new Date(r.isoDate('created_at')),
    updatedAt: new Date(r.isoDate('updated_at')),
  }));

export interface QuickMessageWrite {
  readonly shortcode: string;
  readonly message: string;
  readonly geral: boolean;
}

/**
 * Quick replies; every method is scoped by company, and reads by the caller too: a user sees the company's
 * shared (`geral`) replies and their own personal ones, never another user's personal ones.
 */
@Injectable()
export class QuickMessagesRepository {
  constructor(private readonly transactions: TransactionHost) {}

  private get db(): EntityManager {
    return this.transactions.manager;
  }

  /** A reply the user may see (shared, or theirs). */
  async findVisible(companyId: CompanyId, userId: number, id: number): Promise<QuickMessageRow | null> {
    const [row] = await this.db.query<Array<Record<string, unknown>>>(
      'SELECT * FROM quick_messages WHERE company_id = $1 AND id = $2 AND (geral OR user_id = $3)',
      [companyId, id, userId],
    );
    return row ? toQuickMessageRow(row) : null;
  }

  async insert(companyId: CompanyId, userId: number, input: QuickMessageWrite): Promise<QuickMessageRow> {
    const [row] = await this.db.query<Array<Record<string, unknown>>>(
      `INSERT INTO quick_messages (company_id, user_id, shortcode, message, geral) VALUES ($1, $2, $3, $4, $5)
       RETURNING *`,
      [companyId, userId, input.shortcode, input.message, input.geral],
    );
    if (!row) throw new Error('INSERT INTO quick_messages answered no row');
    return toQuickMessageRow(row);
  }

  async update(companyId: CompanyId, id: number, input: QuickMessageWrite): Promise<QuickMessageRow | null> {
    const [rows] = await this.db.query<[Array<Record<string, unknown>>, number]>(
      `UPDATE quick_messages SET shortcode = $3, message = $4, geral = $5, updated_at = now()
        WHERE company_id = $1 AND id = $2 RETURNING *`,
      [companyId, id, input.shortcode, input.message, input.geral],
    );
    const row = rows[0];
    return row ? toQuickMessageRow(row) : null;
  }

  async setMedia(
    companyId: CompanyId,
    id: number,
    path: string | null,
    name: string | null,
  ): Promise<QuickMessageRow | null> {
    const [rows] = await this.db.query<[Array<Record<string, unknown>>, number]>(
      `UPDATE quick_messages SET media_path = $3, media_name = $4, updated_at = now()
        WHERE company_id = $1 AND id = $2 RETURNING *`,
      [companyId, id, path, name],
    );
    const row = rows[0];
    return row ? toQuickMessageRow(row) : null;
  }

  async delete(companyId: CompanyId, id: number): Promise<void> {
    await this.db.query('DELETE FROM quick_messages WHERE company_id = $1 AND id = $2', [companyId, id]);
  }
}
