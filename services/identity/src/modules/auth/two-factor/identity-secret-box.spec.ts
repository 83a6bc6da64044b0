import { ConfigError } from '@cs/platform/config';
import { identitySecretBox } from './two-factor.store.js';

const KEY = 'an-identity-secrets-key-of-32-characters';
const TOKEN = 'the-internal-token-of-this-installation';

describe(identitySecretBox.name, () => {
  it('refuses to start in production without IDENTITY_SECRETS_KEY', () => {
    expect(() => identitySecretBox({ NODE_ENV: 'production', INTERNAL_TOKEN: TOKEN })).toThrow(ConfigError);
    expect(() => identitySecretBox({ NODE_ENV: 'production', INTERNAL_TOKEN: TOKEN })).toThrow(/IDENTITY_SECRETS_KEY/);
  });

  it('keeps an authenticator secret readable after a restart with another internal token', () => {
    const sealed = identitySecretBox({ NODE_ENV: 'production', IDENTITY_SECRETS_KEY: KEY, INTERNAL_TOKEN: TOKEN }).seal(
      'JBSWY3DPEHPK3PXP',
    );
    const restarted = identitySecretBox({
      NODE_ENV: 'production',
      IDENTITY_SECRETS_KEY: KEY,
      INTERNAL_TOKEN: 'another-internal-token-after-restart',
    });
    expect(restarted.open(sealed)).toBe('JBSWY3DPEHPK3PXP');
  });

  it('still opens secrets sealed with the derived key before the key was configured', () => {
    const before = identitySecretBox({ NODE_ENV: 'development', INTERNAL_TOKEN: TOKEN }).seal('JBSWY3DPEHPK3PXP');
    const now = identitySecretBox({ NODE_ENV: 'production', IDENTITY_SECRETS_KEY: KEY, INTERNAL_TOKEN: TOKEN });
    expect(now.open(before)).toBe('JBSWY3DPEHPK3PXP');
  });
});
