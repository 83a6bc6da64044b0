import { Injectable } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import type { TicketSnapshot } from '@cs/proto/events';
import type { ListTicketsQuery } from '@cs/proto/http';
import { type SqlRow, TransactionHost } from '@cs/platform/database';
import type { Identity } from '@cs/platform/tenancy';
import { ProjectionsRepository } from '../projections/projections.repository.js';
import { isAdmin, opensTicket, type TicketViewer, viewerOf, visibilitySql } from './ticket-visibility.js';
import { SNAPSHOT_SELECT, type TicketRow, toTicketSnapshot } from './tickets.repository.js';

export const TICKETS_PAGE_SIZE = 40;
/**
 * `count` of `GET /tickets` is exact up to this many tickets and this number beyond (with `hasMore`): enough
 * for every tab badge and a day's tickets (the dashboard), without counting a closed history on each page.
 */
export const TICKETS_COUNT_CAP = 10_000;
/** A search first tests this many times the tickets up to the end of the page asked, most recent first. */
export const SEARCH_WINDOW_FACTOR = 8;
/** A search gathering more matches (tickets by contact plus matching messages) than this walks the list instead. */
export const SEARCH_GATHER_CAP = 2_000;

export { isAdmin };

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
 * upstream, where search, date and unread replaced the others; plus the service level, near or past a target),
 * within what the caller may see (admins with `showAll`: everything; otherwise their own tickets and pending ones of their queues, plus queue-less pending
 * ones for admins and for users with `allTicket` enabled); 40 per page,
 * most recently updated first, `hasMore` from one row more than the page and `count` exact up to
 * TICKETS_COUNT_CAP (the kanban's exact). Search by contact name/number (trigram) or message words (prefix
 * full-text): the most recent window of the list first, then the matches gathered from the GIN indexes when
 * they are few, else a walk of the list in order (bench/README.md, ticket-list).
 */
@Injectable()
export class TicketsQueries {
  /** The search's thresholds (a test shrinks them to see every way of serving a search give the same pages). */
  searchTuning = { windowFactor: SEARCH_WINDOW_FACTOR, gatherCap: SEARCH_GATHER_CAP };

  constructor(
    private readonly transactions: TransactionHost,
    private readonly projections: ProjectionsRepository,
  ) {}

  async list(
    companyId: CompanyId,
    identity: Identity,
    query: ListTicketsQuery,
    extra: { statuses?: readonly string[]; exactCount?: boolean; pageSize?: number | undefined } = {},
  ): Promise<{ tickets: TicketSnapshot[]; count: number; hasMore: boolean }> {
    const db = this.transactions.manager;
    const company = await this.projections.company(companyId);
    const params: unknown[] = [companyId];
    const param = (value: unknown): string => {
      params.push(value);
      return `$${params.length}`;
    };
    const where: string[] = ['t.company_id = $1'];

    // What the caller may see (ticket-visibility.ts)
    const viewer = await this.viewer(companyId, identity);
    const visible = visibilitySql(viewer, { status: query.status, showAll: query.showAll }, param);
    if (visible) where.push(visible);
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
    if (query.serviceLevel) {
      where.push(
        `EXISTS (SELECT 1 FROM service_level_alerts a WHERE a.company_id = $1 AND a.ticket_id = t.id
                    AND a.state = ${param(query.serviceLevel)})`,
      );
    }
    // Tickets carrying every tag asked: gathered from the (company, tag, ticket) index when there are at most
    // `gatherCap` of them (the list then read by id, counted exactly), else each ticket of the list probed in list
    // order until the page is full and counted no further than the page proves, as a search is: a tag on a whole
    // history is never gathered, sorted or counted whole.
    let tagsWalked = false;
    if (query.tags.length > 0) {
      const [first, ...rest] = [...new Set(query.tags)];
      const others = rest.length
        ? `AND (SELECT count(*) FROM ticket_tags o WHERE o.company_id = $1 AND o.ticket_id = tt.ticket_id
                 AND o.tag_id = ANY($4::int[])) = ${rest.length}`
        : 'AND $4::int[] IS NOT NULL';
      const [gathered] = await db.query<Array<{ ids: number[] }>>(
        `SELECT ARRAY(SELECT tt.ticket_id FROM ticket_tags tt WHERE tt.company_id = $1 AND tt.tag_id = $2 ${others}
                       LIMIT $3) AS ids`,
        [companyId, first, this.searchTuning.gatherCap + 1, rest],
      );
      const found = gathered?.ids ?? [];
      if (found.length <= this.searchTuning.gatherCap) {
        where.push(`t.id = ANY(${param(found)}::int[])`);
      } else {
        const tags = param([...new Set(query.tags)]);
        where.push(
          `(SELECT count(*) FROM ticket_tags tt WHERE tt.company_id = $1 AND tt.ticket_id = t.id
              AND tt.tag_id = ANY(${tags}::int[])) = cardinality(${tags}::int[])`,
        );
        tagsWalked = true;
      }
    }
    const pageSize = extra.pageSize ?? TICKETS_PAGE_SIZE;
    const offset = (query.pageNumber - 1) * pageSize;
    const page = (condition: string, count: string) =>
      `SELECT ${count} AS count,
              ARRAY(SELECT t.id FROM tickets t WHERE ${condition}
                     ORDER BY t.updated_at DESC, t.id DESC LIMIT ${pageSize + 1} OFFSET ${offset}) AS ids`;
    const answer = async (row: { count: number | null; ids: number[] } | undefined) => {
      const ids = row?.ids ?? [];
      const hasMore = ids.length > pageSize;
      const tickets = await this.snapshots(companyId, ids.slice(0, pageSize));
      // never less than what this page proves: the rows up to it, plus one when there are more
      const count = Math.max(row?.count ?? 0, offset + tickets.length + (hasMore ? 1 : 0));
      return { tickets, count, hasMore };
    };

    const search = query.searchParam?.trim();
    if (search) {
      const pattern = `%${escapeLike(search.toLowerCase())}%`;
      const digits = search.replace(/\D/g, '');
      const text = toPrefixQuery(search);
      // The contacts matching, and whether a ticket `t` matches (by its contact, or by one of its own messages:
      // a probe of the (company, ticket) index, kept a per-ticket probe by `OFFSET 0` rather than a join over
      // every message with the words), written with the parameters of the statement that uses them
      // (PostgreSQL refuses a parameter a statement does not use).
      const terms = (values: unknown[]) => {
        const add = (value: unknown): string => `$${values.push(value)}`;
        const byContact = [`lower(c.name) LIKE ${add(pattern)}`];
        if (digits.length >= 3) byContact.push(`c.number LIKE ${add(`%${digits}%`)}`);
        const contacts = `SELECT c.id FROM contacts c WHERE c.company_id = $1 AND (${byContact.join(' OR ')})`;
        const tsquery = text ? `to_tsquery('simple', ${add(text)})` : null;
        const byMessage = tsquery
          ? ` OR EXISTS (SELECT 1 FROM messages m WHERE m.company_id = $1 AND m.ticket_id = t.id
                           AND m.search_vector @@ ${tsquery} OFFSET 0)`
          : '';
        return { contacts, tsquery, matches: `(t.contact_id IN (${contacts})${byMessage})` };
      };
      const filters = where.join(' AND ');

      // 1. The most recent window first: the list's first SEARCH_WINDOW_FACTOR × (page end) tickets, in list
      // order, each tested until the page is full. Enough for a common word; the page is exact, since every
      // ticket outside the window comes after every ticket in it. Also complete when the window is the list.
      const windowSize = this.searchTuning.windowFactor * (offset + pageSize + 1);
      const recent = `SELECT t.id, t.updated_at, t.contact_id FROM tickets t WHERE ${filters}
                       ORDER BY t.updated_at DESC, t.id DESC LIMIT ${windowSize}`;
      const inWindow = [...params];
      const [windowed] = await db.query<Array<{ seen: number; ids: number[] }>>(
        `SELECT (SELECT count(*)::int FROM (${recent}) w) AS seen,
                ARRAY(SELECT t.id FROM (${recent}) t WHERE ${terms(inWindow).matches}
                       ORDER BY t.updated_at DESC, t.id DESC LIMIT ${pageSize + 1} OFFSET ${offset}) AS ids`,
        inWindow,
      );
      if (windowed && (windowed.ids.length > pageSize || windowed.seen < windowSize)) {
        return answer({ count: null, ids: windowed.ids });
      }

      // 2. Not full: a rarer term. Its matches gathered from the trigram and full-text indexes, at most
      // SEARCH_GATHER_CAP (a word in hundreds of thousands of messages is never gathered and sorted), then the
      // list read by id (counted).
      const own: unknown[] = [companyId];
      const { contacts, tsquery } = terms(own);
      const sources = [`SELECT ct.id FROM tickets ct WHERE ct.company_id = $1 AND ct.contact_id IN (${contacts})`];
      if (tsquery) {
        sources.push(`SELECT m.ticket_id FROM messages m WHERE m.company_id = $1 AND m.search_vector @@ ${tsquery}`);
      }
      const [gathered] = await db.query<Array<{ ids: number[] }>>(
        `SELECT ARRAY(${sources.join(' UNION ALL ')} LIMIT ${this.searchTuning.gatherCap + 1}) AS ids`,
        own,
      );
      const found = gathered?.ids ?? [];
      if (found.length <= this.searchTuning.gatherCap) {
        where.push(`t.id = ANY(${param([...new Set(found)])}::int[])`);
      } else {
        // 3. Many matches, but sparse in this list: walk all of it in order, stopping when the page is full.
        const walking = [...params];
        const [walked] = await db.query<Array<{ count: null; ids: number[] }>>(
          page(`${filters} AND ${terms(walking).matches}`, 'NULL::int'),
          walking,
        );
        return answer(walked);
      }
    }

    // `hasMore` from one row more than the page; `count` exact up to TICKETS_COUNT_CAP (a tab of hundreds of
    // thousands of closed tickets is never counted whole on each page)
    const condition = where.join(' AND ');
    if (tagsWalked && !extra.exactCount) {
      const [walked] = await db.query<Array<{ count: null; ids: number[] }>>(page(condition, 'NULL::int'), params);
      return answer(walked);
    }
    const cap = extra.exactCount ? '' : ` LIMIT ${TICKETS_COUNT_CAP}`;
    const [row] = await db.query<Array<{ count: number; ids: number[] }>>(
      page(condition, `(SELECT count(*)::int FROM (SELECT 1 FROM tickets t WHERE ${condition}${cap}) counted)`),
      params,
    );
    return answer(row);
  }

  async snapshots(companyId: CompanyId, ids: readonly number[]): Promise<TicketSnapshot[]> {
    if (ids.length === 0) return [];
    const rows = await this.transactions.manager.query<SqlRow[]>(
      `${SNAPSHOT_SELECT} WHERE t.company_id = $1 AND t.id = ANY($2::int[])`,
      [companyId, [...ids]],
    );
    const byId = new Map(rows.map(toTicketSnapshot).map((ticket) => [ticket.id, ticket]));
    return ids.map((id) => byId.get(id)).filter((ticket): ticket is TicketSnapshot => ticket !== undefined);
  }

  /** The caller as the visibility policy sees them (their queues and `allTicket` are read for non-admins only). */
  async viewer(companyId: CompanyId, identity: Identity): Promise<TicketViewer> {
    if (isAdmin(identity)) return viewerOf(identity, null);
    return viewerOf(identity, await this.projections.user(companyId, identity.userId));
  }

  /**
   * Whether the caller may open a ticket: admins always; others their own, their queues', and queue-less ones
   * when their `allTicket` is enabled (ticket-visibility.ts, `opensTicket`).
   */
  async canSee(companyId: CompanyId, identity: Identity, ticket: TicketRow): Promise<boolean> {
    return opensTicket(await this.viewer(companyId, identity), ticket);
  }
}
