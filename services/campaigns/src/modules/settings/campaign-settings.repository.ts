import { Injectable } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import { mapRows, type SqlRow, TransactionHost } from '@cs/platform/database';
import {
  type CampaignSettingWireEntry,
  type CampaignSettings,
  DEFAULT_CAMPAIGN_SETTINGS,
  type SaveCampaignSettings,
} from '@cs/proto/http';

@Injectable()
export class CampaignSettingsRepository {
  constructor(private readonly transactions: TransactionHost) {}

  /** The company's settings with the spec's defaults for what was never saved. */
  async get(companyId: CompanyId): Promise<CampaignSettings> {
    const rows = await this.transactions.manager.query<SqlRow[]>(
      'SELECT key, value FROM campaign_settings WHERE company_id = $1',
      [companyId],
    );
    // each value is the JSON `save` wrote for its key (the request's schema checked it)
    const stored = Object.fromEntries(mapRows(rows, (r) => [r.string('key'), r.json<unknown>('value')] as const));
    return { ...DEFAULT_CAMPAIGN_SETTINGS, ...stored };
  }

  /** The settings as key/value entries, each value as JSON text (the spec's `GET /campaign-settings`). */
  async entries(companyId: CompanyId): Promise<CampaignSettingWireEntry[]> {
    const settings = await this.get(companyId);
    const keys = ['messageInterval', 'longerIntervalAfter', 'greaterInterval', 'variables'] as const;
    return keys.map((key) => ({ key, value: JSON.stringify(settings[key]) }));
  }

  async save(companyId: CompanyId, input: SaveCampaignSettings['settings']): Promise<void> {
    await this.transactions.run(async (manager) => {
      for (const [key, value] of Object.entries(input)) {
        if (value === undefined) continue;
        await manager.query(
          `INSERT INTO campaign_settings (company_id, key, value) VALUES ($1, $2, $3::jsonb)
           ON CONFLICT (company_id, key) DO UPDATE SET value = EXCLUDED.value`,
          [companyId, key, JSON.stringify(value)],
        );
      }
    });
  }
}
