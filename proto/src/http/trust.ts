import { z } from 'zod';
import { IdSchema } from '../common/ids.js';
import { AUDIT_ACTION_PATTERN, AuditChangeSchema } from '../events/audit/topics.js';
import { IdParamSchema } from './common.js';
import { LoginResponseSchema } from './identity.js';

const mandatory = 'Obrigatório';

// --- two-factor sign-in (TOTP, RFC 6238) ----------------------------------------------------------------------

/**
 * The `details` of a 401 `ERR_TWO_FACTOR_REQUIRED` / `ERR_TWO_FACTOR_ENROLMENT_REQUIRED` answer to `POST /auth/login`:
 * the password was right; the short-lived challenge token continues the sign-in (no session exists yet).
 */
export const TwoFactorChallengeSchema = z.object({
  challengeToken: z.string(),
  /** Seconds the challenge stays valid. */
  expiresIn: z.number().int().positive(),
});
export type TwoFactorChallenge = z.infer<typeof TwoFactorChallengeSchema>;

const challengeToken = z.string({ error: mandatory }).trim().min(20, mandatory).max(200);
/** A 6-digit authenticator code or a recovery code (`XXXX-XXXX-XXXX-XXXX`); spaces are ignored. */
const code = z
  .string({ error: mandatory })
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().min(6, 'Informe o código').max(32, 'Código inválido'));

export const TwoFactorChallengeRequestSchema = z.object({ challengeToken });
export type TwoFactorChallengeRequest = z.infer<typeof TwoFactorChallengeRequestSchema>;
export const TwoFactorVerifyRequestSchema = z.object({ challengeToken, code });
export type TwoFactorVerifyRequest = z.infer<typeof TwoFactorVerifyRequestSchema>;
export const TwoFactorCodeRequestSchema = z.object({ code });
export type TwoFactorCodeRequest = z.infer<typeof TwoFactorCodeRequestSchema>;
/**
 * New recovery codes (`POST /auth/two-factor/recovery-codes`), proven with a current authenticator code or the
 * account's password: exactly one of them.
 */
export const TwoFactorRecoveryCodesRequestSchema = z
  .object({
    code: code.optional(),
    password: z.string().min(1, 'Informe a senha').max(200).optional(),
  })
  .superRefine((body, ctx) => {
    if ((body.code === undefined) === (body.password === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['code'], message: 'Informe um código do autenticador ou a senha' });
    }
  });
export type TwoFactorRecoveryCodesRequest = z.infer<typeof TwoFactorRecoveryCodesRequestSchema>;

/** A new authenticator secret, pending until a first code confirms it: the QR code shows `otpauthUrl`. */
export const TwoFactorSetupSchema = z.object({ secret: z.string(), otpauthUrl: z.string() });
export type TwoFactorSetup = z.infer<typeof TwoFactorSetupSchema>;
/** One-time recovery codes, shown once (only their hashes are kept). */
export const TwoFactorRecoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type TwoFactorRecoveryCodes = z.infer<typeof TwoFactorRecoveryCodesSchema>;
/** Enrolment finished during sign-in: the session, and the recovery codes to show once. */
export const TwoFactorEnrolledSignInSchema = LoginResponseSchema.extend({ recoveryCodes: z.array(z.string()) });
export type TwoFactorEnrolledSignIn = z.infer<typeof TwoFactorEnrolledSignInSchema>;

export const TwoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  /** The company (or the platform, for admins and super users) requires it: it cannot be disabled. */
  required: z.boolean(),
  enabledAt: z.string().nullable(),
  recoveryCodesLeft: z.number().int().min(0),
});
export type TwoFactorStatus = z.infer<typeof TwoFactorStatusSchema>;

// --- platform settings (super users) -------------------------------------------------------------------------

/** The platform-wide settings and the values each accepts (`PUT /platform-settings/{key}`). */
export const PLATFORM_SETTINGS = {
  /** Every super user and every company's admins must sign in with a second factor. */
  twoFactorRequiredForAdmins: { default: 'disabled', schema: z.enum(['enabled', 'disabled']) },
  /** Days the audit log keeps its entries (a daily job deletes older ones). */
  auditRetentionDays: {
    default: '365',
    schema: z
      .string()
      .regex(/^\d{1,4}$/, 'Informe um número de dias')
      .refine((value) => Number(value) >= 30 && Number(value) <= 3650, 'Entre 30 e 3650 dias'),
  },
} as const satisfies Record<string, { default: string; schema: z.ZodType<string> }>;
export type PlatformSettingKey = keyof typeof PLATFORM_SETTINGS;
export const PLATFORM_SETTING_KEYS = Object.keys(PLATFORM_SETTINGS) as [PlatformSettingKey, ...PlatformSettingKey[]];

export const PlatformSettingSchema = z.object({ key: z.enum(PLATFORM_SETTING_KEYS), value: z.string() });
export type PlatformSetting = z.infer<typeof PlatformSettingSchema>;
export const PlatformSettingParamsSchema = z.object({ key: z.string().min(1) });
export const PlatformSettingRequestSchema = z.object({ value: z.string({ error: mandatory }).max(100) });
export type PlatformSettingRequest = z.infer<typeof PlatformSettingRequestSchema>;

// --- audit log -----------------------------------------------------------------------------------------------

/** How many entries one page of `GET /audit-logs` holds at most. */
export const AUDIT_PAGE_MAX = 100;

export const AuditLogQuerySchema = z
  .object({
    /** Super users only: one company's entries (without it: every company's). Others: their own company. */
    companyId: IdParamSchema.optional(),
    /** The person who made the changes. */
    userId: IdParamSchema.optional(),
    action: z.string().regex(AUDIT_ACTION_PATTERN, 'Ação inválida').max(80).optional(),
    /** From this instant (inclusive), ISO 8601 with offset. */
    from: z.iso.datetime({ offset: true, error: 'Data inválida' }).optional(),
    /** Before this instant (exclusive). */
    to: z.iso.datetime({ offset: true, error: 'Data inválida' }).optional(),
    /** The `nextCursor` of the previous page. */
    cursor: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,200}$/, 'Cursor inválido')
      .optional(),
    limit: z.coerce.number<string | number>().int().min(1).max(AUDIT_PAGE_MAX).default(50),
  })
  .refine((query) => !query.from || !query.to || query.from < query.to, {
    path: ['to'],
    message: 'A data final deve ser posterior à inicial',
  });
export type AuditLogQuery = z.infer<typeof AuditLogQuerySchema>;

export const AuditLogEntrySchema = z.object({
  id: z.string(),
  occurredAt: z.string(),
  companyId: IdSchema,
  companyName: z.string().nullable(),
  actor: z.object({
    userId: IdSchema,
    name: z.string().nullable(),
    email: z.string().nullable(),
    profile: z.enum(['admin', 'user']),
    super: z.boolean(),
  }),
  ip: z.string().nullable(),
  action: z.string(),
  target: z.object({ type: z.string(), id: z.string(), label: z.string().nullable() }),
  changes: z.array(AuditChangeSchema),
  /** The service the change was made in. */
  service: z.string(),
});
export type AuditLogEntry = z.infer<typeof AuditLogEntrySchema>;

/** A page, newest first; `nextCursor` asks for the next (older) one, null at the end. */
export const AuditLogPageSchema = z.object({
  records: z.array(AuditLogEntrySchema),
  nextCursor: z.string().nullable(),
});
export type AuditLogPage = z.infer<typeof AuditLogPageSchema>;

export const AuditActorsQuerySchema = z.object({ companyId: IdParamSchema.optional() });
/** The people who appear in a company's log (the person filter's choices), most recent first. */
export const AuditActorSchema = z.object({
  userId: IdSchema,
  companyId: IdSchema,
  name: z.string().nullable(),
  email: z.string().nullable(),
});
export type AuditActor = z.infer<typeof AuditActorSchema>;
