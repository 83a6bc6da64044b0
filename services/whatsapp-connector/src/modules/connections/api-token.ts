import { createHash, randomBytes } from 'node:crypto';

/** The shortest external-API token an admin may type. */
export const API_TOKEN_MIN_LENGTH = 32;

/** Estimated bits a typed token must carry (its length times the Shannon entropy of its characters). */
const MIN_ESTIMATED_BITS = 128;

/** A new external-API token: 32 random bytes, base64url (43 characters). */
export const generateApiToken = (): string => randomBytes(32).toString('base64url');

/** What the connector keeps of a token, and what tickets matches the bearer against: SHA-256, lowercase hex. */
export const apiTokenDigest = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

/**
 * Why a typed token is guessable (the message shown next to the field), or null when it is strong: at least 32
 * characters, no spaces, at least two kinds of characters (lowercase, uppercase, digits, symbols) and no long
 * runs of few characters (estimated at 128 bits or more: length × the entropy of its character frequencies).
 */
export function apiTokenWeakness(token: string): string | null {
  if (token.length < API_TOKEN_MIN_LENGTH) {
    return `O token deve ter pelo menos ${API_TOKEN_MIN_LENGTH} caracteres (deixe em branco para gerar um).`;
  }
  if (/\s/.test(token)) return 'O token não pode ter espaços.';
  const kinds = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^A-Za-z0-9]/].filter((kind) => kind.test(token)).length;
  const counts = new Map<string, number>();
  for (const char of token) counts.set(char, (counts.get(char) ?? 0) + 1);
  let entropy = 0;
  for (const count of counts.values()) {
    const p = count / token.length;
    entropy -= p * Math.log2(p);
  }
  if (kinds < 2 || entropy * token.length < MIN_ESTIMATED_BITS) {
    return 'O token é previsível: use letras e números aleatórios ou deixe em branco para gerar um.';
  }
  return null;
}
