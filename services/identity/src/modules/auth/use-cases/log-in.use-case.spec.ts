import bcrypt from 'bcryptjs';
import { DomainError } from '@cs/platform/errors';
import { inMemoryManager } from '../../../../test/support/in-memory-manager.js';
import { quickHasher } from '../../../../test/support/quick-hasher.js';
import { UserEntity } from '../../users/user.entity.js';
import type { LoginThrottle } from '../login-throttle.js';
import type { SignIn } from '../sign-in.js';
import type { SecondStep, TwoFactorPolicy } from '../two-factor/two-factor.policy.js';
import { CHALLENGE_TTL_SECONDS } from '../two-factor/two-factor.rules.js';
import type { TwoFactorStore } from '../two-factor/two-factor.store.js';
import { LogInUseCase } from './log-in.use-case.js';

const PASSWORD = 'a-senha-certa-longa';
const META = { ip: '203.0.113.7', userAgent: 'jest' };
const hasher = quickHasher();
let argonHash: string;

beforeAll(async () => {
  argonHash = await hasher.hash(PASSWORD);
});

/**
 * Ana (company 2) with `passwordHash`; the throttle, the second-step policy, the challenge store and the sign-in's
 * end as recorders (each has its own spec or e2e suite); the user lookup by lower-cased e-mail as the SQL does it.
 */
function loginOf(options: { passwordHash?: string; step?: SecondStep; throttled?: boolean } = {}) {
  const ana = { id: 7, companyId: 2, email: 'Ana@Example.com', passwordHash: options.passwordHash ?? argonHash };
  const users = [ana];
  const { manager, transactions } = inMemoryManager(new Map([[UserEntity, users]]));
  Object.assign(manager, {
    createQueryBuilder: () => ({
      where: (_condition: string, params: { email: string }) => ({
        getOne: async () => users.find((user) => user.email.toLowerCase() === params.email) ?? null,
      }),
    }),
  });
  const failures: Array<[string, string]> = [];
  const throttle = {
    assertAllowed: async () => {
      if (options.throttled) throw new DomainError('ERR_TOO_MANY_REQUESTS', { details: { retryAfter: 30 } });
    },
    recordFailure: async (email: string, ip: string) => {
      failures.push([email, ip]);
    },
  } as unknown as LoginThrottle;
  const sessions: number[] = [];
  const signIn = {
    complete: async (_manager: unknown, user: { id: number }) => {
      sessions.push(user.id);
      return { token: 'access', refreshToken: 'refresh', sessionId: 's1', user: { id: user.id } };
    },
  } as unknown as SignIn;
  const challenges: Array<{ userId: number; purpose: string }> = [];
  const policy = { secondStepOf: async () => options.step ?? 'none' } as unknown as TwoFactorPolicy;
  const store = {
    openChallenge: async (_manager: unknown, _companyId: number, userId: number, purpose: string) => {
      challenges.push({ userId, purpose });
      return 'challenge-token';
    },
  } as unknown as TwoFactorStore;
  const useCase = new LogInUseCase(transactions, hasher, throttle, signIn, policy, store);
  const logIn = (email: string, password: string) => useCase.execute({ email, password }, META);
  return { logIn, failures, sessions, challenges, stored: () => ana };
}

describe(LogInUseCase.name, () => {
  it('signs in with the right password whatever the e-mail’s case and spaces, recording no failure', async () => {
    const { logIn, failures, sessions } = loginOf();
    expect(await logIn('  ANA@example.COM ', PASSWORD)).toMatchObject({ token: 'access', sessionId: 's1' });
    expect(sessions).toEqual([7]);
    expect(failures).toEqual([]);
  });

  it('answers a wrong password and an unknown e-mail alike, and counts both against the e-mail and address', async () => {
    const { logIn, failures, sessions } = loginOf();
    await expect(logIn('ana@example.com', 'a-wrong-password')).rejects.toMatchObject({
      code: 'ERR_INVALID_CREDENTIALS',
    });
    await expect(logIn('nobody@example.com', PASSWORD)).rejects.toMatchObject({ code: 'ERR_INVALID_CREDENTIALS' });
    expect(failures).toEqual([
      ['ana@example.com', META.ip],
      ['nobody@example.com', META.ip],
    ]);
    expect(sessions).toEqual([]);
  });

  it('refuses a throttled attempt before the password is checked, even a right one', async () => {
    const { logIn, failures, sessions } = loginOf({ throttled: true });
    await expect(logIn('ana@example.com', PASSWORD)).rejects.toMatchObject({ code: 'ERR_TOO_MANY_REQUESTS' });
    expect(sessions).toEqual([]);
    expect(failures).toEqual([]);
  });

  it('opens no session for a user with a second factor: a challenge for the code step instead', async () => {
    const { logIn, sessions, challenges } = loginOf({ step: 'verify' });
    await expect(logIn('ana@example.com', PASSWORD)).rejects.toMatchObject({
      code: 'ERR_TWO_FACTOR_REQUIRED',
      details: { challengeToken: 'challenge-token', expiresIn: CHALLENGE_TTL_SECONDS },
    });
    expect(challenges).toEqual([{ userId: 7, purpose: 'verify' }]);
    expect(sessions).toEqual([]);
  });

  it('opens no session for a user who must enrol a second factor: a challenge for the enrolment', async () => {
    const { logIn, sessions, challenges } = loginOf({ step: 'enrol' });
    await expect(logIn('ana@example.com', PASSWORD)).rejects.toMatchObject({
      code: 'ERR_TWO_FACTOR_ENROLMENT_REQUIRED',
      details: { challengeToken: 'challenge-token' },
    });
    expect(challenges).toEqual([{ userId: 7, purpose: 'enrol' }]);
    expect(sessions).toEqual([]);
  });

  it('replaces a legacy bcrypt hash with argon2id on a right password', async () => {
    const { logIn, stored } = loginOf({ passwordHash: await bcrypt.hash(PASSWORD, 4) });
    await logIn('ana@example.com', PASSWORD);
    expect(stored().passwordHash).toMatch(/^\$argon2id\$/);
    expect(await hasher.verify(PASSWORD, stored().passwordHash)).toBe(true);
  });
});
