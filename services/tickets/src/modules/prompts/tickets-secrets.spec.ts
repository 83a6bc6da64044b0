import { ConfigError } from '@cs/platform/config';
import { SecretBox } from '@cs/platform/secrets';
import { ticketsSecretBox } from './tickets-secrets.js';

const KEY = 'a-tickets-secrets-key-of-32-characters!!';
const TOKEN = 'the-internal-token-of-this-installation';

describe(ticketsSecretBox.name, () => {
  it('refuses to start in production without TICKETS_SECRETS_KEY', () => {
    expect(() => ticketsSecretBox({ NODE_ENV: 'production', INTERNAL_TOKEN: TOKEN })).toThrow(ConfigError);
    expect(() => ticketsSecretBox({ NODE_ENV: 'production', INTERNAL_TOKEN: TOKEN })).toThrow(/TICKETS_SECRETS_KEY/);
  });

  it('seals with the configured key, which the next start (another internal token) still opens', () => {
    const sealed = ticketsSecretBox({ NODE_ENV: 'production', TICKETS_SECRETS_KEY: KEY, INTERNAL_TOKEN: TOKEN }).seal(
      'sk-live-0123456789',
    );
    const restarted = ticketsSecretBox({
      NODE_ENV: 'production',
      TICKETS_SECRETS_KEY: KEY,
      INTERNAL_TOKEN: 'another-internal-token-after-restart',
    });
    expect(restarted.open(sealed)).toBe('sk-live-0123456789');
    expect(new SecretBox(KEY).open(sealed)).toBe('sk-live-0123456789');
  });

  it('still opens values sealed with the key derived from the same internal token before the key was set', () => {
    const before = ticketsSecretBox({ NODE_ENV: 'development', INTERNAL_TOKEN: TOKEN }).seal('sk-old-0123456789');
    const now = ticketsSecretBox({ NODE_ENV: 'production', TICKETS_SECRETS_KEY: KEY, INTERNAL_TOKEN: TOKEN });
    expect(now.open(before)).toBe('sk-old-0123456789');
    const other = ticketsSecretBox({
      NODE_ENV: 'production',
      TICKETS_SECRETS_KEY: KEY,
      INTERNAL_TOKEN: 'x'.repeat(20),
    });
    expect(other.tryOpen(before)).toBeNull();
  });
});
