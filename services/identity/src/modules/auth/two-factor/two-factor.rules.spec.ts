import { generate } from 'otplib';
import {
  checkTotp,
  hashRecoveryCode,
  mustUseTwoFactor,
  newRecoveryCodes,
  newTotpSecret,
  normalizeRecoveryCode,
  otpauthUrl,
  TOTP_PERIOD_SECONDS,
} from './two-factor.rules.js';

const at = (seconds: number) => new Date(seconds * 1_000);
/** The start of a time step, so "one step later" is unambiguous. */
const T = 1_800_000_010 - (1_800_000_010 % TOTP_PERIOD_SECONDS);
const codeAt = (secret: string, seconds: number) => generate({ secret, epoch: seconds });

describe('two-factor rules', () => {
  const secret = newTotpSecret();

  it('accepts the current code and the codes of one step either side (clock skew), not two steps away', async () => {
    const now = T + 10;
    expect(await checkTotp(secret, await codeAt(secret, now), null, at(now))).toEqual({ ok: true, step: T / 30 });
    expect((await checkTotp(secret, await codeAt(secret, now - 30), null, at(now))).ok).toBe(true);
    expect((await checkTotp(secret, await codeAt(secret, now + 30), null, at(now))).ok).toBe(true);
    expect((await checkTotp(secret, await codeAt(secret, now - 60), null, at(now))).ok).toBe(false);
    expect((await checkTotp(secret, await codeAt(secret, now + 60), null, at(now))).ok).toBe(false);
  });

  it('accepts each code once: its step, and every earlier one, are refused after it was used', async () => {
    const now = T + 5;
    const first = await checkTotp(secret, await codeAt(secret, now), null, at(now));
    if (!first.ok) throw new Error('the current code must pass');
    expect((await checkTotp(secret, await codeAt(secret, now), first.step, at(now + 20))).ok).toBe(false);
    expect((await checkTotp(secret, await codeAt(secret, now - 30), first.step, at(now + 20))).ok).toBe(false);
    const next = await checkTotp(secret, await codeAt(secret, now + 30), first.step, at(now + 30));
    expect(next).toEqual({ ok: true, step: first.step + 1 });
  });

  it('refuses anything that is not six digits, and a code of another secret', async () => {
    for (const code of ['', '12345', '1234567', 'abcdef', '12 345'])
      expect((await checkTotp(secret, code, null, at(T))).ok).toBe(false);
    expect((await checkTotp(newTotpSecret(), await codeAt(secret, T), null, at(T))).ok).toBe(false);
  });

  it('makes distinct recovery codes, read back whatever the case and dashes, hashed for storage', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[A-Z2-7]{4}(-[A-Z2-7]{4}){3}$/);
    const first = codes[0] ?? '';
    const typed = ` ${first.toLowerCase().replace(/-/g, ' ')} `;
    expect(normalizeRecoveryCode(typed)).toBe(first.replace(/-/g, ''));
    expect(hashRecoveryCode(first.replace(/-/g, ''))).toMatch(/^[0-9a-f]{64}$/);
    expect(normalizeRecoveryCode('123456')).toBeNull();
  });

  it('builds the otpauth URI authenticator apps read from the QR code', () => {
    const url = new URL(otpauthUrl('JBSWY3DPEHPK3PXP', 'Atendimento', 'ana@empresa.com'));
    expect(url.protocol).toBe('otpauth:');
    expect(url.host).toBe('totp');
    expect(decodeURIComponent(url.pathname)).toBe('/Atendimento:ana@empresa.com');
    expect(url.searchParams.get('secret')).toBe('JBSWY3DPEHPK3PXP');
    expect(url.searchParams.get('issuer')).toBe('Atendimento');
  });

  it('requires two-factor of everyone when the company says so, of admins and super users when the platform does', () => {
    const base = { companyRequires: false, platformRequiresAdmins: false, profile: 'user' as const, isSuper: false };
    expect(mustUseTwoFactor(base)).toBe(false);
    expect(mustUseTwoFactor({ ...base, companyRequires: true })).toBe(true);
    expect(mustUseTwoFactor({ ...base, platformRequiresAdmins: true })).toBe(false);
    expect(mustUseTwoFactor({ ...base, platformRequiresAdmins: true, profile: 'admin' })).toBe(true);
    expect(mustUseTwoFactor({ ...base, platformRequiresAdmins: true, isSuper: true })).toBe(true);
  });
});
