import { inMemoryManager, recorders } from '../../../../test/support/in-memory-manager.js';
import { UpdatePlatformSettingUseCase } from './update-platform-setting.use-case.js';

/** The refusals, decided before the platform's settings are read or written (the e2e suites store values). */
describe(UpdatePlatformSettingUseCase.name, () => {
  const { transactions } = inMemoryManager(new Map());
  const { actions, audit } = recorders();
  const useCase = new UpdatePlatformSettingUseCase(transactions, audit);

  it('answers an unknown key as not found', async () => {
    await expect(useCase.execute('userCreation', 'enabled')).rejects.toMatchObject({ code: 'ERR_NO_SETTING_FOUND' });
    await expect(useCase.execute('toString', 'x')).rejects.toMatchObject({ code: 'ERR_NO_SETTING_FOUND' });
  });

  it('refuses a value the key does not accept, with the key’s message', async () => {
    await expect(useCase.execute('twoFactorRequiredForAdmins', 'yes')).rejects.toMatchObject({
      code: 'ERR_VALIDATION',
      details: [{ path: 'value' }],
    });
    await expect(useCase.execute('auditRetentionDays', '7')).rejects.toMatchObject({
      code: 'ERR_VALIDATION',
      details: [{ path: 'value', message: 'Entre 30 e 3650 dias' }],
    });
    expect(actions).toEqual([]);
  });
});
