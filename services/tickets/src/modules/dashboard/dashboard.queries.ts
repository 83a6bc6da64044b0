import { Injectable } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import type {
  DashboardAttendant,
  DashboardCounters,
  DashboardQuery,
  TicketsDaySlot,
  TicketsUserSlot,
} from '@cs/proto/http';
import { TransactionHost } from '@cs/platform/database';
import { localDate } from '@cs/platform/time';
import { ProjectionsRepository } from '../projections/projections.repository.js';
import { parseDateTime } from '../time/local-time.js';
import { contribution, HOURS, ROLLUP_COLUMNS } from '../../database/migrations/1764100000000-dashboard-daily.js';
import type { DashboardDays } from './dashboard.dto.js';

export type { DashboardAttendant, DashboardCounters, TicketsDaySlot, TicketsUserSlot };

interface Row {
  readonly totals: { finished: number; avgSupport: number; avgWait: number; hours: number[] };
  readonly leads: number;
  readonly attendants: DashboardAttendant[];
  readonly happening: number;
  readonly pending: number;
}

/**
 * A period [start, end) (null: unbounded) as the whole days of the company's time zone it covers (`to`
 * exclusive; null: unbounded) and the instants at either end outside them; no whole day: all of it raw.
 */
export function splitPeriod(
  start: Date | null,
  end: Date | null,
  timeZone: string,
): { days: { from: string | null; to: string | null } | null; raw: Array<[Date | null, Date | null]> } {
  const midnight = (day: string): Date => parseDateTime(`${day}T00:00`, timeZone) as Date;
  let from: string | null = null;
  if (start) {
    from = localDate(start, timeZone);
    if (midnight(from).getTime() < start.getTime()) from = nextDay(from);
  }
  const to = end ? localDate(end, timeZone) : null;
  if (from !== null && to !== null && from >= to) return { days: null, raw: [[start, end]] };
  const raw: Array<[Date | null, Date | null]> = [];
  if (start && from !== null && start.getTime() < midnight(from).getTime()) raw.push([start, midnight(from)]);
  if (end && to !== null && midnight(to).getTime() < end.getTime()) raw.push([midnight(to), end]);
  return { days: { from, to }, raw };
}

/**
 * One cycle's day, hour, support and wait minutes (a `SELECT` without `FROM` on the columns of `c`, which the
 * planner folds into the query): the formulas of the SQL function `dashboard_cycle` that the roll-ups' trigger
 * calls (migration 1764100000000), written out because a call in `FROM` runs as a function scan per cycle
 * (13 ms of the 30-day dashboard for the ~750 cycles of its partial first day). The suite `dashboard-rollups`
 * checks the two against each other.
 */
export const cycleFigures = (c: string, timeZone: string): string =>
  `SELECT (${c}.created_at AT TIME ZONE ${timeZone})::date AS day,
          date_part('hour', ${c}.created_at AT TIME ZONE ${timeZone})::int AS hour,
          CASE WHEN ${c}.started_at IS NOT NULL AND coalesce(${c}.rating_at, ${c}.finished_at) >= ${c}.started_at
               THEN floor(date_part('epoch', coalesce(${c}.rating_at, ${c}.finished_at) - ${c}.started_at) / 60)::int
               ELSE 0 END AS support,
          CASE WHEN ${c}.started_at IS NOT NULL AND ${c}.queued_at IS NOT NULL AND ${c}.started_at >= ${c}.queued_at
               THEN floor(date_part('epoch', ${c}.started_at - ${c}.queued_at) / 60)::int END AS wait`;

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
 * One statement. The additive figures of the period's whole days come from the per-day roll-ups
 * (`dashboard_daily`, migration 1764100000000: ~one row per day and attendant), the part of a day at the start
 * of a `days` period from the cycles with the same formulas (`cycleFigures`); `leads` from the cycles begun in
 * the period (the roll-ups' count) and two counts over those whose contact's previous cycle is in the period too,
 * through each cycle's links to its contact's previous cycles (migrations 1764100000001 and 1764700000000) instead
 * of a count per contact; the current pending/open counts use the tickets' (company, status) index. Averages are
 * sums over counts, rounded as `round(avg(...), 2)` did (the suite `dashboard-rollups` checks every figure against
 * the raw computation).
 * See the README for measurements.
 */
@Injectable()
export class DashboardQueries {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly projections: ProjectionsRepository,
  ) {}

  /**
   * `agentId`: an agent's own figures (their attendance cycles, their tickets open or pending now, themselves as
   * the one attendant, the leads among their cycles); null: the company's.
   */
  async figures(
    companyId: CompanyId,
    query: DashboardQuery,
    now: Date = new Date(),
    agentId: number | null = null,
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

    // The whole days of the period come from the daily roll-ups, the part of a day at either end (`days`: now
    // minus N days falls within a day) from the cycles themselves, with the same formulas.
    const parts = splitPeriod(start, end, company.timezone);
    const params: unknown[] = [companyId];
    const add = (value: unknown): string => `$${params.push(value)}`;
    const agent = agentId === null ? null : add(agentId);
    const mine = (column: string): string => (agent ? ` AND ${column} = ${agent}` : '');
    let zone: string | undefined;
    const sources: string[] = [];
    if (parts.days) {
      sources.push(
        `SELECT r.user_id, ${ROLLUP_COLUMNS.map((column) => `r.${column}`).join(', ')} FROM dashboard_daily r
          WHERE r.company_id = $1 AND r.day >= coalesce(${add(parts.days.from)}::date, '-infinity')
            AND r.day < coalesce(${add(parts.days.to)}::date, 'infinity')${mine('r.user_id')}`,
      );
    }
    for (const [from, to] of parts.raw) {
      sources.push(
        `SELECT coalesce(c.user_id, 0), f.* FROM ticket_trackings c,
                LATERAL (SELECT ${contribution('c', '1')} FROM (${cycleFigures('c', (zone ??= add(company.timezone)))}) f) f
          WHERE c.company_id = $1 AND c.created_at >= coalesce(${add(from)}::timestamptz, '-infinity')
            AND c.created_at < coalesce(${add(to)}::timestamptz, 'infinity')${mine('c.user_id')}`,
      );
    }
    const since = `${add(start ?? '-infinity')}::timestamptz`;
    const endAt = `${add(end ?? 'infinity')}::timestamptz`;
    // an agent's leads: their cycles of the period whose contact has no other cycle in it
    const leads = agent
      ? `(SELECT count(*)::int FROM ticket_trackings tt
           WHERE tt.company_id = $1 AND tt.user_id = ${agent} AND tt.created_at >= ${since} AND tt.created_at < ${endAt}
             AND NOT EXISTS (SELECT 1 FROM ticket_trackings other
                              WHERE other.company_id = $1 AND other.contact_id = tt.contact_id AND other.id <> tt.id
                                AND other.created_at >= ${since} AND other.created_at < ${endAt}))`
      : `(SELECT (n.cycles - 2 * p.p1 + p.p2)::int
              FROM (SELECT coalesce(sum(cycles), 0) AS cycles FROM per_user) n,
                   (SELECT count(*) AS p1, count(*) FILTER (WHERE tt.contact_prev2_at >= ${since}) AS p2
                      FROM ticket_trackings tt
                     WHERE tt.company_id = $1 AND tt.contact_prev_at >= ${since} AND tt.created_at < ${endAt}) p)`;
    const sums = ROLLUP_COLUMNS.map((column) => `sum(${column}) AS ${column}`).join(', ');
    const average = (total: string, n: string) => `round(sum(${total})::numeric / nullif(sum(${n}), 0), 2)`;

    const [row] = await this.transactions.run(async (db) =>
      db.query<Row[]>(
        `WITH per_user AS MATERIALIZED (
           SELECT user_id, ${sums}
             FROM (${sources.join(' UNION ALL ')}) AS parts (user_id, ${ROLLUP_COLUMNS.join(', ')})
            GROUP BY user_id
         )
         SELECT
           (SELECT json_build_object(
                     'finished', coalesce(sum(finished), 0),
                     'avgSupport', coalesce(${average('support_sum', 'support_n')}, 0),
                     'avgWait', coalesce(${average('wait_sum', 'wait_n')}, 0),
                     'hours', json_build_array(${HOURS.map((hour) => `coalesce(sum(${hour}), 0)`).join(', ')}))
              FROM per_user) AS totals,
           ${leads} AS leads,
           (SELECT coalesce(json_agg(json_build_object(
                     'id', u.id, 'name', u.name, 'online', u.online,
                     'tickets', coalesce(mine.cycles, 0),
                     'avgSupportTime', coalesce(round(mine.support_sum::numeric / nullif(mine.support_n, 0), 2), 0),
                     'rating', coalesce(round(mine.rate_sum::numeric / nullif(mine.rate_n, 0), 2), 0)) ORDER BY lower(u.name), u.id), '[]'::json)
              FROM users u
              LEFT JOIN per_user mine ON mine.user_id = u.id
             WHERE u.company_id = $1 AND NOT u.deleted${mine('u.id')}) AS attendants,
           (SELECT count(*)::int FROM tickets WHERE company_id = $1 AND status = 'open'${mine('user_id')}) AS happening,
           (SELECT count(*)::int FROM tickets WHERE company_id = $1 AND status = 'pending'${mine('user_id')}) AS pending`,
        params,
      ),
    );
    const perHour = (row?.totals.hours ?? []).map(Number);
    return {
      counters: {
        supportPending: row?.pending ?? 0,
        supportHappening: row?.happening ?? 0,
        supportFinished: Number(row?.totals.finished ?? 0),
        leads: row?.leads ?? 0,
        avgSupportTime: Number(row?.totals.avgSupport ?? 0),
        avgWaitTime: Number(row?.totals.avgWait ?? 0),
        ticketsPerHour: perHour.length === 24 ? perHour : Array.from({ length: 24 }, () => 0),
      },
      attendants: (row?.attendants ?? []).map((attendant) => ({
        ...attendant,
        avgSupportTime: Number(attendant.avgSupportTime),
        rating: Number(attendant.rating),
      })),
    };
  }

  /**
   * The super user's cards: every company of the platform, and every connection of any company connected now
   * (reference §2.9 `totalCompanies`, `totalWhatsappSessions`).
   */
  async platformTotals(): Promise<{ totalCompanies: number; totalWhatsappSessions: number }> {
    const [row] = await this.transactions.run((db) =>
      db.query<Array<{ companies: number; sessions: number }>>(
        `SELECT (SELECT count(*)::int FROM companies) AS companies,
                (SELECT count(*)::int FROM connections WHERE NOT deleted AND status = 'CONNECTED') AS sessions`,
      ),
    );
    return { totalCompanies: row?.companies ?? 0, totalWhatsappSessions: row?.sessions ?? 0 };
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
   * asked, otherwise per date (`dd/mm/YYYY`, in date order), with their total as `count`; an agent's own only.
   */
  async ticketsDay(
    companyId: CompanyId,
    query: DashboardDays,
    agentId: number | null = null,
  ): Promise<{ count: number; data: TicketsDaySlot[] }> {
    const { timezone, start, end } = await this.period(companyId, query);
    const perHour = query.initialDate === query.finalDate;
    const rows = await this.transactions.run((db) =>
      db.query<Array<{ slot: string; day: string; total: number }>>(
        `SELECT ${perHour ? `date_part('hour', tt.created_at AT TIME ZONE $2)::int::text` : `to_char(tt.created_at AT TIME ZONE $2, 'DD/MM/YYYY')`} AS slot,
                min((tt.created_at AT TIME ZONE $2)::date)::text AS day, count(*)::int AS total
           FROM ticket_trackings tt
          WHERE tt.company_id = $1 AND tt.created_at >= $3 AND tt.created_at < $4
            AND ($5::int IS NULL OR tt.user_id = $5)
          GROUP BY slot ORDER BY day, slot`,
        [companyId, timezone, start, end, agentId],
      ),
    );
    const data: TicketsDaySlot[] = perHour
      ? rows.map((row) => ({ total: row.total, horario: Number(row.slot) })).sort((a, b) => a.horario - b.horario)
      : rows.map((row) => ({ total: row.total, data: row.slot }));
    return { count: rows.reduce((sum, row) => sum + row.total, 0), data };
  }

  /**
   * Attendance cycles finished in the period per attendant (reference §2.9 `ticketsUsers`), every user of the
   * company listed (0 without any), by name; an agent sees their own row only.
   */
  async ticketsUsers(
    companyId: CompanyId,
    query: DashboardDays,
    agentId: number | null = null,
  ): Promise<{ data: TicketsUserSlot[] }> {
    const { start, end } = await this.period(companyId, query);
    const rows = await this.transactions.run((db) =>
      db.query<TicketsUserSlot[]>(
        `SELECT u.name AS nome, count(tt.id)::int AS quantidade
           FROM users u
           LEFT JOIN ticket_trackings tt
             ON tt.company_id = u.company_id AND tt.user_id = u.id
            AND tt.finished_at >= $2 AND tt.finished_at < $3
          WHERE u.company_id = $1 AND NOT u.deleted AND ($4::int IS NULL OR u.id = $4)
          GROUP BY u.id, u.name
          ORDER BY lower(u.name), u.id`,
        [companyId, start, end, agentId],
      ),
    );
    return { data: rows };
  }
}
