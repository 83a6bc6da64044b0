import { Injectable } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import { hasMorePages } from '@cs/proto/common';
import { type ListQuickMessagesQuery } from '@cs/proto/http';
import { TransactionHost } from '@cs/platform/database';
import { QuickMessagesMapper, type QuickMessageView } from './quick-messages.mapper.js';
import { toQuickMessageRow } from './quick-messages.repository.js';

export const QUICK_MESSAGES_PAGE_SIZE = 20;

const escapeLike = (value: string): string => value.replace(/[\\%_]/g, (char) => `\\${char}`);

/** Reads of quick replies: the company's shared ones and the caller's own, by shortcode. */
@Injectable()
export class QuickMessagesQueries {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly mapper: QuickMessagesMapper,
  ) {}

  /** `GET /quick-messages`: 20 per page; `searchParam` matches the shortcode or the text. */
  async page(
    companyId: CompanyId,
    userId: number,
    query: ListQuickMessagesQuery,
  ): Promise<{ records: QuickMessageView[]; count: number; hasMore: boolean }> {
    const params: unknown[] = [companyId, userId];
    let condition = 'company_id = $1 AND (geral OR user_id = $2)';
    if (query.searchParam) {
      params.push(`%${escapeLike(query.searchParam.toLowerCase())}%`);
      condition += ` AND (lower(shortcode) LIKE $3 OR lower(message) LIKE $3)`;
    }
    const offset = (query.pageNumber - 1) * QUICK_MESSAGES_PAGE_SIZE;
    const db = this.transactions.manager;
    const [count] = await db.query<Array<{ count: number }>>(
      `SELECT count(*)::int AS count FROM quick_messages WHERE ${condition}`,
      params,
    );
    const rows = await db.query<Array<Record<string, unknown>>>(
      `SELECT * FROM quick_messages WHERE ${condition} ORDER BY lower(shortcode), id
        LIMIT ${QUICK_MESSAGES_PAGE_SIZE} OFFSET ${offset}`,
      params,
    );
    const records = rows.map((row) => this.mapper.view(toQuickMessageRow(row)));
    const total = count?.count ?? 0;
    return { records, count: total, hasMore: hasMorePages(total, offset, records.length) };
  }

  /** `GET /quick-messages/list`: every reply the caller may use (the `/` suggestions of the message input). */
  async list(companyId: CompanyId, userId: number): Promise<QuickMessageView[]> {
    const rows = await this.transactions.manager.query<Array<Record<string, unknown>>>(
      'SELECT * FROM quick_messages WHERE company_id = $1 AND (geral OR user_id = $2) ORDER BY lower(shortcode), id',
      [companyId, userId],
    );
    return rows.map((row) => this.mapper.view(toQuickMessageRow(row)));
  }
}
