import { Injectable } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import { TransactionHost } from '@cs/platform/database';

/** The reads the campaign history needs that no other repository has (company-scoped). */
@Injectable()
export class CampaignHistoryRepository {
  constructor(private readonly transactions: TransactionHost) {}

  /** The contact of a number (any of its spellings) in the contacts projection, or null while contacts has none. */
  async contactByNumbers(companyId: CompanyId, numbers: readonly string[]): Promise<number | null> {
    const [row] = await this.transactions.manager.query<Array<{ id: number }>>(
      `SELECT id FROM contacts WHERE company_id = $1 AND number = ANY($2::text[]) AND NOT deleted AND NOT is_group
        ORDER BY id LIMIT 1`,
      [companyId, [...numbers]],
    );
    return row?.id ?? null;
  }
}
