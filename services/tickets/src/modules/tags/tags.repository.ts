import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { CompanyId } from '@cs/proto/common';
import type { TagSnapshot } from '@cs/proto/events';
import { mapRow, type SqlRow, TransactionHost } from '@cs/platform/database';

export const TAG_SELECT = `
  SELECT g.id, g.company_id, g.name, g.color, g.kanban, g.user_id,
         (SELECT count(*)::int FROM ticket_tags tt WHERE tt.company_id = g.company_id AND tt.tag_id = g.id) AS tickets_count
    FROM tags g`;

export const toTagSnapshot = (row: SqlRow): TagSnapshot =>
  mapRow(row, (r) => ({
    id: r.int('id'),
    companyId: r.int('company_id'),
    name: r.string('name'),
    color: r.string('color'),
    kanban: r.int('kanban') === 1 ? 1 : 0,
    userId: r.nullable('user_id', r.int),
    ticketsCount: r.nullable('tickets_count', r.int) ?? 0,
  }));

export interface TagWrite {
  readonly name: string;
  readonly color: string;
  readonly kanban: 0 | 1;
}

/** Tags and the tags of tickets; every method is scoped by company. */
@Injectable()
export class TagsRepository {
  constructor(private readonly transactions: TransactionHost) {}

  private get db(): EntityManager {
    return this.transactions.manager;
  }

  async find(companyId: CompanyId, id: number): Promise<TagSnapshot | null> {
    const [row] = await this.db.query<Array<Record<string, unknown>>>(
      `${TAG_SELECT} WHERE g.company_id = $1 AND g.id = $2`,
      [companyId, id],
    );
    return row ? toTagSnapshot(row) : null;
  }

  async findMany(companyId: CompanyId, ids: readonly number[]): Promise<TagSnapshot[]> {
    if (ids.length === 0) return [];
    const rows = await this.db.query<Array<Record<string, unknown>>>(
      `${TAG_SELECT} WHERE g.company_id = $1 AND g.id = ANY($2::int[]) ORDER BY g.id`,
      [companyId, [...ids]],
    );
    return rows.map(toTagSnapshot);
  }

  async insert(companyId: CompanyId, tag: TagWrite & { userId: number | null }): Promise<number> {
    const [row] = await this.db.query<Array<{ id: number }>>(
      'INSERT INTO tags (company_id, name, color, kanban, user_id) VALUES ($1, $2, $3, $4, $5) RETURNING id',
      [companyId, tag.name, tag.color, tag.kanban, tag.userId],
    );
    return row?.id ?? 0;
  }

  async update(companyId: CompanyId, id: number, tag: TagWrite): Promise<void> {
    await this.db.query(
      'UPDATE tags SET name = $3, color = $4, kanban = $5, updated_at = now() WHERE company_id = $1 AND id = $2',
      [companyId, id, tag.name, tag.color, tag.kanban],
    );
  }

  /** Deletes a tag; answers the tickets that carried it (their links go with it). */
  async delete(companyId: CompanyId, id: number): Promise<number[]> {
    const [rows] = await this.db.query<[Array<{ ticket_id: number }>, number]>(
      'DELETE FROM ticket_tags WHERE company_id = $1 AND tag_id = $2 RETURNING ticket_id',
      [companyId, id],
    );
    await this.db.query('DELETE FROM tags WHERE company_id = $1 AND id = $2', [companyId, id]);
    return rows.map((row) => row.ticket_id);
  }

  // --- tags of tickets ---

  async tagIdsOf(companyId: CompanyId, ticketId: number): Promise<number[]> {
    const rows = await this.db.query<Array<{ tag_id: number }>>(
      'SELECT tag_id FROM ticket_tags WHERE company_id = $1 AND ticket_id = $2 ORDER BY tag_id',
      [companyId, ticketId],
    );
    return rows.map((row) => row.tag_id);
  }

  async link(companyId: CompanyId, ticketId: number, tagIds: readonly number[]): Promise<number[]> {
    if (tagIds.length === 0) return [];
    const rows = await this.db.query<Array<{ tag_id: number }>>(
      `INSERT INTO ticket_tags (company_id, ticket_id, tag_id) SELECT $1, $2, unnest($3::int[])
       ON CONFLICT DO NOTHING RETURNING tag_id`,
      [companyId, ticketId, [...tagIds]],
    );
    return rows.map((row) => row.tag_id);
  }

  async unlink(companyId: CompanyId, ticketId: number, tagIds: readonly number[]): Promise<number[]> {
    if (tagIds.length === 0) return [];
    const [rows] = await this.db.query<[Array<{ tag_id: number }>, number]>(
      'DELETE FROM ticket_tags WHERE company_id = $1 AND ticket_id = $2 AND tag_id = ANY($3::int[]) RETURNING tag_id',
      [companyId, ticketId, [...tagIds]],
    );
    return rows.map((row) => row.tag_id);
  }

  /** Removes a ticket's kanban tags (its lane), leaving the others; answers the removed tag ids. */
  async unlinkKanban(companyId: CompanyId, ticketId: number): Promise<number[]> {
    const [rows] = await this.db.query<[Array<{ tag_id: number }>, number]>(
      `DELETE FROM ticket_tags tt USING tags g
        WHERE tt.company_id = $1 AND tt.ticket_id = $2 AND g.company_id = tt.company_id AND g.id = tt.tag_id
          AND g.kanban = 1
       RETURNING tt.tag_id`,
      [companyId, ticketId],
    );
    return rows.map((row) => row.tag_id);
  }
}
