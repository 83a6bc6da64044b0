import { createHash, randomBytes } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';

/** RFC 6238 as authenticator apps expect it: SHA-1, 6 digits, a 30-second time step. */
export const TOTP_PERIOD_SECONDS = 30;
/**
 * The clock skew accepted between the server and the user's phone: the codes of the step before and the step
 * after the current one (±30 s) are valid too.
 */
export const TOTP_SKEW_SECONDS = 30;
/** Recovery codes a user gets at enrolment, each usable once. */
export const RECOVERY_CODE_COUNT = 10;
/** How long a sign-in challenge (the password was right, the code is still due) lives. */
export const CHALLENGE_TTL_SECONDS = 5 * 60;

export type CodeCheck = { readonly ok: true; readonly step: number } | { readonly ok: false };

const TOTP_CODE = /^\d{6}$/;
/** 16 base32 characters (80 bits), shown as four groups of four. */
const RECOVERY_CODE = /^[A-Z2-7]{16}$/;

/** A new authenticator secret (base32, 160 bits). */
export const newTotpSecret = (): string => generateSecret({ length: 20 });

/** The `otpauth://totp/...` URI the QR code carries. */
export const otpauthUrl = (secret: string, issuer: string, account: string): string =>
  generateURI({ issuer, label: account, secret, period: TOTP_PERIOD_SECONDS, digits: 6, algorithm: 'sha1' });

/**
 * Checks a 6-digit code against the secret at `now`, within the skew window, refusing any time step at or before
 * `lastUsedStep` (a code, or an older one, already accepted: no replay). On success the step to remember.
 */
export async function checkTotp(
  secret: string,
  code: string,
  lastUsedStep: number | null,
  now: Date = new Date(),
): Promise<CodeCheck> {
  if (!TOTP_CODE.test(code)) return { ok: false };
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1_000),
    period: TOTP_PERIOD_SECONDS,
    epochTolerance: TOTP_SKEW_SECONDS,
    ...(lastUsedStep === null ? {} : { afterTimeStep: lastUsedStep }),
  });
  return result.valid && 'timeStep' in result ? { ok: true, step: result.timeStep } : { ok: false };
}

/** A recovery code as typed (any case, with or without dashes or spaces) in its stored form, or null. */
export function normalizeRecoveryCode(code: string): string | null {
  const plain = code.replace(/[\s-]/g, '').toUpperCase();
  return RECOVERY_CODE.test(plain) ? plain : null;
}

export const hashRecoveryCode = (normalized: string): string => createHash('sha256').update(normalized).digest('hex');

/** New one-time recovery codes (`ABCD-EFGH-JKLM-NPQR`), to show once; only their hashes are stored. */
export function newRecoveryCodes(count: number = RECOVERY_CODE_COUNT): string[] {
  return Array.from({ length: count }, () => {
    const plain = generateSecret({ length: 10 });
    return plain.match(/.{4}/g)?.join('-') ?? plain;
  });
}

/** A sign-in challenge token (shown once to the client) and the hash it is stored under. */
export function newChallengeToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashChallengeToken(token) };
}
export const hashChallengeToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** What decides whether a user must sign in with a second factor. */
export interface TwoFactorPolicyInput {
  /** The company's `twoFactorRequired` setting is `enabled`. */
  readonly companyRequires: boolean;
  /** The platform's `twoFactorRequiredForAdmins` setting is `enabled`. */
  readonly platformRequiresAdmins: boolean;
  readonly profile: 'admin' | 'user';
  readonly isSuper: boolean;
}

/** The company can require it of everyone; the platform of every admin and super user. */
export const mustUseTwoFactor = (input: TwoFactorPolicyInput): boolean =>
  input.companyRequires || (input.platformRequiresAdmins && (input.profile === 'admin' || input.isSuper));
