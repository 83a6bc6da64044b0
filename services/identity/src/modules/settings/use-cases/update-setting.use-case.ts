import { Injectable } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import { SettingUpdated } from '@cs/proto/events';
import { isSecretSetting, maskSecretSetting, SECRET_SETTING_MASK } from '@cs/proto/http';
import { TransactionHost } from '@cs/platform/database';
import { DomainError, validationError } from '@cs/platform/errors';
import { AuditTrail } from '@cs/platform/audit';
import { EventPublisher } from '@cs/platform/events';
import { canonicalSettingKey, SETTINGS_CATALOGUE } from '../settings.catalogue.js';
import { SettingEntity } from '../setting.entity.js';

/** `PUT /settings/{key}` (admins): a known key only (ERR_NO_SETTING_FOUND), with a value the key accepts. */
@Injectable()
export class UpdateSettingUseCase {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly events: EventPublisher,
    private readonly audit: AuditTrail,
  ) {}

  async execute(companyId: CompanyId, rawKey: string, value: string): Promise<{ key: string; value: string }> {
    const key = canonicalSettingKey(rawKey);
    if (!key) throw new DomainError('ERR_NO_SETTING_FOUND');
    const parsed = SETTINGS_CATALOGUE[key].schema.safeParse(value);
    if (!parsed.success) throw validationError([{ path: 'value', message: `Valor inválido para ${key}` }]);
    // the mask an admin read, sent back unchanged (the form saves every field): keep the stored secret
    if (isSecretSetting(key) && value === SECRET_SETTING_MASK) return { key, value: SECRET_SETTING_MASK };
    return this.transactions.run(async (manager) => {
      const before = await manager.findOne(SettingEntity, { where: { companyId, key } });
      await manager.upsert(SettingEntity, { companyId, key, value: parsed.data }, ['companyId', 'key']);
      await this.events.emit(SettingUpdated, { companyId, key: companyId, data: { key, value: parsed.data } });
      await this.audit.record({
        action: 'setting.updated',
        target: { type: 'setting', id: key },
        before: { value: before?.value ?? SETTINGS_CATALOGUE[key].default },
        after: { value: parsed.data },
        secrets: isSecretSetting(key) ? ['value'] : [],
      });
      return { key, value: maskSecretSetting(key, parsed.data) };
    });
  }
}
