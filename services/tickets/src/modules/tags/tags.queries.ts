import { Injectable } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import { hasMorePages } from '@cs/proto/common';
import type { TagSnapshot } from '@cs/proto/events';
import { type ListTagsQuery } from '@cs/proto/http';
import { TransactionHost } from '@cs/platform/database';
import { TAG_SELECT, toTagSnapshot } from './tags.repository.js';

export const TAGS_PAGE_SIZE = 20;

const escapeLike = (value: string): string => value.replace(/[\\%_]/g, (char) => `\\${char}`);

/** Reads of tags, each with how many tickets carry it (`ticketsCount`). */
@Injectable()
export class TagsQueries {
  constructor(private readonly transactions: TransactionHost) {}

  /** `GET /tags`: by name, 20 per page; `searchParam` matches the name or the colour. */
  async page(
    companyId: CompanyId,
    query: ListTagsQuery,
  ): Promise<{ tags: TagSnapshot[]; count: number; hasMore: boolean }> {
    const { condition, params } = this.filter(companyId, query);
    const offset = (query.pageNumber - 1) * TAGS_PAGE_SIZE;
    const db = this.transactions.manager;
    const [count] = await db.query<Array<{ count: number }>>(
      `SELECT count(*)::int AS count FROM tags g WHERE ${condition}`,
      params,
    );
    const rows = await db.query<Array<Record<string, unknown>>>(
      `${TAG_SELECT} WHERE ${condition} ORDER BY lower(g.name), g.id LIMIT ${TAGS_PAGE_SIZE} OFFSET ${offset}`,
      params,
    );
    const tags = rows.map(toTagSnapshot);
    const total = count?.count ?? 0;
    return { tags, count: total, hasMore: hasMorePages(total, offset, tags.length) };
  }

  /** `GET /tags/list`: every tag by name (the tag editor's and the filters' choices). */
  async list(companyId: CompanyId, query: Pick<ListTagsQuery, 'searchParam' | 'kanban'>): Promise<TagSnapshot[]> {
    const { condition, params } = this.filter(companyId, query);
    const rows = await this.transactions.manager.query<Array<Record<string, unknown>>>(
      `${TAG_SELECT} WHERE ${condition} ORDER BY lower(g.name), g.id`,
      params,
    );
    return rows.map(toTagSnapshot);
  }

  /** `GET /tags/kanban`: the kanban lanes (tags with the flag), in creation order. */
  async lanes(companyId: CompanyId): Promise<TagSnapshot[]> {
    const rows = await this.transactions.manager.query<Array<Record<string, unknown>>>(
      `${TAG_SELECT} WHERE g.company_id = $1 AND g.kanban = 1 ORDER BY g.id`,
      [companyId],
    );
    return rows.map(toTagSnapshot);
  }

  private filter(
    companyId: CompanyId,
    query: Pick<ListTagsQuery, 'searchParam' | 'kanban'>,
  ): { condition: string; params: unknown[] } {
    const params: unknown[] = [companyId];
    const where = ['g.company_id = $1'];
    if (query.searchParam) {
      params.push(`%${escapeLike(query.searchParam.toLowerCase())}%`);
      where.push(`(lower(g.name) LIKE $${params.length} OR lower(g.color) LIKE $${params.length})`);
    }
    if (query.kanban !== undefined) {
      params.push(query.kanban);
      where.push(`g.kanban = $${params.length}`);
    }
    return { condition: where.join(' AND '), params };
  }
}
