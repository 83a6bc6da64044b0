/** The proof that asks for new recovery codes: an authenticator code or the password, exactly one. */
import { TwoFactorRecoveryCodesRequestSchema } from '../src/http/trust.js';

describe('a request for new recovery codes', () => {
  it('takes an authenticator code (spaces ignored) or the password', () => {
    expect(TwoFactorRecoveryCodesRequestSchema.parse({ code: '123 456' })).toEqual({ code: '123456' });
    expect(TwoFactorRecoveryCodesRequestSchema.parse({ password: 'segredo123' })).toEqual({ password: 'segredo123' });
  });

  it('refuses neither and both, naming the code field', () => {
    for (const body of [{}, { code: '123456', password: 'segredo123' }]) {
      const parsed = TwoFactorRecoveryCodesRequestSchema.safeParse(body);
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
        ['code', 'Informe um código do autenticador ou a senha'],
      ]);
    }
  });

  it('refuses an empty password and a code too short', () => {
    expect(TwoFactorRecoveryCodesRequestSchema.safeParse({ password: '' }).success).toBe(false);
    expect(TwoFactorRecoveryCodesRequestSchema.safeParse({ code: '12' }).success).toBe(false);
  });
});
