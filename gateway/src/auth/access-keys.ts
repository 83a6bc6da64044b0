import { createHash, createPublicKey, type KeyObject } from 'node:crypto';

/** The only access-token algorithm: ECDSA on P-256 with SHA-256 (identity signs, passport-jwt verifies). */
export const ACCESS_TOKEN_ALGORITHM = 'ES256';

/** Whether a key is an EC key on P-256 (`prime256v1`), the curve ES256 requires. */
export const isP256 = (key: KeyObject): boolean =>
  key.asymmetricKeyType === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'prime256v1';

/** A public key from the environment: PEM (literal `\n` allowed) or base64 of the SPKI DER. */
export function parsePublicKey(value: string): KeyObject {
  const text = value.trim().replace(/\\n/g, '\n');
  return text.startsWith('-----BEGIN')
    ? createPublicKey(text)
    : createPublicKey({ key: Buffer.from(text, 'base64'), format: 'der', type: 'spki' });
}

/** The key id identity puts in `kid`: the first 16 hex digits of the SHA-256 of the public key's SPKI DER. */
export const keyIdOf = (publicKey: KeyObject): string =>
  createHash('sha256')
    .update(publicKey.export({ format: 'der', type: 'spki' }))
    .digest('hex')
    .slice(0, 16);

/** Why `AUTH_ACCESS_PUBLIC_KEY` cannot verify access tokens, or undefined when every key in it is a P-256 key. */
export function publicKeysProblem(value: string): string | undefined {
  const values = value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  if (values.length === 0) return 'must hold at least one key';
  for (const [index, item] of values.entries()) {
    let key: KeyObject;
    try {
      key = parsePublicKey(item);
    } catch {
      return `key ${index + 1} is not a PEM or base64 SPKI DER public key`;
    }
    if (!isP256(key)) {
      const type = key.asymmetricKeyDetails?.namedCurve ?? key.asymmetricKeyType ?? 'unknown';
      return `key ${index + 1} is ${type}: access tokens are ES256, the keys must be EC P-256 (prime256v1)`;
    }
  }
  return undefined;
}

/** Identity's public keys by key id (several while keys rotate); the config schema has already checked them. */
export function publicKeysById(value: string): ReadonlyMap<string, KeyObject> {
  const problem = publicKeysProblem(value);
  if (problem) throw new Error(`AUTH_ACCESS_PUBLIC_KEY ${problem}`);
  const keys = value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
    .map(parsePublicKey);
  return new Map(keys.map((key) => [keyIdOf(key), key]));
}
