import { asCompanyId } from '@cs/proto/common';
import { SECRET_SETTING_MASK } from '@cs/proto/http';
import { inMemoryManager, recorders } from '../../../../test/support/in-memory-manager.js';
import { SettingEntity } from '../setting.entity.js';
import { UpdateSettingUseCase } from './update-setting.use-case.js';

const COMPANY = asCompanyId(2);

/** The company's stored settings in memory; what was announced and audited. */
function settings(stored: Record<string, string> = {}) {
  const rows = Object.entries(stored).map(([key, value]) => ({ companyId: COMPANY, key, value }));
  const { transactions } = inMemoryManager(new Map([[SettingEntity, rows]]));
  const { events, actions, publisher, audit } = recorders();
  const useCase = new UpdateSettingUseCase(transactions, publisher, audit);
  const valueOf = (key: string) => rows.find((row) => row.key === key)?.value;
  return { events, actions, valueOf, set: (key: string, value: string) => useCase.execute(COMPANY, key, value) };
}

describe(UpdateSettingUseCase.name, () => {
  it('stores a valid value, announces it and audits it against the default when never set', async () => {
    const { events, actions, set } = settings();
    expect(await set('userRating', 'enabled')).toEqual({ key: 'userRating', value: 'enabled' });
    expect(events).toEqual([{ type: 'identity.setting.updated', data: { key: 'userRating', value: 'enabled' } }]);
    expect(actions).toEqual([
      { action: 'setting.updated', before: { value: 'disabled' }, after: { value: 'enabled' } },
    ]);
  });

  it('accepts the spec’s other spelling of a key', async () => {
    const { valueOf, set } = settings({ userCreation: 'enabled' });
    expect(await set('user-creation', 'disabled')).toEqual({ key: 'userCreation', value: 'disabled' });
    expect(valueOf('userCreation')).toBe('disabled');
  });

  it('refuses an unknown key and a value the key does not accept', async () => {
    const { events, set } = settings();
    await expect(set('noSuchSetting', 'x')).rejects.toMatchObject({ code: 'ERR_NO_SETTING_FOUND' });
    await expect(set('scheduleType', 'sometimes')).rejects.toMatchObject({
      code: 'ERR_VALIDATION',
      details: [{ path: 'value', message: 'Valor inválido para scheduleType' }],
    });
    await expect(set('messageRetentionDays', '0')).rejects.toMatchObject({ code: 'ERR_VALIDATION' });
    expect(events).toEqual([]);
  });

  it('answers a secret setting masked and keeps it when the mask is sent back', async () => {
    const { events, valueOf, set } = settings({ asaas: 'old-secret' });
    expect(await set('asaas', 'new-secret-token')).toEqual({ key: 'asaas', value: SECRET_SETTING_MASK });
    expect(valueOf('asaas')).toBe('new-secret-token');
    expect(await set('asaas', SECRET_SETTING_MASK)).toEqual({ key: 'asaas', value: SECRET_SETTING_MASK });
    expect(valueOf('asaas')).toBe('new-secret-token');
    expect(events).toHaveLength(1);
  });
});
