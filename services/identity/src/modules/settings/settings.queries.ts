import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { CompanyId } from '@cs/proto/common';
import { isSecretSetting, maskSecretSetting } from '@cs/proto/http';
import { TransactionHost } from '@cs/platform/database';
import { DEFAULT_SETTINGS } from './settings.catalogue.js';
import { SettingEntity } from './setting.entity.js';

/** Writes the default settings of a new company (every key of the catalogue). */
export async function createDefaultSettings(
  manager: EntityManager,
  companyId: number,
  overrides: Record<string, string> = {},
): Promise<Record<string, string>> {
  const settings = { ...DEFAULT_SETTINGS, ...overrides };
  await manager
    .createQueryBuilder()
    .insert()
    .into(SettingEntity)
    .values(Object.entries(settings).map(([key, value]) => ({ companyId, key, value })))
    .orIgnore()
    .execute();
  return settings;
}

@Injectable()
export class SettingsQueries {
  constructor(private readonly transactions: TransactionHost) {}

  /** Admins get secret settings masked; other users do not get them at all. */
  async list(companyId: CompanyId, reader: { admin: boolean }): Promise<Array<{ key: string; value: string }>> {
    const rows = await this.transactions.manager.find(SettingEntity, { where: { companyId }, order: { key: 'ASC' } });
    return rows
      .filter((row) => reader.admin || !isSecretSetting(row.key))
      .map((row) => ({ key: row.key, value: maskSecretSetting(row.key, row.value) }));
  }
}
