import { generate } from 'otplib';
import { asCompanyId, asUserId } from '@cs/proto/common';
import type { Identity } from '@cs/platform/tenancy';
import { inMemoryManager, recorders } from '../../../../../test/support/in-memory-manager.js';
import { inMemoryTwoFactor, throttleRecorder } from '../../../../../test/support/in-memory-two-factor.js';
import { quickHasher } from '../../../../../test/support/quick-hasher.js';
import { UserEntity } from '../../../users/user.entity.js';
import { TwoFactorCodes } from '../two-factor-codes.js';
import { newRecoveryCodes, newTotpSecret, RECOVERY_CODE_COUNT } from '../two-factor.rules.js';
import { RegenerateRecoveryCodesUseCase } from './regenerate-recovery-codes.use-case.js';

const IP = '203.0.113.7';
const PASSWORD = 'a-senha-certa-longa';
const ana: Identity = {
  companyId: asCompanyId(2),
  userId: asUserId(7),
  profile: 'user',
  isSuper: false,
  sessionId: 's',
};
const hasher = quickHasher();
let passwordHash: string;

beforeAll(async () => {
  passwordHash = await hasher.hash(PASSWORD);
});

/** Ana with her second factor on (or pending) and two recovery codes; the throttle and the audit trail. */
function regenerating(options: { confirmed?: boolean } = {}) {
  const secret = newTotpSecret();
  const recoveryCodes = newRecoveryCodes(2);
  const twoFactor = inMemoryTwoFactor({ secret, confirmed: options.confirmed ?? true, recoveryCodes });
  const { transactions } = inMemoryManager(
    new Map([[UserEntity, [{ id: 7, companyId: 2, name: 'Ana', email: 'ana@example.com', passwordHash }]]]),
  );
  const { throttle, failures } = throttleRecorder();
  const { actions, audit } = recorders();
  const useCase = new RegenerateRecoveryCodesUseCase(
    transactions,
    twoFactor.store,
    new TwoFactorCodes(twoFactor.store, throttle),
    throttle,
    hasher,
    audit,
  );
  const codes = new TwoFactorCodes(twoFactor.store, throttle);
  /** Whether a recovery code still signs in. */
  const stillWorks = (code: string) =>
    codes
      .accept({
        manager: {} as never,
        user: { id: 7, companyId: 2, email: 'ana@example.com' },
        stored: twoFactor.stored(),
        code,
        ip: IP,
        allowRecovery: true,
      })
      .then(
        () => true,
        () => false,
      );
  return {
    regenerate: (input: { code?: string; password?: string }) => useCase.execute(ana, input, IP),
    code: () => generate({ secret }),
    recoveryCodes,
    stillWorks,
    failures,
    actions,
  };
}

describe(RegenerateRecoveryCodesUseCase.name, () => {
  it('replaces the codes on a current authenticator code: the old ones stop working, audited by count', async () => {
    const { regenerate, code, recoveryCodes, stillWorks, actions } = regenerating();
    const fresh = await regenerate({ code: await code() });
    expect(fresh).toHaveLength(RECOVERY_CODE_COUNT);
    expect(await stillWorks(recoveryCodes[0] ?? '')).toBe(false);
    expect(await stillWorks(fresh[0] ?? '')).toBe(true);
    expect(actions).toEqual([
      {
        action: 'user.recovery-codes-regenerated',
        before: { recoveryCodes: '2 left (ended)' },
        after: { recoveryCodes: `${RECOVERY_CODE_COUNT} new` },
      },
    ]);
  });

  it('does not take a recovery code as the proof', async () => {
    const { regenerate, recoveryCodes, actions } = regenerating();
    await expect(regenerate({ code: recoveryCodes[0] ?? '' })).rejects.toMatchObject({
      code: 'ERR_TWO_FACTOR_INVALID_CODE',
    });
    expect(actions).toEqual([]);
  });

  it('takes the account’s password as the proof; a wrong one is refused on the field and counted', async () => {
    const { regenerate, failures } = regenerating();
    expect(await regenerate({ password: PASSWORD })).toHaveLength(RECOVERY_CODE_COUNT);
    await expect(regenerate({ password: 'not-the-password' })).rejects.toMatchObject({
      code: 'ERR_VALIDATION',
      details: [{ path: 'password', message: 'Senha incorreta' }],
    });
    expect(failures).toEqual([`ana@example.com ${IP}`]);
  });

  it('refuses while the second factor is not on', async () => {
    const { regenerate } = regenerating({ confirmed: false });
    await expect(regenerate({ password: PASSWORD })).rejects.toMatchObject({ code: 'ERR_TWO_FACTOR_NOT_ENABLED' });
  });
});
