import { Injectable } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import type { ServiceLevelState, TicketServiceLevel } from '@cs/proto/events';
import type { ServiceLevel, ServiceLevelBody } from '@cs/proto/http';
import { TransactionHost } from '@cs/platform/database';

/** The share of a target after which an open ticket is "near" it. */
export const NEAR_SHARE = 0.8;

interface AlertRow {
  readonly company_id: number;
  readonly ticket_id: number;
  readonly state: ServiceLevelState;
  readonly first_response: ServiceLevelState | null;
  readonly resolution: ServiceLevelState | null;
  readonly first_response_due_at: Date | null;
  readonly resolution_due_at: Date | null;
  readonly status: string;
  readonly queue_id: number | null;
  readonly user_id: number | null;
}

const levelOf = (row: AlertRow): TicketServiceLevel => ({
  ticketId: row.ticket_id,
  state: row.state,
  firstResponse: row.first_response,
  resolution: row.resolution,
  firstResponseDueAt: row.first_response_due_at?.toISOString() ?? null,
  resolutionDueAt: row.resolution_due_at?.toISOString() ?? null,
  status: row.status,
  queueId: row.queue_id,
  userId: row.user_id,
});

/** State of one target: `due` the instant it is due, `near` the instant it becomes near (SQL expressions). */
const targetState = (target: string, met: string, due: string, near: string) => `
  CASE WHEN ${target} IS NULL THEN NULL
       WHEN ${met} THEN 'ok'
       WHEN now() >= ${due} THEN 'breached'
       WHEN now() >= ${near} THEN 'near'
       ELSE 'ok' END`;

/**
 * The instant cycle `c` has used `seconds` of a target: counted in its queue's business hours when its targets
 * say so (never, null, when they open for less than that), else on the clock (SQL expression).
 */
const dueAt = (c: string, seconds: string) => `
  CASE WHEN ${c}.sla_business_hours THEN cycle_business_due(${c}.company_id, ${c}.queue_id, ${c}.created_at, ${seconds})
       ELSE ${c}.created_at + make_interval(secs => ${seconds}) END`;

/**
 * Service levels: the queues' targets, the open cycles' standing against them (`service_level_alerts`), every
 * statement company-scoped except the sweep, which walks every company's open cycles with targets.
 */
@Injectable()
export class ServiceLevelsRepository {
  constructor(private readonly transactions: TransactionHost) {}

  private get db() {
    return this.transactions.manager;
  }

  async list(companyId: CompanyId): Promise<ServiceLevel[]> {
    return this.db.query<ServiceLevel[]>(
      `SELECT id AS "queueId", name, sla_first_response_minutes AS "firstResponseMinutes",
              sla_resolution_hours AS "resolutionHours", sla_business_hours AS "businessHours"
         FROM queues WHERE company_id = $1 ORDER BY order_queue, name`,
      [companyId],
    );
  }

  /** Sets a queue's targets and applies them to its open cycles; null when the company has no such queue. */
  async set(companyId: CompanyId, queueId: number, body: ServiceLevelBody): Promise<ServiceLevel | null> {
    const [row] = await this.db.query<ServiceLevel[]>(
      `WITH changed AS (
         UPDATE queues SET sla_first_response_minutes = $3, sla_resolution_hours = $4, sla_business_hours = $5,
                           updated_at = now()
          WHERE company_id = $1 AND id = $2
         RETURNING id AS "queueId", name, sla_first_response_minutes AS "firstResponseMinutes",
                   sla_resolution_hours AS "resolutionHours", sla_business_hours AS "businessHours"
       )
       SELECT * FROM changed`,
      [companyId, queueId, body.firstResponseMinutes, body.resolutionHours, body.businessHours],
    );
    if (!row) return null;
    await this.db.query(
      `UPDATE ticket_trackings SET sla_first_response_s = $3::int * 60, sla_resolution_s = $4::int * 3600,
                                   sla_business_hours = $5
        WHERE company_id = $1 AND queue_id = $2 AND finished_at IS NULL`,
      [companyId, queueId, body.firstResponseMinutes, body.resolutionHours, body.businessHours],
    );
    return row;
  }

  /**
   * Brings `service_level_alerts` up to now for every open cycle with targets and answers the changes: cycles
   * that became near or breached (or moved between the two), and those back within their targets or ended
   * (`ok`, their row removed). A first response already given counts as met; targets in business hours only are
   * due once that many business seconds have passed.
   */
  async sweep(): Promise<Array<{ companyId: number; level: TicketServiceLevel }>> {
    const rows = await this.db.query<Array<AlertRow & { changed: boolean }>>(
      `WITH current AS (
         SELECT s.*, CASE WHEN 'breached' IN (s.first_response, s.resolution) THEN 'breached'
                          WHEN 'near' IN (s.first_response, s.resolution) THEN 'near' ELSE 'ok' END AS state
           FROM (SELECT t.tracking_id, t.company_id, t.ticket_id,
                        ${targetState('t.sla_first_response_s', 't.first_response_at IS NOT NULL', 't.fr_due', 't.fr_near')}
                          AS first_response,
                        ${targetState('t.sla_resolution_s', 'false', 't.res_due', 't.res_near')} AS resolution,
                        CASE WHEN t.first_response_at IS NULL THEN t.fr_due END AS first_response_due_at,
                        t.res_due AS resolution_due_at
                   FROM (SELECT t.id AS tracking_id, t.company_id, t.ticket_id, t.first_response_at,
                                t.sla_first_response_s, t.sla_resolution_s,
                                ${dueAt('t', 't.sla_first_response_s')} AS fr_due,
                                ${dueAt('t', `t.sla_first_response_s * ${NEAR_SHARE}`)} AS fr_near,
                                ${dueAt('t', 't.sla_resolution_s')} AS res_due,
                                ${dueAt('t', `t.sla_resolution_s * ${NEAR_SHARE}`)} AS res_near
                           FROM ticket_trackings t
                          WHERE t.finished_at IS NULL
                            AND (t.sla_first_response_s IS NOT NULL OR t.sla_resolution_s IS NOT NULL)) t) s
       ), risky AS (
         SELECT * FROM current WHERE state <> 'ok'
       ), upserted AS (
         INSERT INTO service_level_alerts AS a (tracking_id, company_id, ticket_id, state, first_response, resolution,
                                                first_response_due_at, resolution_due_at)
         SELECT tracking_id, company_id, ticket_id, state, first_response, resolution, first_response_due_at,
                resolution_due_at FROM risky
         ON CONFLICT (tracking_id) DO UPDATE
           SET state = EXCLUDED.state, first_response = EXCLUDED.first_response, resolution = EXCLUDED.resolution,
               first_response_due_at = EXCLUDED.first_response_due_at, resolution_due_at = EXCLUDED.resolution_due_at,
               updated_at = now()
           WHERE (a.state, a.first_response, a.resolution) IS DISTINCT FROM
                 (EXCLUDED.state, EXCLUDED.first_response, EXCLUDED.resolution)
         RETURNING a.*
       ), cleared AS (
         DELETE FROM service_level_alerts a
          WHERE NOT EXISTS (SELECT 1 FROM risky r WHERE r.tracking_id = a.tracking_id)
         RETURNING a.tracking_id, a.company_id, a.ticket_id, 'ok'::varchar AS state, NULL::varchar AS first_response,
                   NULL::varchar AS resolution, NULL::timestamptz AS first_response_due_at,
                   NULL::timestamptz AS resolution_due_at
       ), changes AS (
         SELECT tracking_id, company_id, ticket_id, state, first_response, resolution, first_response_due_at,
                resolution_due_at FROM upserted
         UNION ALL
         SELECT * FROM cleared
       )
       SELECT ch.*, k.status, k.queue_id, k.user_id
         FROM changes ch JOIN tickets k ON k.company_id = ch.company_id AND k.id = ch.ticket_id`,
    );
    return rows.map((row) => ({ companyId: row.company_id, level: levelOf(row) }));
  }

  /** The company's open tickets near or past a target. */
  async atRisk(companyId: CompanyId): Promise<TicketServiceLevel[]> {
    const rows = await this.db.query<AlertRow[]>(
      `SELECT a.*, k.status, k.queue_id, k.user_id
         FROM service_level_alerts a JOIN tickets k ON k.company_id = a.company_id AND k.id = a.ticket_id
        WHERE a.company_id = $1 ORDER BY a.state = 'breached' DESC,
              least(a.first_response_due_at, a.resolution_due_at)`,
      [companyId],
    );
    return rows.map(levelOf);
  }
}
