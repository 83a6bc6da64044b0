/**
 * Keys whose values never reach a log line: secrets, message contents and personal data (phone numbers).
 * Matching is by key name at any depth, case-insensitive.
 */
const REDACTED_KEYS = new Set(
  [
    'password',
    'passwordHash',
    'newPassword',
    'token',
    'accessToken',
    'refreshToken',
    'authorization',
    'cookie',
    'set-cookie',
    'secret',
    'apiKey',
    'x-internal-token',
    'jrt',
    'body',
    'text',
    'caption',
    'lastMessage',
    'vcard',
    'number',
    'phone',
    'qrcode',
    'DATABASE_URL',
    'INTERNAL_TOKEN',
    'JWT_SECRET',
    'JWT_REFRESH_SECRET',
  ].map((key) => key.toLowerCase()),
);

export const REDACTED = '[redacted]';

export function redact(value: unknown, depth = 0): unknown {
  if (depth > 8 || value === null || typeof value !== 'object') return value;
  if (value instanceof Error) return { type: value.name, message: value.message, stack: value.stack };
  if (Array.isArray(value)) return value.map((item) => redact(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    out[key] = REDACTED_KEYS.has(key.toLowerCase()) ? REDACTED : redact(item, depth + 1);
  }
  return out;
}
