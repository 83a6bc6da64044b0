import { generate } from 'otplib';
import { asCompanyId, asUserId } from '@cs/proto/common';
import type { Identity } from '@cs/platform/tenancy';
import { inMemoryManager, recorders } from '../../../../../test/support/in-memory-manager.js';
import { inMemoryTwoFactor, throttleRecorder } from '../../../../../test/support/in-memory-two-factor.js';
import { UserEntity } from '../../../users/user.entity.js';
import { TwoFactorCodes } from '../two-factor-codes.js';
import type { TwoFactorPolicy } from '../two-factor.policy.js';
import { newTotpSecret } from '../two-factor.rules.js';
import { DisableTwoFactorUseCase } from './disable-two-factor.use-case.js';

const IP = '203.0.113.7';
const ana: Identity = {
  companyId: asCompanyId(2),
  userId: asUserId(7),
  profile: 'admin',
  isSuper: false,
  sessionId: 's',
};

/**
 * Ana's second factor; whether her company or the platform requires one. The refusals, decided before anything is
 * removed (removing it and ending the other sessions is SQL: the two-factor e2e suites cover it).
 */
function disabling(options: { confirmed?: boolean; required?: boolean } = {}) {
  const secret = newTotpSecret();
  const twoFactor = inMemoryTwoFactor({ secret, confirmed: options.confirmed ?? true });
  const { transactions } = inMemoryManager(
    new Map([[UserEntity, [{ id: 7, companyId: 2, email: 'ana@example.com' }]]]),
  );
  const { throttle, failures } = throttleRecorder();
  const policy = { requires: async () => options.required === true } as unknown as TwoFactorPolicy;
  const { publisher } = recorders();
  const useCase = new DisableTwoFactorUseCase(
    transactions,
    twoFactor.store,
    new TwoFactorCodes(twoFactor.store, throttle),
    policy,
    publisher,
  );
  return {
    disable: (code: string) => useCase.execute(ana, code, IP),
    code: () => generate({ secret }),
    failures,
    state: twoFactor.state,
  };
}

describe(DisableTwoFactorUseCase.name, () => {
  it('refuses to turn off a second factor that is not on (a pending enrolment included)', async () => {
    const { disable, code } = disabling({ confirmed: false });
    await expect(disable(await code())).rejects.toMatchObject({ code: 'ERR_TWO_FACTOR_NOT_ENABLED' });
  });

  it('refuses while the company or the platform requires it, without taking the code', async () => {
    const { disable, code, failures, state } = disabling({ required: true });
    await expect(disable(await code())).rejects.toMatchObject({ code: 'ERR_TWO_FACTOR_MANDATORY' });
    expect(state.lastUsedStep).toBeNull();
    expect(failures).toEqual([]);
  });

  it('refuses a wrong code, counted by the throttle', async () => {
    const { disable, failures } = disabling();
    await expect(disable('12345a')).rejects.toMatchObject({ code: 'ERR_TWO_FACTOR_INVALID_CODE' });
    expect(failures).toEqual([`ana@example.com ${IP}`]);
  });
});
