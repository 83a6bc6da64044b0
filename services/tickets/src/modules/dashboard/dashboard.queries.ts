import { Injectable } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import { TransactionHost } from '@cs/platform/database';
import { ProjectionsRepository } from '../projections/projections.repository.js';
import { parseDateTime } from '../schedules/local-time.js';
import type { DashboardDays, DashboardQuery } from './dashboard.dto.js';

export interface DashboardCounters {
  /** Tickets pending now (not limited to the period). */
  readonly supportPending: number;
  /** Tickets open (being attended) now (not limited to the period). */
  readonly supportHappening: number;
  /** Attendance cycles of the period that are finished. */
  readonly supportFinished: number;
  /** Contacts with exactly one attendance cycle in the period. */
  readonly leads: number;
  /** Average minutes from the start of the attendance to its rating request or end, over cycles with one. */
  readonly avgSupportTime: number;
  /** Average minutes from entering the queue to being accepted, over accepted cycles. */
  readonly avgWaitTime: number;
  /** Attendance cycles begun in each hour of the day (0-23, company time zone) within the period: the chart. */
  readonly ticketsPerHour: number[];
}

export interface DashboardAttendant {
  readonly id: number;
  readonly name: string;
  readonly avgSupportTime: number;
  readonly tickets: number;
  /** Average 1-3 rating of their attendances of the period; 0 with none. */
  readonly rating: number;
  readonly online: boolean;
}

/** One slot of `GET /dashboard/ticketsDay`: an hour of the day (a single day asked) or a `dd/mm/YYYY` date. */
export type TicketsDaySlot =
  { readonly total: number; readonly horario: number } | { readonly total: number; readonly data: string };

/** One attendant of `GET /dashboard/ticketsUsers`: attendances finished in the period (upstream's names). */
export interface TicketsUserSlot {
  readonly nome: string;
  readonly quantidade: number;
}

interface Row {
  readonly totals: { finished: number; avgSupport: number; avgWait: number };
  readonly leads: number;
  readonly hours: Array<{ hour: number; count: number }>;
  readonly attendants: DashboardAttendant[];
  readonly happening: number;
  readonly pending: number;
}

/** `YYYY-MM-DD` plus one day. */
const nextDay = (day: string): string => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
};

/**
 * The dashboard of reference §2.9, company-scoped only (upstream also leaked platform-wide counts). Its source
 * is the attendance cycles (`ticket_trackings`): a cycle is in the period when it began in it (`days`: the last
 * N days; `date_from`/`date_to`: whole days in the company's time zone; together they intersect). Times are
 * whole minutes per cycle, as upstream: support = start → rating request (or end), wait = queued → start;
 * an attendant's rating is the average of the 1-3 answers to their cycles of the period.
 *
 * One statement over the period's cycles, an index-only scan of `idx_ticket_trackings_company_created_cover`
 * (company, begin time, with every column the figures read, the rating included), so it costs the period's
 * cycles, not the company's history; the current pending/open counts use the tickets' (company, status) index.
 * Durations and hours use `date_part` (double precision): `extract` computes in numeric, which was a third of
 * the statement's time over a month of a large company's cycles (bench/README.md, ticket-list).
 * See the README for measurements.
 */
@Injectable()
export class DashboardQueries {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly projections: ProjectionsRepository,
  ) {}

  async figures(
    companyId: CompanyId,
    query: DashboardQuery,
    now: Date = new Date(),
  ): Promise<{ counters: DashboardCounters; attendants: DashboardAttendant[] }> {
    const company = await this.projections.company(companyId);
    const starts: Date[] = [];
    let end: Date | null = null;
    if (query.days) starts.push(new Date(now.getTime() - query.days * 86_400_000));
    if (query.date_from) {
      const from = parseDateTime(`${query.date_from}T00:00`, company.timezone);
      if (from) starts.push(from);
    }
    if (query.date_to) end = parseDateTime(`${nextDay(query.date_to)}T00:00`, company.timezone);
    const start = starts.length ? new Date(Math.max(...starts.map((date) => date.getTime()))) : null;

    const [row] = await this.transactions.run(async (db) => {
      // room for the per-contact count (leads) of long periods without spilling to disk
      await db.query(`SET LOCAL work_mem = '32MB'`);
      return db.query<Row[]>(
        `WITH cycles AS MATERIALIZED (
         SELECT tt.user_id, tt.contact_id, tt.finished_at, tt.rate,
                CASE WHEN tt.started_at IS NOT NULL AND coalesce(tt.rating_at, tt.finished_at) >= tt.started_at
                     THEN floor(date_part('epoch', coalesce(tt.rating_at, tt.finished_at) - tt.started_at) / 60)::int
                     ELSE 0 END AS support,
                CASE WHEN tt.started_at IS NOT NULL AND tt.queued_at IS NOT NULL AND tt.started_at >= tt.queued_at
                     THEN floor(date_part('epoch', tt.started_at - tt.queued_at) / 60)::int END AS wait,
                date_part('hour', tt.created_at AT TIME ZONE $2)::int AS hour
           FROM ticket_trackings tt
          WHERE tt.company_id = $1 AND tt.created_at >= coalesce($3::timestamptz, '-infinity')
            AND tt.created_at < coalesce($4::timestamptz, 'infinity')
       )
       SELECT
         (SELECT json_build_object(
                   'finished', count(*) FILTER (WHERE finished_at IS NOT NULL),
                   'avgSupport', coalesce(round(avg(support) FILTER (WHERE support > 0), 2), 0),
                   'avgWait', coalesce(round(avg(wait), 2), 0))
            FROM cycles) AS totals,
         (SELECT count(*)::int FROM (SELECT 1 FROM cycles GROUP BY contact_id HAVING count(*) = 1) once) AS leads,
         (SELECT coalesce(json_agg(json_build_object('hour', hour, 'count', n)), '[]'::json)
            FROM (SELECT hour, count(*) AS n FROM cycles GROUP BY hour) per_hour) AS hours,
         (SELECT coalesce(json_agg(json_build_object(
                   'id', u.id, 'name', u.name, 'online', u.online,
                   'tickets', coalesce(mine.tickets, 0),
                   'avgSupportTime', coalesce(mine.avg_support, 0),
                   'rating', coalesce(mine.rating, 0)) ORDER BY lower(u.name), u.id), '[]'::json)
            FROM users u
            LEFT JOIN (SELECT user_id, count(*) AS tickets,
                              round(avg(support) FILTER (WHERE support > 0), 2) AS avg_support,
                              round(avg(rate), 2) AS rating
                         FROM cycles GROUP BY user_id) mine ON mine.user_id = u.id
           WHERE u.company_id = $1 AND NOT u.deleted) AS attendants,
         (SELECT count(*)::int FROM tickets WHERE company_id = $1 AND status = 'open') AS happening,
         (SELECT count(*)::int FROM tickets WHERE company_id = $1 AND status = 'pending') AS pending`,
        [companyId, company.timezone, start, end],
      );
    });
    const perHour = Array.from({ length: 24 }, () => 0);
    for (const slot of row?.hours ?? []) perHour[slot.hour] = slot.count;
    return {
      counters: {
        supportPending: row?.pending ?? 0,
        supportHappening: row?.happening ?? 0,
        supportFinished: row?.totals.finished ?? 0,
        leads: row?.leads ?? 0,
        avgSupportTime: Number(row?.totals.avgSupport ?? 0),
        avgWaitTime: Number(row?.totals.avgWait ?? 0),
        ticketsPerHour: perHour,
      },
      attendants: (row?.attendants ?? []).map((attendant) => ({
        ...attendant,
        avgSupportTime: Number(attendant.avgSupportTime),
        rating: Number(attendant.rating),
      })),
    };
  }

  /** The period's bounds: from the first day's midnight to the midnight after the last day, company time zone. */
  private async period(companyId: CompanyId, query: DashboardDays) {
    const company = await this.projections.company(companyId);
    const start = parseDateTime(`${query.initialDate}T00:00`, company.timezone);
    const end = parseDateTime(`${nextDay(query.finalDate)}T00:00`, company.timezone);
    return { timezone: company.timezone, start, end };
  }

  /**
   * Attendance cycles begun in the period (reference §2.9 `ticketsDay`): per hour of the day when one day is
   * asked, otherwise per date (`dd/mm/YYYY`, in date order), with their total as `count`.
   */
  async ticketsDay(companyId: CompanyId, query: DashboardDays): Promise<{ count: number; data: TicketsDaySlot[] }> {
    const { timezone, start, end } = await this.period(companyId, query);
    const perHour = query.initialDate === query.finalDate;
    const rows = await this.transactions.run((db) =>
      db.query<Array<{ slot: string; day: string; total: number }>>(
        `SELECT ${perHour ? `date_part('hour', tt.created_at AT TIME ZONE $2)::int::text` : `to_char(tt.created_at AT TIME ZONE $2, 'DD/MM/YYYY')`} AS slot,
                min((tt.created_at AT TIME ZONE $2)::date)::text AS day, count(*)::int AS total
           FROM ticket_trackings tt
          WHERE tt.company_id = $1 AND tt.created_at >= $3 AND tt.created_at < $4
          GROUP BY slot ORDER BY day, slot`,
        [companyId, timezone, start, end],
      ),
    );
    const data: TicketsDaySlot[] = perHour
      ? rows.map((row) => ({ total: row.total, horario: Number(row.slot) })).sort((a, b) => a.horario - b.horario)
      : rows.map((row) => ({ total: row.total, data: row.slot }));
    return { count: rows.reduce((sum, row) => sum + row.total, 0), data };
  }

  /**
   * Attendance cycles finished in the period per attendant (reference §2.9 `ticketsUsers`), every user of the
   * company listed (0 without any), by name.
   */
  async ticketsUsers(companyId: CompanyId, query: DashboardDays): Promise<{ data: TicketsUserSlot[] }> {
    const { start, end } = await this.period(companyId, query);
    const rows = await this.transactions.run((db) =>
      db.query<TicketsUserSlot[]>(
        `SELECT u.name AS nome, count(tt.id)::int AS quantidade
           FROM users u
           LEFT JOIN ticket_trackings tt
             ON tt.company_id = u.company_id AND tt.user_id = u.id
            AND tt.finished_at >= $2 AND tt.finished_at < $3
          WHERE u.company_id = $1 AND NOT u.deleted
          GROUP BY u.id, u.name
          ORDER BY lower(u.name), u.id`,
        [companyId, start, end],
      ),
    );
    return { data: rows };
  }
}
