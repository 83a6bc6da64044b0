import { Injectable } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import { mapRows, type SqlRow, TransactionHost } from '@cs/platform/database';

/** Local projections of identity's companies (plan limit, settings) and tickets' queues (names, colours). */
@Injectable()
export class ProjectionsRepository {
  constructor(private readonly transactions: TransactionHost) {}

  async upsertCompany(id: number, planConnections: number | null, settings: Record<string, string>): Promise<void> {
    await this.transactions.manager.query(
      `INSERT INTO companies (id, plan_connections, settings) VALUES ($1, $2, $3)
       ON CONFLICT (id) DO UPDATE SET plan_connections = EXCLUDED.plan_connections,
         settings = companies.settings || EXCLUDED.settings, updated_at = now()`,
      [id, planConnections, JSON.stringify(settings)],
    );
  }

  async deleteCompany(id: number): Promise<void> {
    await this.transactions.manager.query('DELETE FROM companies WHERE id = $1', [id]);
  }

  async updateSetting(companyId: number, key: string, value: string): Promise<void> {
    await this.transactions.manager.query(
      `INSERT INTO companies (id, settings) VALUES ($1, jsonb_build_object($2::text, $3::text))
       ON CONFLICT (id) DO UPDATE SET settings = companies.settings || jsonb_build_object($2::text, $3::text),
         updated_at = now()`,
      [companyId, key, value],
    );
  }

  /** Plans changed: every company on a plan of that id gets the new connection limit. */
  async applyPlanLimit(planId: number, connections: number): Promise<void> {
    await this.transactions.manager.query(
      `UPDATE companies SET plan_connections = $2, updated_at = now() WHERE (settings->>'__planId')::int = $1`,
      [planId, connections],
    );
  }

  async planLimit(companyId: CompanyId): Promise<number | null> {
    const rows = await this.transactions.manager.query<SqlRow[]>(
      'SELECT plan_connections FROM companies WHERE id = $1',
      [companyId],
    );
    return mapRows(rows, (r) => r.nullable('plan_connections', r.int))[0] ?? null;
  }

  /**
   * Whether group chats are delivered. The setting's naming is inverted (reference whaticket-backend.md):
   * `CheckMsgIsGroup = enabled` means "ignore group messages"; missing or `disabled` lets them through.
   */
  async groupsAllowed(companyId: number): Promise<boolean> {
    const rows = await this.transactions.manager.query<SqlRow[]>(
      `SELECT settings->>'CheckMsgIsGroup' AS value FROM companies WHERE id = $1`,
      [companyId],
    );
    return mapRows(rows, (r) => r.nullable('value', r.string))[0] !== 'enabled';
  }

  async upsertQueue(queue: { id: number; companyId: number; name: string; color: string }): Promise<void> {
    await this.transactions.manager.query(
      `INSERT INTO queues (id, company_id, name, color) VALUES ($1, $2, $3, $4)
       ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, color = EXCLUDED.color`,
      [queue.id, queue.companyId, queue.name, queue.color],
    );
  }

  async deleteQueue(companyId: number, id: number): Promise<void> {
    await this.transactions.manager.query('DELETE FROM queues WHERE company_id = $1 AND id = $2', [companyId, id]);
    await this.transactions.manager.query(
      `UPDATE connections SET queue_ids = array_remove(queue_ids, $2), updated_at = now()
        WHERE company_id = $1 AND $2 = ANY(queue_ids)`,
      [companyId, id],
    );
  }

  async queues(companyId: CompanyId): Promise<Map<number, { name: string; color: string }>> {
    const rows = await this.transactions.manager.query<SqlRow[]>(
      'SELECT id, name, color FROM queues WHERE company_id = $1',
      [companyId],
    );
    return new Map(mapRows(rows, (r) => [r.int('id'), { name: r.string('name'), color: r.string('color') }] as const));
  }
}
