import { generate } from 'otplib';
import { asCompanyId, asUserId } from '@cs/proto/common';
import type { Identity } from '@cs/platform/tenancy';
import type { IdentityConfig } from '../../../../config/env.js';
import { inMemoryManager } from '../../../../../test/support/in-memory-manager.js';
import { inMemoryTwoFactor, throttleRecorder } from '../../../../../test/support/in-memory-two-factor.js';
import { UserEntity } from '../../../users/user.entity.js';
import type { SignIn } from '../../sign-in.js';
import { TwoFactorCodes } from '../two-factor-codes.js';
import { newTotpSecret, RECOVERY_CODE_COUNT } from '../two-factor.rules.js';
import type { Challenge } from '../two-factor.store.js';
import { EnrolTwoFactorUseCase } from './enrol-two-factor.use-case.js';

const META = { ip: '203.0.113.7', userAgent: 'jest' };
const ana: Identity = {
  companyId: asCompanyId(2),
  userId: asUserId(7),
  profile: 'user',
  isSuper: false,
  sessionId: 's',
};

/** Ana with no second factor, or a confirmed one; her sign-ins waiting to enrol (`enrol-token`) or for a code. */
function enrolment(options: { confirmed?: boolean } = {}) {
  const twoFactor = inMemoryTwoFactor({
    secret: options.confirmed ? newTotpSecret() : null,
    confirmed: options.confirmed === true,
    challenges: new Map<string, Challenge>([
      ['enrol-token', { companyId: 2, userId: 7, purpose: 'enrol' }],
      ['verify-token', { companyId: 2, userId: 7, purpose: 'verify' }],
    ]),
  });
  const { transactions } = inMemoryManager(
    new Map([[UserEntity, [{ id: 7, companyId: 2, email: 'ana@example.com' }]]]),
  );
  const { throttle } = throttleRecorder();
  const sessions: number[] = [];
  const signIn = {
    complete: async (_manager: unknown, user: { id: number }) => {
      sessions.push(user.id);
      return { token: 'access', refreshToken: 'refresh', sessionId: 's1', user: { id: user.id } };
    },
  } as unknown as SignIn;
  const useCase = new EnrolTwoFactorUseCase(
    { TWO_FACTOR_ISSUER: 'Atendimento' } as IdentityConfig,
    transactions,
    twoFactor.store,
    new TwoFactorCodes(twoFactor.store, throttle),
    signIn,
  );
  return { useCase, sessions, state: twoFactor.state };
}

describe(EnrolTwoFactorUseCase.name, () => {
  it('hands out a pending secret with its QR code’s URI; its first code confirms it and gives the recovery codes', async () => {
    const { useCase, state } = enrolment();
    const setup = await useCase.begin(ana);
    expect(decodeURIComponent(setup.otpauthUrl)).toContain('Atendimento:ana@example.com');
    expect(state.confirmedAt).toBeNull();
    const codes = await useCase.confirm(ana, await generate({ secret: setup.secret }), META.ip);
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(state.confirmedAt).not.toBeNull();
  });

  it('replaces a pending secret when asked again: the first one’s code no longer confirms', async () => {
    const { useCase, state } = enrolment();
    const first = await useCase.begin(ana);
    await useCase.begin(ana);
    await expect(useCase.confirm(ana, await generate({ secret: first.secret }), META.ip)).rejects.toMatchObject({
      code: 'ERR_TWO_FACTOR_INVALID_CODE',
    });
    expect(state.confirmedAt).toBeNull();
  });

  it('asks for a new QR code when nothing waits for confirmation', async () => {
    const { useCase } = enrolment();
    await expect(useCase.confirm(ana, '123456', META.ip)).rejects.toMatchObject({
      code: 'ERR_VALIDATION',
      details: [{ path: 'code' }],
    });
  });

  it('refuses a new secret or a confirmation once a second factor is on', async () => {
    const { useCase, state } = enrolment({ confirmed: true });
    const before = state.secret;
    await expect(useCase.begin(ana)).rejects.toMatchObject({ code: 'ERR_TWO_FACTOR_ALREADY_ENABLED' });
    await expect(useCase.confirm(ana, '123456', META.ip)).rejects.toMatchObject({
      code: 'ERR_TWO_FACTOR_ALREADY_ENABLED',
    });
    expect(state.secret).toBe(before);
  });

  it('opens the session of a sign-in that had to enrol once confirmed, spending its challenge', async () => {
    const { useCase, sessions } = enrolment();
    const setup = await useCase.beginForChallenge('enrol-token');
    const code = await generate({ secret: setup.secret });
    const signedIn = await useCase.confirmForChallenge({ challengeToken: 'enrol-token', code }, META);
    expect(signedIn).toMatchObject({ sessionId: 's1' });
    expect(signedIn.recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(sessions).toEqual([7]);
    await expect(useCase.beginForChallenge('enrol-token')).rejects.toMatchObject({
      code: 'ERR_TWO_FACTOR_CHALLENGE_EXPIRED',
    });
  });

  it('refuses to enrol with a sign-in’s code challenge or an unknown one', async () => {
    const { useCase } = enrolment();
    await expect(useCase.beginForChallenge('verify-token')).rejects.toMatchObject({
      code: 'ERR_TWO_FACTOR_CHALLENGE_EXPIRED',
    });
    await expect(useCase.beginForChallenge('no-such-token')).rejects.toMatchObject({
      code: 'ERR_TWO_FACTOR_CHALLENGE_EXPIRED',
    });
  });
});
