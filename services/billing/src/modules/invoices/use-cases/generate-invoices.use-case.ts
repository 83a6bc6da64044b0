import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { PLATFORM_COMPANY_ID } from '@cs/proto/common';
import { APP_CONFIG } from '@cs/platform/config';
import { mapRows, type SqlRow, TransactionHost } from '@cs/platform/database';
import { LOGGER } from '@cs/platform/logging';

/**
 * One open invoice per company per due date, created once the due date is within the lead time (20 days), or
 * at once when it is already closer or past; amount and detail from the company's plan. The unique
 * (company_id, due_date) constraint makes every run idempotent, however many pods run it at the same time.
 * Companies without a plan or on a free plan (value 0) get no invoice; neither does the platform company.
 */
const GENERATE_SQL = `
  INSERT INTO invoices (company_id, detail, value, due_date, status)
  SELECT c.id, c.plan_name, c.plan_value, c.due_date, 'open'
    FROM companies c
   WHERE NOT c.deleted
     AND c.id <> $1
     AND c.due_date IS NOT NULL
     AND c.plan_name IS NOT NULL
     AND c.plan_value > 0
     AND c.due_date < (now() AT TIME ZONE c.timezone)::date + $2::int
     AND ($3::int IS NULL OR c.id = $3::int)
  ON CONFLICT (company_id, due_date) DO NOTHING
  RETURNING id, company_id`;

@Injectable()
export class GenerateInvoicesUseCase {
  constructor(
    private readonly transactions: TransactionHost,
    @Inject(APP_CONFIG) private readonly config: { BILLING_INVOICE_LEAD_DAYS: number },
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Every company whose invoice is due to exist (the scheduled job). Returns the ids of the new invoices. */
  async forAll(): Promise<number[]> {
    return this.generate(null);
  }

  /** One company (its projection just changed). */
  async forCompany(companyId: number): Promise<number[]> {
    return this.generate(companyId);
  }

  private async generate(companyId: number | null): Promise<number[]> {
    const rows = await this.transactions.manager.query<SqlRow[]>(GENERATE_SQL, [
      PLATFORM_COMPANY_ID,
      this.config.BILLING_INVOICE_LEAD_DAYS,
      companyId,
    ]);
    if (rows.length > 0) this.logger.info({ invoices: rows.length }, 'invoices created');
    return mapRows(rows, (r) => r.int('id'));
  }
}
