import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  PLATFORM_SETTING_KEYS,
  PLATFORM_SETTINGS,
  type PlatformSetting,
  type PlatformSettingKey,
} from '@cs/proto/http';
import { mapRows, type SqlRow } from '@cs/platform/database';
import { TransactionHost } from '@cs/platform/database';

/** The platform's value of a setting (its default until a super user set it). */
export async function platformSetting(manager: EntityManager, key: PlatformSettingKey): Promise<string> {
  const rows = await manager.query<SqlRow[]>('SELECT value FROM platform_settings WHERE key = $1', [key]);
  const [value] = mapRows(rows, (row) => row.string('value'));
  return value ?? PLATFORM_SETTINGS[key].default;
}

@Injectable()
export class PlatformSettingsQueries {
  constructor(private readonly transactions: TransactionHost) {}

  /** Every platform setting, with its default where none was set. */
  async list(): Promise<PlatformSetting[]> {
    const rows = await this.transactions.manager.query<SqlRow[]>('SELECT key, value FROM platform_settings');
    const stored = new Map(mapRows(rows, (row) => [row.string('key'), row.string('value')] as const));
    return PLATFORM_SETTING_KEYS.map((key) => ({ key, value: stored.get(key) ?? PLATFORM_SETTINGS[key].default }));
  }
}
