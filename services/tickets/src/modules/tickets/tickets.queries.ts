import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import type { CompanyId } from '@cs/proto/common';
import { hasMorePages, PageNumberSchema } from '@cs/proto/common';
import type { TicketSnapshot } from '@cs/proto/events';
import { TransactionHost } from '@cs/platform/database';
import type { Identity } from '@cs/platform/tenancy';
import { ProjectionsRepository } from '../projections/projections.repository.js';
import { SNAPSHOT_SELECT, type TicketRow, toTicketSnapshot } from './tickets.repository.js';

export const TICKETS_PAGE_SIZE = 40;

/** A JSON array of ids as the spec's clients send it (`[1,2]`), or a single id; anything else (beyond PostgreSQL integer too) is ignored. */
const idList = z
  .unknown()
  .optional()
  .transform((value): number[] => {
    if (value === undefined || value === null || value === '') return [];
    let parsed: unknown = value;
    if (typeof value === 'string') {
      try {
        parsed = JSON.parse(value);
      } catch {
        parsed = value.split(',');
      }
    }
    const items = Array.isArray(parsed) ? parsed : [parsed];
    return items
      .map((item) => Number(typeof item === 'object' && item ? (item as { id?: unknown }).id : item))
      .filter((id) => Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647);
  });
const flag = z
  .unknown()
  .optional()
  .transform((value) => value === true || value === 'true');
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}/)
  .transform((value) => value.slice(0, 10))
  .optional()
  .catch(undefined);

export const ListTicketsQuerySchema = z.object({
  searchParam: z.string().trim().max(200).optional().catch(undefined),
  pageNumber: PageNumberSchema.optional().transform((value) => value ?? 1),
  status: z.enum(['open', 'pending', 'closed']).optional().catch(undefined),
  date: day,
  updatedAt: day,
  showAll: flag,
  withUnreadMessages: flag,
  queueIds: idList,
  tags: idList,
  users: idList,
});
export type ListTicketsQuery = z.infer<typeof ListTicketsQuerySchema>;

export const isAdmin = (identity: Identity): boolean => identity.isSuper || identity.profile === 'admin';

/** Words of a search as a prefix full-text query (`bom:* & dia:*`), or null when there are none. */
export function toPrefixQuery(search: string): string | null {
  const words = search
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8);
  return words.length ? words.map((word) => `${word}:*`).join(' & ') : null;
}

const escapeLike = (value: string): string => value.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * The ticket list of `GET /tickets` (and the kanban): every filter of the spec, combined with AND (unlike
 * upstream, where search, date and unread replaced the others), within what the caller may see (admins with
 * `showAll`: everything; otherwise their own tickets and pending ones of their queues, plus queue-less pending
 * ones for admins and for users with `allTicket` enabled); 40 per page,
 * most recently updated first. Search goes through the trigram (contact name/number) and full-text (message
 * bodies) GIN indexes.
 */
@Injectable()
export class TicketsQueries {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly projections: ProjectionsRepository,
  ) {}

  async list(
    companyId: CompanyId,
    identity: Identity,
    query: ListTicketsQuery,
    extra: { statuses?: readonly string[] } = {},
  ): Promise<{ tickets: TicketSnapshot[]; count: number; hasMore: boolean }> {
    const db = this.transactions.manager;
    const company = await this.projections.company(companyId);
    const params: unknown[] = [companyId];
    const param = (value: unknown): string => {
      params.push(value);
      return `$${params.length}`;
    };
    const where: string[] = ['t.company_id = $1'];

    // What the caller may see, written for the status asked when there is one (the same rows, but a condition
    // the planner can serve from one index: `user_id = me` for open/closed rather than an OR over both lists;
    // nothing for an admin's pending tab, which is every pending ticket)
    const admin = isAdmin(identity);
    if (!(admin && query.showAll) && !(admin && query.status === 'pending')) {
      const me = param(identity.userId);
      if (query.status === 'open' || query.status === 'closed') {
        where.push(`t.user_id = ${me}`);
      } else if (admin) {
        where.push(`(t.user_id = ${me} OR t.status = 'pending')`);
      } else {
        const user = await this.projections.user(companyId, identity.userId);
        const mine = param(user?.queueIds ?? []);
        const queueless = user?.allTicket ? ' OR t.queue_id IS NULL' : '';
        where.push(
          query.status === 'pending'
            ? `(t.user_id = ${me} OR t.queue_id = ANY(${mine}::int[])${queueless})`
            : `(t.user_id = ${me} OR (t.status = 'pending' AND (t.queue_id = ANY(${mine}::int[])${queueless})))`,
        );
      }
    }
    if (query.queueIds.length > 0) {
      where.push(`(t.queue_id = ANY(${param(query.queueIds)}::int[]) OR t.queue_id IS NULL)`);
    }
    if (query.status) where.push(`t.status = ${param(query.status)}`);
    if (extra.statuses) where.push(`t.status = ANY(${param(extra.statuses)}::text[])`);
    let zone: string | undefined;
    const tz = (): string => (zone ??= param(company.timezone));
    if (query.date) {
      const date = param(query.date);
      where.push(
        `t.created_at >= (${date}::date)::timestamp AT TIME ZONE ${tz()} AND t.created_at < (${date}::date + 1)::timestamp AT TIME ZONE ${tz()}`,
      );
    }
    if (query.updatedAt) {
      const date = param(query.updatedAt);
      where.push(
        `t.updated_at >= (${date}::date)::timestamp AT TIME ZONE ${tz()} AND t.updated_at < (${date}::date + 1)::timestamp AT TIME ZONE ${tz()}`,
      );
    }
    if (query.withUnreadMessages) where.push('t.unread_messages > 0');
    if (query.users.length > 0) where.push(`t.user_id = ANY(${param(query.users)}::int[])`);
    if (query.tags.length > 0) {
      const tags = param(query.tags);
      // tickets carrying every tag asked, gathered from the (company, tag) index rather than tested one by one
      where.push(
        `t.id IN (SELECT tt.ticket_id FROM ticket_tags tt WHERE tt.company_id = $1 AND tt.tag_id = ANY(${tags}::int[])
                   GROUP BY tt.ticket_id HAVING count(*) = cardinality(${tags}::int[]))`,
      );
    }
    const search = query.searchParam?.trim();
    if (search) {
      const like = param(`%${escapeLike(search.toLowerCase())}%`);
      const digits = search.replace(/\D/g, '');
      const byContact = [`lower(c.name) LIKE ${like}`];
      if (digits.length >= 3) byContact.push(`c.number LIKE ${param(`%${digits}%`)}`);
      // the matching tickets are gathered first (by contact, by message), then the list is read by id: an OR of
      // two subqueries would make the planner walk the whole list in update order testing each ticket
      const candidates = [
        `SELECT ct.id FROM tickets ct WHERE ct.company_id = $1 AND ct.contact_id IN
           (SELECT c.id FROM contacts c WHERE c.company_id = $1 AND (${byContact.join(' OR ')}))`,
      ];
      const text = toPrefixQuery(search);
      if (text) {
        candidates.push(
          `SELECT m.ticket_id FROM messages m WHERE m.company_id = $1
             AND m.search_vector @@ to_tsquery('simple', ${param(text)})`,
        );
      }
      where.push(`t.id = ANY(ARRAY(${candidates.join(' UNION ')}))`);
    }

    const condition = where.join(' AND ');
    const offset = (query.pageNumber - 1) * TICKETS_PAGE_SIZE;
    const [countRow] = await db.query<Array<{ count: number }>>(
      `SELECT count(*)::int AS count FROM tickets t WHERE ${condition}`,
      params,
    );
    const idRows = await db.query<Array<{ id: number }>>(
      `SELECT t.id FROM tickets t WHERE ${condition} ORDER BY t.updated_at DESC, t.id DESC LIMIT ${TICKETS_PAGE_SIZE} OFFSET ${offset}`,
      params,
    );
    const ids = idRows.map((row) => row.id);
    const tickets = await this.snapshots(companyId, ids);
    const count = countRow?.count ?? 0;
    return { tickets, count, hasMore: hasMorePages(count, offset, tickets.length) };
  }

  async snapshots(companyId: CompanyId, ids: readonly number[]): Promise<TicketSnapshot[]> {
    if (ids.length === 0) return [];
    const rows = await this.transactions.manager.query<Array<Record<string, unknown>>>(
      `${SNAPSHOT_SELECT} WHERE t.company_id = $1 AND t.id = ANY($2::int[])`,
      [companyId, [...ids]],
    );
    const byId = new Map(rows.map((row) => [row['id'] as number, toTicketSnapshot(row)]));
    return ids.map((id) => byId.get(id)).filter((ticket): ticket is TicketSnapshot => ticket !== undefined);
  }

  /**
   * Whether the caller may open a ticket: admins always; others their own, their queues', and queue-less ones
   * when their `allTicket` is enabled (as the list shows them).
   */
  async canSee(companyId: CompanyId, identity: Identity, ticket: TicketRow): Promise<boolean> {
    if (isAdmin(identity)) return true;
    if (ticket.userId === identity.userId) return true;
    const user = await this.projections.user(companyId, identity.userId);
    if (!user) return false;
    return ticket.queueId === null ? user.allTicket : user.queueIds.includes(ticket.queueId);
  }
}
