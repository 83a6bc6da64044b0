import { z } from 'zod';
import { booleanFromEnv, sensitive, ServiceEnvSchema } from '@cs/platform/config';

/** Efí's Pix API hosts (mutual TLS with the account's certificate). */
export const EFI_HOSTS = {
  production: 'https://pix.api.efipay.com.br',
  sandbox: 'https://pix-h.api.efipay.com.br',
} as const;

export const BillingEnvSchema = ServiceEnvSchema.extend({
  BILLING_PORT: z.coerce.number().int().min(0).max(65_535).default(4106),
  /** pg-boss's schema for the invoice generation job. */
  BILLING_JOBS_SCHEMA: z
    .string()
    .regex(/^[a-z][a-z0-9_]*$/)
    .default('billing_jobs'),
  /** When the invoice generation runs (cron, America/Sao_Paulo): a few times a day. */
  BILLING_INVOICE_CRON: z.string().min(9).default('15 */6 * * *'),
  /** An invoice is created this many days before the company's due date (at once when it is closer or past). */
  BILLING_INVOICE_LEAD_DAYS: z.coerce.number().int().min(1).max(60).default(20),
  /** When open charges are reconciled with the provider (cron, America/Sao_Paulo): every minute. */
  BILLING_RECONCILE_CRON: z.string().min(9).default('* * * * *'),
  /**
   * A charge still open this long after it was created (seconds) is asked about at the provider: a payment whose
   * notifications all failed is confirmed then.
   */
  BILLING_RECONCILE_AFTER_SECONDS: z.coerce.number().int().min(30).max(86_400).default(180),
  /** How long a Pix charge can be paid (seconds). */
  BILLING_CHARGE_EXPIRY_SECONDS: z.coerce.number().int().min(300).max(604_800).default(3_600),
  /**
   * The secret in the webhook URL registered with the provider (`?hmac=<secret>`); a notification without it is
   * refused. At least 24 characters.
   */
  BILLING_WEBHOOK_SECRET: sensitive(z.string().min(24)),
  /** The public address the provider calls (the gateway), e.g. https://app.example.com.br/api. */
  BILLING_PUBLIC_URL: z.url().optional(),
  /** Register `BILLING_PUBLIC_URL/subscription/webhook` for the Pix key at start-up. */
  BILLING_REGISTER_WEBHOOK: booleanFromEnv.default(false),
  EFI_ENVIRONMENT: z.enum(['sandbox', 'production']).default('sandbox'),
  /** Another API address than the environment's (the fake Efí of tests and `make dev`). */
  EFI_API_URL: z.url().optional(),
  EFI_CLIENT_ID: sensitive(z.string().min(1)),
  EFI_CLIENT_SECRET: sensitive(z.string().min(1)),
  /** The account's certificate: a .p12 file or a PEM with certificate and key (path, or the file in base64). */
  EFI_CERTIFICATE_PATH: z.string().min(1).optional(),
  EFI_CERTIFICATE_BASE64: sensitive(z.string().min(1)).optional(),
  EFI_CERTIFICATE_PASSPHRASE: sensitive(z.string()).optional(),
  /** An extra CA (PEM, base64) the API's server certificate is checked against (the fake Efí's own CA). */
  EFI_CA_BASE64: z.string().min(1).optional(),
  /**
   * Efí checks at webhook registration that our endpoint demands its client certificate (mutual TLS). Where the
   * reverse proxy does not terminate that, the registration asks Efí to skip the check (`x-skip-mtls-checking`);
   * the secret in the URL and the re-read of every charge still stand.
   */
  EFI_WEBHOOK_SKIP_MTLS_CHECKING: booleanFromEnv.default(true),
  /** The Pix key (chave) that receives the payments. */
  EFI_PIX_KEY: z.string().min(1).max(77),
}).refine((config) => Boolean(config.EFI_CERTIFICATE_PATH) !== Boolean(config.EFI_CERTIFICATE_BASE64), {
  message: 'set exactly one of EFI_CERTIFICATE_PATH and EFI_CERTIFICATE_BASE64',
  path: ['EFI_CERTIFICATE_PATH'],
});
export type BillingConfig = z.infer<typeof BillingEnvSchema>;
