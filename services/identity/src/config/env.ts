import { z } from 'zod';
import { booleanFromEnv, sensitive } from '@cs/platform/config';
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
});
export type IdentityConfig = z.infer<typeof IdentityEnvSchema>;
