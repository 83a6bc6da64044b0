import { createHash, createPublicKey, type KeyObject } from 'node:crypto';
import { errors, jwtVerify, type JWTHeaderParameters } from 'jose';
import {
  ACCESS_TOKEN_AUDIENCE,
  ACCESS_TOKEN_ISSUER,
  type AccessTokenClaims,
  AccessTokenClaimsSchema,
} from '@cs/proto/http';

/** A public key from the environment: PEM (literal `\n` allowed) or base64 of the SPKI DER. */
export function parsePublicKey(value: string): KeyObject {
  const text = value.trim().replace(/\\n/g, '\n');
  return text.startsWith('-----BEGIN')
    ? createPublicKey(text)
    : createPublicKey({ key: Buffer.from(text, 'base64'), format: 'der', type: 'spki' });
}

export const keyIdOf = (publicKey: KeyObject): string =>
  createHash('sha256')
    .update(publicKey.export({ format: 'der', type: 'spki' }))
    .digest('hex')
    .slice(0, 16);

export type Verification =
  | { readonly ok: true; readonly claims: AccessTokenClaims }
  | { readonly ok: false; readonly reason: 'expired' | 'invalid' };

/**
 * Verifies access tokens with identity's public key(s) only: EdDSA, issuer and audience fixed, expiry checked,
 * claims parsed with the proto schema. Any failure is "invalid or expired" (403: the client refreshes once).
 */
export class AccessTokenVerifier {
  private readonly keys: Map<string, KeyObject>;

  constructor(publicKeys: string) {
    const keys = publicKeys
      .split(',')
      .map((value) => value.trim())
      .filter(Boolean)
      .map(parsePublicKey);
    for (const key of keys) {
      if (key.asymmetricKeyType !== 'ed25519') throw new Error('AUTH_ACCESS_PUBLIC_KEY must hold Ed25519 keys');
    }
    this.keys = new Map(keys.map((key) => [keyIdOf(key), key]));
  }

  async verify(token: string): Promise<Verification> {
    if (token.length > 8_192) return { ok: false, reason: 'invalid' };
    try {
      const { payload } = await jwtVerify(
        token,
        (header: JWTHeaderParameters) => {
          const key = header.kid ? this.keys.get(header.kid) : undefined;
          if (!key) throw new errors.JWKSNoMatchingKey();
          return key;
        },
        { algorithms: ['EdDSA'], issuer: ACCESS_TOKEN_ISSUER, audience: ACCESS_TOKEN_AUDIENCE, clockTolerance: 5 },
      );
      const claims = AccessTokenClaimsSchema.safeParse(payload);
      return claims.success ? { ok: true, claims: claims.data } : { ok: false, reason: 'invalid' };
    } catch (error) {
      return { ok: false, reason: error instanceof errors.JWTExpired ? 'expired' : 'invalid' };
    }
  }
}
