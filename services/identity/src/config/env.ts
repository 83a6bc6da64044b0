import { z } from 'zod';
import { booleanFromEnv, ConfigError, sensitive } from '@cs/platform/config';
import { ServiceEnvSchema } from '@cs/platform/config';
import { mediaStorageEnv } from '@cs/platform/storage';
import { privateKeyProblem } from '../modules/auth/access-token.signer.js';

export const IdentityEnvSchema = ServiceEnvSchema.extend({
  IDENTITY_PORT: z.coerce.number().int().min(0).max(65_535).default(4101),
  /**
   * The EC P-256 private key that signs access tokens (ES256): PEM, or base64 of its PKCS#8 DER (one line). The
   * gateway holds only the public key (`AUTH_ACCESS_PUBLIC_KEY`). `make dev` generates a pair per run. Any other
   * key type (the Ed25519 keys of before) is refused at boot.
   */
  AUTH_ACCESS_PRIVATE_KEY: sensitive(
    z
      .string()
      .min(40)
      .superRefine((value, context) => {
        const problem = privateKeyProblem(value);
        if (problem) context.addIssue({ code: 'custom', message: problem });
      }),
  ),
  /** `Secure` on the refresh cookie; defaults to on in production. */
  AUTH_COOKIE_SECURE: booleanFromEnv.optional(),
  /** `SameSite` of the refresh cookie (`none` when the web is served from another site; needs Secure). */
  AUTH_COOKIE_SAMESITE: z.enum(['lax', 'strict', 'none']).default('lax'),
  /**
   * Seconds after a refresh token's rotation during which it is still exchanged (for a sibling of its successor)
   * instead of being treated as stolen: concurrent refreshes of one browser (tabs reloaded together) present the
   * same cookie. After the window a rotated token coming back revokes its whole family. 0 turns the window off.
   */
  REFRESH_REUSE_GRACE_SECONDS: z.coerce.number().int().min(0).max(60).default(10),
  /**
   * Public signups (`POST /companies/cadastro`) one client address may make in an hour; more get 429
   * ERR_TOO_MANY_REQUESTS with Retry-After. 0 turns the limit off.
   */
  SIGNUP_MAX_PER_ADDRESS: z.coerce.number().int().min(0).max(10_000).default(5),
  /** Password of the platform's super user, used by the seed; required in production, `super12345` in dev. */
  SUPER_USER_PASSWORD: sensitive(z.string().min(8)).optional(),
  /**
   * Key (at least 32 characters) that seals the users' authenticator secrets at rest. Keep it across releases: a
   * changed key leaves every enrolled user unable to pass the second step until an admin resets it. When unset it
   * is derived from INTERNAL_TOKEN.
   */
  IDENTITY_SECRETS_KEY: sensitive(z.string().min(32)).optional(),
  /** The name authenticator apps show beside each account (the `issuer` of the otpauth:// URI). */
  TWO_FACTOR_ISSUER: z.string().min(1).max(60).default('Atendimento'),
  /** Where uploaded announcement images are stored: a folder or a bucket. */
  ...mediaStorageEnv('.data/media/identity'),
  /**
   * Optional automation (CRM, n8n...) told of every public signup: identity POSTs the new company's data (never
   * the password) here, fire-and-forget through the SSRF-safe client. May hold a token: treated as sensitive.
   */
  SIGNUP_WEBHOOK_URL: sensitive(z.url({ protocol: /^https?$/ })).optional(),
  /** Hosts (`host[:port]`, comma-separated) exempt from the SSRF policy: tests and local fakes only. */
  OUTBOUND_HTTP_ALLOWED_HOSTS: z.string().optional(),
  ...passwordHashEnvShape(),
});
export type IdentityConfig = z.infer<typeof IdentityEnvSchema>;

/**
 * argon2id's cost for new password hashes (one lane): memory in KiB and passes over it. The default is OWASP's
 * baseline (19 MiB, 2 passes); a login re-hashes a password stored at another cost, so raising it upgrades each
 * password at its owner's next sign-in.
 */
function passwordHashEnvShape() {
  return {
    PASSWORD_HASH_MEMORY_KIB: z.coerce.number().int().min(8).max(4_194_304).default(19_456),
    PASSWORD_HASH_ITERATIONS: z.coerce.number().int().min(1).max(64).default(2),
  };
}
export const PasswordHashEnvSchema = z.object({
  NODE_ENV: ServiceEnvSchema.shape.NODE_ENV,
  ...passwordHashEnvShape(),
});

/** OWASP's weakest recommended argon2id settings: 7 MiB with 5 passes; memory × passes at least 35 MiB. */
const OWASP_MIN_MEMORY_KIB = 7_168;
const OWASP_MIN_MEMORY_PASSES = 35_840;

/**
 * The argon2id cost the settings give. Below OWASP's recommendations it is refused, except with NODE_ENV=test: the
 * test stacks hash at the least cost, where what matters is a hash that verifies.
 */
export function passwordHashCost(config: z.infer<typeof PasswordHashEnvSchema>): {
  memorySize: number;
  iterations: number;
  parallelism: 1;
} {
  const memory = config.PASSWORD_HASH_MEMORY_KIB;
  const passes = config.PASSWORD_HASH_ITERATIONS;
  if (config.NODE_ENV !== 'test' && (memory < OWASP_MIN_MEMORY_KIB || memory * passes < OWASP_MIN_MEMORY_PASSES)) {
    throw new ConfigError([
      `PASSWORD_HASH_MEMORY_KIB (${memory}) × PASSWORD_HASH_ITERATIONS (${passes}) is below OWASP's argon2id ` +
        `minimum (at least ${OWASP_MIN_MEMORY_KIB} KiB, and memory × passes at least ${OWASP_MIN_MEMORY_PASSES}): ` +
        'only NODE_ENV=test hashes at a lower cost',
    ]);
  }
  return { memorySize: memory, iterations: passes, parallelism: 1 };
}
