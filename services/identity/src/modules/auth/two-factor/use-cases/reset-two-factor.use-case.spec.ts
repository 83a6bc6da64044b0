import { asCompanyId, asUserId } from '@cs/proto/common';
import type { Identity } from '@cs/platform/tenancy';
import { inMemoryManager, recorders } from '../../../../../test/support/in-memory-manager.js';
import { UserEntity } from '../../../users/user.entity.js';
import type { TwoFactorStore } from '../two-factor.store.js';
import { ResetTwoFactorUseCase } from './reset-two-factor.use-case.js';

/**
 * Who may reset whose second factor: decided by finding the user (removing the factor and ending the sessions is
 * SQL: the two-factor e2e suites cover it, this store refuses to be reached).
 */
describe(ResetTwoFactorUseCase.name, () => {
  const { transactions } = inMemoryManager(new Map([[UserEntity, [{ id: 9, companyId: 3, name: 'Carla' }]]]));
  const { actions, audit, publisher } = recorders();
  const removed: number[] = [];
  const store = {
    remove: async (_manager: unknown, _companyId: number, userId: number) => {
      removed.push(userId);
      throw new Error('reached the removal');
    },
  } as unknown as TwoFactorStore;
  const useCase = new ResetTwoFactorUseCase(transactions, store, audit, publisher);
  const caller = (isSuper: boolean): Identity => ({
    companyId: asCompanyId(2),
    userId: asUserId(3),
    profile: 'admin',
    isSuper,
    sessionId: 's',
  });

  it('answers another company’s user as not found to an admin', async () => {
    await expect(useCase.execute(caller(false), 9)).rejects.toMatchObject({ code: 'ERR_NO_USER_FOUND' });
    await expect(useCase.execute(caller(false), 10)).rejects.toMatchObject({ code: 'ERR_NO_USER_FOUND' });
    expect(removed).toEqual([]);
    expect(actions).toEqual([]);
  });

  it('lets a super user reach any company’s user', async () => {
    await expect(useCase.execute(caller(true), 9)).rejects.toThrow('reached the removal');
    expect(removed).toEqual([9]);
  });
});
