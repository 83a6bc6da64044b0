import { Injectable } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import type { PlanFlag } from '@cs/proto/events';
import { TransactionHost } from '@cs/platform/database';
import { DomainError } from '@cs/platform/errors';

/**
 * The plan flags of a company as identity last published them (the `companies` projection). The gateway gates
 * the routes already; the service checks again because its work also starts from events (inbound messages, the
 * external API reached without a user).
 */
@Injectable()
export class PlanGate {
  constructor(private readonly transactions: TransactionHost) {}

  async allows(companyId: CompanyId, flag: PlanFlag): Promise<boolean> {
    const [row] = await this.transactions.manager.query<Array<{ plan: Record<string, unknown> | null }>>(
      'SELECT plan FROM companies WHERE id = $1',
      [companyId],
    );
    return row?.plan?.[flag] === true;
  }

  async require(companyId: CompanyId, flag: PlanFlag): Promise<void> {
    if (!(await this.allows(companyId, flag))) throw new DomainError('ERR_NO_PERMISSION');
  }
}
