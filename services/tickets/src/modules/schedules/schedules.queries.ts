import { Injectable } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import { hasMorePages } from '@cs/proto/common';
import type { ScheduleSnapshot } from '@cs/proto/events';
import { type ListSchedulesQuery } from '@cs/proto/http';
import { TransactionHost } from '@cs/platform/database';
import { SCHEDULE_SELECT, toScheduleSnapshot } from './schedules.repository.js';

export const SCHEDULES_PAGE_SIZE = 20;

const escapeLike = (value: string): string => value.replace(/[\\%_]/g, (char) => `\\${char}`);

/** Reads of scheduled messages: the next to go first, then the most recent ones already gone. */
@Injectable()
export class SchedulesQueries {
  constructor(private readonly transactions: TransactionHost) {}

  /** `GET /schedules`: 20 per page; `searchParam` matches the text or the contact's name; by contact or user. */
  async page(
    companyId: CompanyId,
    query: ListSchedulesQuery,
  ): Promise<{ schedules: ScheduleSnapshot[]; count: number; hasMore: boolean }> {
    const params: unknown[] = [companyId];
    const where = ['s.company_id = $1'];
    if (query.contactId) {
      params.push(query.contactId);
      where.push(`s.contact_id = $${params.length}`);
    }
    if (query.userId) {
      params.push(query.userId);
      where.push(`s.user_id = $${params.length}`);
    }
    if (query.searchParam) {
      params.push(`%${escapeLike(query.searchParam.toLowerCase())}%`);
      where.push(`(lower(s.body) LIKE $${params.length} OR lower(c.name) LIKE $${params.length})`);
    }
    const condition = where.join(' AND ');
    const offset = (query.pageNumber - 1) * SCHEDULES_PAGE_SIZE;
    const db = this.transactions.manager;
    const [count] = await db.query<Array<{ count: number }>>(
      `SELECT count(*)::int AS count FROM schedules s
         LEFT JOIN contacts c ON c.company_id = s.company_id AND c.id = s.contact_id WHERE ${condition}`,
      params,
    );
    const rows = await db.query<Array<Record<string, unknown>>>(
      `${SCHEDULE_SELECT} WHERE ${condition}
        ORDER BY (s.sent_at IS NULL) DESC, CASE WHEN s.sent_at IS NULL THEN s.send_at END ASC, s.send_at DESC, s.id DESC
        LIMIT ${SCHEDULES_PAGE_SIZE} OFFSET ${offset}`,
      params,
    );
    const schedules = rows.map(toScheduleSnapshot);
    const total = count?.count ?? 0;
    return { schedules, count: total, hasMore: hasMorePages(total, offset, schedules.length) };
  }
}
