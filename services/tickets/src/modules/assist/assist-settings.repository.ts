import { Injectable } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import { TransactionHost } from '@cs/platform/database';

export interface AssistSettingsRow {
  readonly baseUrl: string;
  readonly apiKeyEnc: string;
  readonly model: string;
}

/** The company's AI endpoint for agents (`ai_assist_settings`, one row per company, the key sealed). */
@Injectable()
export class AssistSettingsRepository {
  constructor(private readonly transactions: TransactionHost) {}

  async find(companyId: CompanyId): Promise<AssistSettingsRow | null> {
    const [row] = await this.transactions.manager.query<
      Array<{ base_url: string; api_key_enc: string; model: string }>
    >('SELECT base_url, api_key_enc, model FROM ai_assist_settings WHERE company_id = $1', [companyId]);
    return row ? { baseUrl: row.base_url, apiKeyEnc: row.api_key_enc, model: row.model } : null;
  }

  async save(companyId: CompanyId, settings: AssistSettingsRow): Promise<void> {
    await this.transactions.manager.query(
      `INSERT INTO ai_assist_settings (company_id, base_url, api_key_enc, model) VALUES ($1, $2, $3, $4)
       ON CONFLICT (company_id) DO UPDATE
         SET base_url = EXCLUDED.base_url, api_key_enc = EXCLUDED.api_key_enc, model = EXCLUDED.model, updated_at = now()`,
      [companyId, settings.baseUrl, settings.apiKeyEnc, settings.model],
    );
  }

  async remove(companyId: CompanyId): Promise<void> {
    await this.transactions.manager.query('DELETE FROM ai_assist_settings WHERE company_id = $1', [companyId]);
  }
}
