import { Injectable } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import type {
  Report,
  ReportFigure,
  ReportGroup,
  ReportQuery,
  ReportRow,
  ReportTicket,
  ReportTicketsQuery,
} from '@cs/proto/http';
import { TransactionHost } from '@cs/platform/database';
import { DomainError } from '@cs/platform/errors';
import {
  bucketColumns,
  durationColumns,
  REPORT_BUCKET_BOUNDS,
  REPORT_DURATIONS,
} from '../../database/migrations/1766510000000-report-rollups.js';
import {
  BUSINESS_DURATIONS,
  DAILY_REPORT_COLUMNS,
  TAG_REPORT_COLUMNS,
} from '../../database/migrations/1766710000000-report-business-hours.js';
import {
  REPORT_KEY_DIMENSIONS,
  type ReportKeyDimension,
} from '../../database/migrations/1766820000000-report-key-rollups.js';
import { durationFigure } from './report-stats.js';

/** Drill-down page size. */
export const REPORT_TICKETS_PAGE = 50;
/** Cycles read per statement by the CSV export of the tickets behind a figure. */
const EXPORT_BATCH = 1_000;

const PERIOD_SQL = {
  total: 'NULL::date',
  day: 'day',
  week: "date_trunc('week', day)::date",
  month: "date_trunc('month', day)::date",
} as const;
const KEY_SQL: Record<Exclude<ReportGroup, 'tag'>, string> = { none: 'NULL::int', ...REPORT_KEY_DIMENSIONS };
/** The names of a group's keys (company-scoped); key 0 is "none". */
const NAMES_SQL: Record<Exclude<ReportGroup, 'none'>, string> = {
  agent: 'SELECT id, name FROM users WHERE company_id = $1',
  queue: 'SELECT id, name FROM queues WHERE company_id = $1',
  tag: 'SELECT id, name FROM tags WHERE company_id = $1',
  connection: 'SELECT id, name FROM connections WHERE company_id = $1',
};
const NONE_NAME: Record<ReportGroup, string> = {
  none: 'Todos',
  agent: 'Sem atendente',
  queue: 'Sem fila',
  tag: 'Sem etiqueta',
  connection: 'Sem conexão',
};

type Sums = Record<string, string | number>;

/** The columns of the durations a report does not read: the wall-clock ones in business hours, else the business ones. */
const UNREAD_DURATIONS = {
  business: new Set(REPORT_DURATIONS.flatMap(durationColumns)),
  wall: new Set(BUSINESS_DURATIONS.flatMap(durationColumns)),
};

const num = (value: string | number | undefined | null): number => Number(value ?? 0);

/** A report row; its durations from the business-hours histograms when `businessHours`. */
function rowOf(sums: Sums, group: ReportGroup, name: string, businessHours: boolean): ReportRow {
  const duration = (wall: (typeof REPORT_DURATIONS)[number]) => {
    const d = businessHours ? `${wall}_bh` : wall;
    return durationFigure(
      num(sums[`${d}_n`]),
      num(sums[`${d}_sum`]),
      bucketColumns(d).map((column) => num(sums[column])),
    );
  };
  const asked = num(sums.rating_asked);
  const answered = num(sums.rate1) + num(sums.rate2) + num(sums.rate3);
  const byTag = group === 'tag';
  return {
    period: sums.period === null || sums.period === undefined ? null : String(sums.period),
    key: sums.key === null || sums.key === undefined ? null : num(sums.key),
    name,
    opened: num(sums.opened),
    reopened: num(sums.reopened),
    closed: num(sums.closed),
    firstResponse: duration('frt'),
    resolution: duration('res'),
    wait: duration('wait'),
    received: byTag ? null : num(sums.received),
    sent: byTag ? null : num(sums.sent),
    ratings: {
      asked,
      rate1: num(sums.rate1),
      rate2: num(sums.rate2),
      rate3: num(sums.rate3),
      responseRate: asked > 0 ? Math.round((answered / asked) * 1000) / 1000 : null,
    },
    onlineSeconds: group === 'none' || group === 'agent' ? num(sums.online_seconds) : null,
    breaches: { firstResponse: num(sums.frt_breached), resolution: num(sums.res_breached) },
  };
}

/** Whether cycle `t` missed its targets, in business seconds when they count business hours only (as the roll-ups). */
const FRT_BREACHED = `CASE WHEN t.sla_business_hours THEN t.frt_bh_s > t.sla_first_response_s
                           ELSE t.first_response_at - t.created_at > make_interval(secs => t.sla_first_response_s) END`;
const RES_BREACHED = `CASE WHEN t.sla_business_hours THEN t.res_bh_s > t.sla_resolution_s
                           ELSE t.finished_at - t.created_at > make_interval(secs => t.sla_resolution_s) END`;

/** The condition (on cycle `t`, company time zone `tz`) of the cycles behind a figure in [$from, $to]. */
function figureCondition(figure: ReportFigure): string {
  const begun = `t.created_at >= (f.from_day::timestamp AT TIME ZONE f.tz)
                 AND t.created_at < ((f.to_day + 1)::timestamp AT TIME ZONE f.tz)`;
  const finished = `t.finished_at >= (f.from_day::timestamp AT TIME ZONE f.tz)
                    AND t.finished_at < ((f.to_day + 1)::timestamp AT TIME ZONE f.tz)`;
  switch (figure) {
    case 'opened':
      return begun;
    case 'reopened':
      return `${begun} AND t.reopen`;
    case 'closed':
      return finished;
    case 'rated':
      return `${finished} AND t.rate IS NOT NULL`;
    case 'frtBreached':
      return `${begun} AND ${FRT_BREACHED}`;
    case 'resBreached':
      return `${finished} AND ${RES_BREACHED}`;
  }
}

interface TicketRow {
  readonly cycle_id: number;
  readonly ticket_id: number;
  readonly contact_name: string | null;
  readonly contact_number: string | null;
  readonly agent: string | null;
  readonly queue: string | null;
  readonly connection: string | null;
  readonly opened_at: string;
  readonly closed_at: string | null;
  readonly frt: string | null;
  readonly res: string | null;
  readonly wait: string | null;
  readonly rate: number | null;
  readonly frt_breached: boolean;
  readonly res_breached: boolean;
}

const ticketOf = (row: TicketRow): ReportTicket => ({
  ticketId: row.ticket_id,
  cycleId: Number(row.cycle_id),
  contactName: row.contact_name ?? '',
  contactNumber: row.contact_number ?? '',
  agent: row.agent,
  queue: row.queue,
  connection: row.connection,
  openedAt: row.opened_at,
  closedAt: row.closed_at,
  firstResponseSeconds: row.frt === null ? null : Number(row.frt),
  resolutionSeconds: row.res === null ? null : Number(row.res),
  waitSeconds: row.wait === null ? null : Number(row.wait),
  rate: row.rate,
  frtBreached: row.frt_breached,
  resBreached: row.res_breached,
});

/**
 * Reads of the reports: the figures come from the roll-ups (`report_daily`, `report_tag_daily`: rows per day
 * and key, never the messages), the tickets behind a figure from the attendance cycles by the indexes on their
 * begin and finish times. Every statement is scoped by company.
 */
@Injectable()
export class ReportsQueries {
  constructor(private readonly transactions: TransactionHost) {}

  private get db() {
    return this.transactions.manager;
  }

  async timezone(companyId: CompanyId): Promise<string> {
    const [row] = await this.db.query<Array<{ timezone: string }>>('SELECT timezone FROM companies WHERE id = $1', [
      companyId,
    ]);
    return row?.timezone ?? 'America/Sao_Paulo';
  }

  /**
   * The figures of the period, one row per (period, key), in period then name order. By tag they sum
   * `report_tag_daily`; otherwise the roll-up per single key (`report_key_daily`, the agent's for no grouping) and the
   * deltas of `report_daily` the compaction has not folded yet, read in one snapshot.
   */
  async report(companyId: CompanyId, query: ReportQuery): Promise<Report> {
    const byTag = query.groupBy === 'tag';
    // only the durations the report shows are summed: the roll-ups keep both, each about a third of their columns
    const unread = UNREAD_DURATIONS[query.businessHours ? 'business' : 'wall'];
    const columns = (byTag ? TAG_REPORT_COLUMNS : DAILY_REPORT_COLUMNS).filter((column) => !unread.has(column));
    const list = columns.join(', ');
    const period = 'company_id = $1 AND day >= $2::date AND day <= $3::date';
    let source: string;
    if (byTag) {
      source = `SELECT day, tag_id AS key, ${list} FROM report_tag_daily WHERE ${period}`;
    } else {
      const group = query.groupBy as Exclude<ReportGroup, 'tag'>;
      const dimension: ReportKeyDimension = group === 'none' ? 'agent' : group;
      source = `SELECT day, ${group === 'none' ? 'NULL::int' : 'key'} AS key, ${list}
                  FROM report_key_daily WHERE ${period} AND dimension = '${dimension}'
                UNION ALL
                SELECT day, ${KEY_SQL[group]} AS key, ${list} FROM report_daily WHERE ${period} AND NOT compacted`;
    }
    const rows = await this.db.query<Sums[]>(
      `SELECT ${PERIOD_SQL[query.period]}::text AS period, key,
              ${columns.map((column) => `sum(${column})::bigint AS ${column}`).join(', ')}
         FROM (${source}) r
        GROUP BY 1, 2
       HAVING ${columns.map((column) => `sum(${column}) <> 0`).join(' OR ')}`,
      [companyId, query.from, query.to],
    );
    const names = await this.names(companyId, query.groupBy);
    const report = rows.map((sums) =>
      rowOf(
        sums,
        query.groupBy,
        query.groupBy === 'none' ? NONE_NAME.none : this.nameOf(names, query.groupBy, sums.key),
        query.businessHours,
      ),
    );
    report.sort(
      (a, b) =>
        (a.period ?? '').localeCompare(b.period ?? '') || a.name.localeCompare(b.name) || num(a.key) - num(b.key),
    );
    return {
      from: query.from,
      to: query.to,
      groupBy: query.groupBy,
      period: query.period,
      businessHours: query.businessHours,
      timezone: await this.timezone(companyId),
      buckets: [...REPORT_BUCKET_BOUNDS],
      rows: report,
    };
  }

  private async names(companyId: CompanyId, group: ReportGroup): Promise<Map<number, string>> {
    if (group === 'none') return new Map();
    const rows = await this.db.query<Array<{ id: number; name: string }>>(NAMES_SQL[group], [companyId]);
    return new Map(rows.map((row) => [row.id, row.name]));
  }

  private nameOf(names: Map<number, string>, group: ReportGroup, key: unknown): string {
    const id = num(key as number);
    if (id === 0) return NONE_NAME[group];
    return names.get(id) ?? `#${id}`;
  }

  /** A group key of the drill-down must be one of the company's agents, queues, tags or connections (0: none). */
  async assertKey(companyId: CompanyId, group: ReportGroup, key: number | undefined): Promise<void> {
    if (group === 'none' || !key) return;
    const [row] = await this.db.query<unknown[]>(`SELECT 1 FROM (${NAMES_SQL[group]}) k WHERE k.id = $2`, [
      companyId,
      key,
    ]);
    if (!row) throw new DomainError('ERR_NOT_FOUND');
  }

  /**
   * The cycles behind a figure ($1 company, $2 and $3 the days, $4 the group's key, $5 how many, $6 the offset or the
   * last id read, $7 the time zone). The period's bounds are expressions of the parameters, so the planner sees how
   * many cycles they hold and reads a batch in id order instead of sorting every cycle of the period for each one.
   */
  private ticketsStatement(query: ReportTicketsQuery, afterId: boolean): string {
    let group: string;
    if (query.groupBy === 'tag') {
      group = query.key
        ? 'AND EXISTS (SELECT 1 FROM ticket_tags tt WHERE tt.company_id = t.company_id AND tt.ticket_id = t.ticket_id AND tt.tag_id = $4)'
        : 'AND NOT EXISTS (SELECT 1 FROM ticket_tags tt WHERE tt.company_id = t.company_id AND tt.ticket_id = t.ticket_id) AND $4::int = 0';
    } else if (query.groupBy !== 'none') {
      const column = REPORT_KEY_DIMENSIONS[query.groupBy];
      group = query.key ? `AND t.${column} = $4` : `AND t.${column} IS NULL AND $4::int = 0`;
    } else {
      group = 'AND $4::int IS NULL';
    }
    const local = (column: string) => `to_char(${column} AT TIME ZONE f.tz, 'YYYY-MM-DD HH24:MI:SS')`;
    const wall = (from: string, to: string) => `floor(date_part('epoch', ${to} - ${from}))::bigint`;
    const business = query.businessHours;
    return `
      SELECT t.id AS cycle_id, t.ticket_id, c.name AS contact_name, c.number AS contact_number,
             u.name AS agent, q.name AS queue, w.name AS connection,
             ${local('t.created_at')} AS opened_at, ${local('t.finished_at')} AS closed_at,
             ${business ? 't.frt_bh_s' : wall('t.created_at', 't.first_response_at')} AS frt,
             ${business ? 't.res_bh_s' : wall('t.created_at', 't.finished_at')} AS res,
             ${business ? 't.wait_bh_s' : `CASE WHEN t.started_at >= t.queued_at THEN ${wall('t.queued_at', 't.started_at')} END`}
               AS wait, t.rate,
             coalesce(${FRT_BREACHED}, false) AS frt_breached, coalesce(${RES_BREACHED}, false) AS res_breached
        FROM (SELECT $2::date AS from_day, $3::date AS to_day, $7::text AS tz) f
        JOIN ticket_trackings t ON t.company_id = $1
        LEFT JOIN contacts c ON c.company_id = t.company_id AND c.id = t.contact_id
        LEFT JOIN users u ON u.company_id = t.company_id AND u.id = t.user_id
        LEFT JOIN queues q ON q.company_id = t.company_id AND q.id = t.queue_id
        LEFT JOIN connections w ON w.company_id = t.company_id AND w.id = t.whatsapp_id
       WHERE ${figureCondition(query.figure)} ${group} ${afterId ? 'AND t.id > $6' : ''}
       ORDER BY t.id
       LIMIT $5 ${afterId ? '' : 'OFFSET $6'}`;
  }

  /** A page of the cycles behind a figure, oldest first. */
  async tickets(
    companyId: CompanyId,
    query: ReportTicketsQuery,
  ): Promise<{ tickets: ReportTicket[]; hasMore: boolean }> {
    await this.assertKey(companyId, query.groupBy, query.key);
    const rows = await this.db.query<TicketRow[]>(this.ticketsStatement(query, false), [
      companyId,
      query.from,
      query.to,
      query.groupBy === 'none' ? null : query.key,
      REPORT_TICKETS_PAGE + 1,
      (query.pageNumber - 1) * REPORT_TICKETS_PAGE,
      await this.timezone(companyId),
    ]);
    return { tickets: rows.slice(0, REPORT_TICKETS_PAGE).map(ticketOf), hasMore: rows.length > REPORT_TICKETS_PAGE };
  }

  /** Every cycle behind a figure, in batches (keyset on the cycle id), for the CSV export. */
  async *ticketBatches(companyId: CompanyId, query: ReportTicketsQuery): AsyncGenerator<ReportTicket[]> {
    await this.assertKey(companyId, query.groupBy, query.key);
    const statement = this.ticketsStatement(query, true);
    const timezone = await this.timezone(companyId);
    let after = 0;
    for (;;) {
      const rows = await this.db.query<TicketRow[]>(statement, [
        companyId,
        query.from,
        query.to,
        query.groupBy === 'none' ? null : query.key,
        EXPORT_BATCH,
        after,
        timezone,
      ]);
      if (rows.length === 0) return;
      yield rows.map(ticketOf);
      after = Number(rows[rows.length - 1]?.cycle_id);
      if (rows.length < EXPORT_BATCH) return;
    }
  }
}
