import { Injectable } from '@nestjs/common';
import type { CompanySnapshot } from '@cs/proto/events';
import { mapRow, type RowReader, type SqlRow, TransactionHost } from '@cs/platform/database';

/** What billing keeps of a company: its due date, recurrence and plan (name and monthly value). */
export interface BillingCompany {
  readonly id: number;
  readonly name: string;
  readonly email: string | null;
  readonly status: boolean;
  readonly dueDate: string | null;
  readonly recurrence: string | null;
  readonly timezone: string;
  readonly planName: string | null;
  readonly planValue: string | null;
}

/** A row of billing's `companies` (`due_date` and `plan_value` selected as text). */
export const readBillingCompany = (r: RowReader): BillingCompany => ({
  id: r.int('id'),
  name: r.string('name'),
  email: r.nullable('email', r.string),
  status: r.boolean('status'),
  dueDate: r.nullable('due_date', r.string),
  recurrence: r.nullable('recurrence', r.string),
  timezone: r.string('timezone'),
  planName: r.nullable('plan_name', r.string),
  planValue: r.nullable('plan_value', r.string),
});

/**
 * The projection of identity's companies (with their plan). Events of one company arrive in order on its key;
 * `event_at` still keeps an older redelivery from overwriting a newer state.
 */
@Injectable()
export class CompaniesProjection {
  constructor(private readonly transactions: TransactionHost) {}

  async upsert(company: CompanySnapshot, occurredAt: string): Promise<void> {
    await this.transactions.manager.query(
      `INSERT INTO companies (id, name, email, status, due_date, recurrence, timezone, plan_id, plan_name, plan_value,
                              event_at, deleted)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, false)
       ON CONFLICT (id) DO UPDATE SET
         name = EXCLUDED.name, email = EXCLUDED.email, status = EXCLUDED.status, due_date = EXCLUDED.due_date,
         recurrence = EXCLUDED.recurrence, timezone = EXCLUDED.timezone, plan_id = EXCLUDED.plan_id,
         plan_name = EXCLUDED.plan_name, plan_value = EXCLUDED.plan_value, event_at = EXCLUDED.event_at
       WHERE companies.event_at <= EXCLUDED.event_at AND NOT companies.deleted`,
      [
        company.id,
        company.name,
        company.email,
        company.status,
        company.dueDate,
        company.recurrence,
        company.timezone,
        company.plan?.id ?? null,
        company.plan?.name ?? null,
        company.plan ? company.plan.value.toFixed(2) : null,
        occurredAt,
      ],
    );
  }

  async markDeleted(id: number, occurredAt: string): Promise<void> {
    await this.transactions.manager.query(
      `INSERT INTO companies (id, name, status, timezone, event_at, deleted) VALUES ($1, '', false, 'UTC', $2, true)
       ON CONFLICT (id) DO UPDATE SET deleted = true, event_at = GREATEST(companies.event_at, EXCLUDED.event_at)`,
      [id, occurredAt],
    );
  }

  async find(id: number): Promise<BillingCompany | null> {
    const [row] = await this.transactions.manager.query<SqlRow[]>(
      `SELECT id, name, email, status, due_date::text AS due_date, recurrence, timezone, plan_name,
              plan_value::text AS plan_value
         FROM companies WHERE id = $1 AND NOT deleted`,
      [id],
    );
    return row ? mapRow(row, readBillingCompany) : null;
  }
}
