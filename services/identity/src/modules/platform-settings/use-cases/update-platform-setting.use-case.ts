import { Injectable } from '@nestjs/common';
import { PLATFORM_SETTINGS, type PlatformSetting, type PlatformSettingKey } from '@cs/proto/http';
import { AuditTrail } from '@cs/platform/audit';
import { TransactionHost } from '@cs/platform/database';
import { DomainError, validationError } from '@cs/platform/errors';
import { platformSetting } from '../platform-settings.queries.js';

const isPlatformSettingKey = (key: string): key is PlatformSettingKey => Object.hasOwn(PLATFORM_SETTINGS, key);

/**
 * `PUT /platform-settings/{key}` (super users): an unknown key is ERR_NO_SETTING_FOUND, a value the key does not
 * accept ERR_VALIDATION. Audited as `platform-setting.updated`.
 */
@Injectable()
export class UpdatePlatformSettingUseCase {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly audit: AuditTrail,
  ) {}

  async execute(key: string, value: string): Promise<PlatformSetting> {
    if (!isPlatformSettingKey(key)) throw new DomainError('ERR_NO_SETTING_FOUND');
    const parsed = PLATFORM_SETTINGS[key].schema.safeParse(value);
    if (!parsed.success) {
      throw validationError([
        { path: 'value', message: parsed.error.issues[0]?.message ?? `Valor inválido para ${key}` },
      ]);
    }
    return this.transactions.run(async (manager) => {
      const before = await platformSetting(manager, key);
      await manager.query(
        `INSERT INTO platform_settings (key, value) VALUES ($1, $2)
         ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
        [key, parsed.data],
      );
      await this.audit.record({
        action: 'platform-setting.updated',
        target: { type: 'platform-setting', id: key },
        before: { value: before },
        after: { value: parsed.data },
      });
      return { key, value: parsed.data };
    });
  }
}
