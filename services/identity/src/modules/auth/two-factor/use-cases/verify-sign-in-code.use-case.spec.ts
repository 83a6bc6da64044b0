import { generate } from 'otplib';
import { inMemoryManager } from '../../../../../test/support/in-memory-manager.js';
import { inMemoryTwoFactor, throttleRecorder } from '../../../../../test/support/in-memory-two-factor.js';
import { UserEntity } from '../../../users/user.entity.js';
import type { SignIn } from '../../sign-in.js';
import { TwoFactorCodes } from '../two-factor-codes.js';
import { newTotpSecret } from '../two-factor.rules.js';
import type { Challenge } from '../two-factor.store.js';
import { VerifySignInCodeUseCase } from './verify-sign-in-code.use-case.js';

const META = { ip: '203.0.113.7', userAgent: 'jest' };
const ANA = { id: 7, companyId: 2, email: 'ana@example.com' };

/** Ana's sign-in waiting for its code (challenge `verify-token`), and one waiting for an enrolment (`enrol-token`). */
function signInOf(options: { confirmed?: boolean } = {}) {
  const secret = newTotpSecret();
  const challenges = new Map<string, Challenge>([
    ['verify-token', { companyId: ANA.companyId, userId: ANA.id, purpose: 'verify' }],
    ['enrol-token', { companyId: ANA.companyId, userId: ANA.id, purpose: 'enrol' }],
  ]);
  const twoFactor = inMemoryTwoFactor({ secret, confirmed: options.confirmed ?? true, challenges });
  const { transactions } = inMemoryManager(new Map([[UserEntity, [{ ...ANA }]]]));
  const { throttle } = throttleRecorder();
  const sessions: number[] = [];
  const signIn = {
    complete: async (_manager: unknown, user: { id: number }) => {
      sessions.push(user.id);
      return { token: 'access', refreshToken: 'refresh', sessionId: 's1', user: { id: user.id } };
    },
  } as unknown as SignIn;
  const useCase = new VerifySignInCodeUseCase(
    transactions,
    twoFactor.store,
    new TwoFactorCodes(twoFactor.store, throttle),
    signIn,
  );
  const verify = (challengeToken: string, code: string) => useCase.execute({ challengeToken, code }, META);
  return { verify, code: () => generate({ secret }), sessions };
}

describe(VerifySignInCodeUseCase.name, () => {
  it('opens the session with the challenge and a right code, once: the challenge is then spent', async () => {
    const { verify, code, sessions } = signInOf();
    expect(await verify('verify-token', await code())).toMatchObject({ sessionId: 's1' });
    expect(sessions).toEqual([ANA.id]);
    await expect(verify('verify-token', await code())).rejects.toMatchObject({
      code: 'ERR_TWO_FACTOR_CHALLENGE_EXPIRED',
    });
    expect(sessions).toEqual([ANA.id]);
  });

  it('keeps the challenge after a wrong code, so the user can type it again', async () => {
    const { verify, code, sessions } = signInOf();
    await expect(verify('verify-token', '000000')).rejects.toMatchObject({ code: 'ERR_TWO_FACTOR_INVALID_CODE' });
    expect(sessions).toEqual([]);
    expect(await verify('verify-token', await code())).toMatchObject({ sessionId: 's1' });
  });

  it('sends an unknown challenge, an enrolment’s, or a user without a confirmed factor back to the password', async () => {
    const { verify, code, sessions } = signInOf();
    await expect(verify('no-such-token', await code())).rejects.toMatchObject({
      code: 'ERR_TWO_FACTOR_CHALLENGE_EXPIRED',
    });
    await expect(verify('enrol-token', await code())).rejects.toMatchObject({
      code: 'ERR_TWO_FACTOR_CHALLENGE_EXPIRED',
    });
    const pending = signInOf({ confirmed: false });
    await expect(pending.verify('verify-token', await pending.code())).rejects.toMatchObject({
      code: 'ERR_TWO_FACTOR_CHALLENGE_EXPIRED',
    });
    expect([...sessions, ...pending.sessions]).toEqual([]);
  });
});
