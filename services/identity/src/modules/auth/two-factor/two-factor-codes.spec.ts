import type { EntityManager } from 'typeorm';
import { generate } from 'otplib';
import { inMemoryTwoFactor, throttleRecorder } from '../../../../test/support/in-memory-two-factor.js';
import { TwoFactorCodes } from './two-factor-codes.js';
import { newRecoveryCodes, newTotpSecret, TOTP_PERIOD_SECONDS } from './two-factor.rules.js';

const T = 1_800_000_010 - (1_800_000_010 % TOTP_PERIOD_SECONDS);
const now = new Date((T + 5) * 1_000);
const user = { id: 7, companyId: 2, email: 'Ana@Example.com' };
const IP = '203.0.113.7';

function codesOf(options: { confirmed?: boolean; blocked?: boolean } = {}) {
  const secret = newTotpSecret();
  const recoveryCodes = newRecoveryCodes(2);
  const twoFactor = inMemoryTwoFactor({ secret, confirmed: options.confirmed ?? true, recoveryCodes });
  const { throttle, failures, clears } = throttleRecorder(() => options.blocked === true);
  const codes = new TwoFactorCodes(twoFactor.store, throttle);
  const attempt = (code: string, extra: { allowRecovery?: boolean; confirm?: boolean } = {}) =>
    codes.accept({
      manager: {} as EntityManager,
      user,
      stored: twoFactor.stored(),
      code,
      ip: IP,
      allowRecovery: extra.allowRecovery ?? true,
      ...(extra.confirm ? { confirm: true } : {}),
      now,
    });
  const codeAt = (seconds: number) => generate({ secret, epoch: seconds });
  return { attempt, codeAt, recoveryCodes, failures, clears, state: twoFactor.state };
}

describe(TwoFactorCodes.name, () => {
  it('accepts the current code and forgives the throttle’s failures of that e-mail and address', async () => {
    const { attempt, codeAt, failures, clears } = codesOf();
    expect(await attempt(await codeAt(T + 5))).toBe('totp');
    expect(clears).toEqual([`ana@example.com ${IP}`]);
    expect(failures).toEqual([]);
  });

  it('accepts a code once, also when two requests read the same state (the store takes a step once)', async () => {
    const { attempt, codeAt, failures } = codesOf();
    const code = await codeAt(T + 5);
    const [first, second] = await Promise.allSettled([attempt(code), attempt(code)]);
    expect(first).toEqual({ status: 'fulfilled', value: 'totp' });
    expect(second).toMatchObject({ status: 'rejected', reason: { code: 'ERR_TWO_FACTOR_INVALID_CODE' } });
    expect(failures).toEqual([`ana@example.com ${IP}`]);
  });

  it('refuses a code two steps away and counts it as a failure', async () => {
    const { attempt, codeAt, failures } = codesOf();
    await expect(attempt(await codeAt(T + 5 - 60))).rejects.toMatchObject({ code: 'ERR_TWO_FACTOR_INVALID_CODE' });
    expect(failures).toHaveLength(1);
  });

  it('takes a recovery code once, typed in any case, where recovery is allowed', async () => {
    const { attempt, recoveryCodes } = codesOf();
    const code = recoveryCodes[0] ?? '';
    expect(await attempt(code.toLowerCase())).toBe('recovery');
    await expect(attempt(code)).rejects.toMatchObject({ code: 'ERR_TWO_FACTOR_INVALID_CODE' });
  });

  it('refuses a recovery code where only the authenticator counts, and before enrolment is confirmed', async () => {
    const confirmed = codesOf();
    await expect(confirmed.attempt(confirmed.recoveryCodes[0] ?? '', { allowRecovery: false })).rejects.toMatchObject({
      code: 'ERR_TWO_FACTOR_INVALID_CODE',
    });
    const pending = codesOf({ confirmed: false });
    await expect(pending.attempt(pending.recoveryCodes[0] ?? '')).rejects.toMatchObject({
      code: 'ERR_TWO_FACTOR_INVALID_CODE',
    });
  });

  it('confirms a pending enrolment with its first code, and takes no code for it without confirming', async () => {
    const pending = codesOf({ confirmed: false });
    await expect(pending.attempt(await pending.codeAt(T + 5))).rejects.toMatchObject({
      code: 'ERR_TWO_FACTOR_INVALID_CODE',
    });
    expect(await pending.attempt(await pending.codeAt(T + 5), { confirm: true })).toBe('totp');
    expect(pending.state.confirmedAt).not.toBeNull();
  });

  it('refuses a throttled attempt without spending the code', async () => {
    const { attempt, codeAt, state } = codesOf({ blocked: true });
    await expect(attempt(await codeAt(T + 5))).rejects.toMatchObject({ code: 'ERR_TOO_MANY_REQUESTS' });
    expect(state.lastUsedStep).toBeNull();
  });
});
