import { ConfigError, loadConfig, redactConfig } from '@cs/platform/config';
import { BillingEnvSchema } from './env.js';

const BASE = {
  INTERNAL_TOKEN: 'internal-token-0123456789',
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/cs',
  BILLING_WEBHOOK_SECRET: 'a-webhook-secret-of-24-chars-or-more',
  EFI_CLIENT_ID: 'Client_Id_abc',
  EFI_CLIENT_SECRET: 'Client_Secret_xyz',
  EFI_PIX_KEY: 'financeiro@plataforma.com.br',
};

describe('billing configuration', () => {
  it('needs exactly one of the certificate path and the base64 certificate', () => {
    expect(() => loadConfig(BillingEnvSchema, BASE)).toThrow(ConfigError);
    expect(() =>
      loadConfig(BillingEnvSchema, { ...BASE, EFI_CERTIFICATE_PATH: '/run/efi.p12', EFI_CERTIFICATE_BASE64: 'AAAA' }),
    ).toThrow(/EFI_CERTIFICATE_PATH/);
    const config = loadConfig(BillingEnvSchema, { ...BASE, EFI_CERTIFICATE_PATH: '/run/efi.p12' });
    expect(config).toMatchObject({ EFI_ENVIRONMENT: 'sandbox', BILLING_PORT: 4106, BILLING_INVOICE_LEAD_DAYS: 20 });
  });

  it('refuses a short webhook secret and an unknown environment', () => {
    const env = { ...BASE, EFI_CERTIFICATE_PATH: '/run/efi.p12' };
    expect(() => loadConfig(BillingEnvSchema, { ...env, BILLING_WEBHOOK_SECRET: 'short' })).toThrow(
      /BILLING_WEBHOOK_SECRET/,
    );
    expect(() => loadConfig(BillingEnvSchema, { ...env, EFI_ENVIRONMENT: 'homologacao' })).toThrow(/EFI_ENVIRONMENT/);
  });

  it('never shows the secrets when the configuration is logged', () => {
    const config = loadConfig(BillingEnvSchema, {
      ...BASE,
      EFI_CERTIFICATE_BASE64: 'LS0tLS1CRUdJTg==',
      EFI_CERTIFICATE_PASSPHRASE: 'p12-passphrase',
    });
    const logged = JSON.stringify(redactConfig(BillingEnvSchema, config as Record<string, unknown>));
    for (const secret of [
      'Client_Id_abc',
      'Client_Secret_xyz',
      'a-webhook-secret',
      'LS0tLS1CRUdJTg',
      'p12-passphrase',
    ]) {
      expect(logged).not.toContain(secret);
    }
    expect(logged).toContain('financeiro@plataforma.com.br');
  });
});
