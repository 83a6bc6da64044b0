import { createHash, createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { SignJWT } from 'jose';
import {
  ACCESS_TOKEN_AUDIENCE,
  ACCESS_TOKEN_ISSUER,
  ACCESS_TOKEN_TTL_SECONDS,
  type AccessTokenClaims,
} from '@cs/proto/http';
import { APP_CONFIG } from '@cs/platform/config';
import type { IdentityConfig } from '../../config/env.js';

/** A key from the environment: PEM (with literal `\n` allowed) or base64 of the DER. */
export function parsePrivateKey(value: string): KeyObject {
  const text = value.trim().replace(/\\n/g, '\n');
  return text.startsWith('-----BEGIN')
    ? createPrivateKey(text)
    : createPrivateKey({ key: Buffer.from(text, 'base64'), format: 'der', type: 'pkcs8' });
}

/** The key id: the first 16 hex digits of the SHA-256 of the public key's DER (lets gateways hold several keys). */
export const keyIdOf = (publicKey: KeyObject): string =>
  createHash('sha256')
    .update(publicKey.export({ format: 'der', type: 'spki' }))
    .digest('hex')
    .slice(0, 16);

export type AccessTokenInput = Omit<AccessTokenClaims, 'iat' | 'exp' | 'ims'>;

/** Signs access tokens (EdDSA / Ed25519, 15 minutes). Only identity holds the private key (ADR 0005). */
@Injectable()
export class AccessTokenSigner {
  private readonly key: KeyObject;
  private readonly keyId: string;

  constructor(@Inject(APP_CONFIG) config: IdentityConfig) {
    this.key = parsePrivateKey(config.AUTH_ACCESS_PRIVATE_KEY);
    if (this.key.asymmetricKeyType !== 'ed25519') throw new Error('AUTH_ACCESS_PRIVATE_KEY must be an Ed25519 key');
    this.keyId = keyIdOf(createPublicKey(this.key));
  }

  async sign(claims: AccessTokenInput, now: Date = new Date()): Promise<string> {
    const { sub, ...rest } = claims;
    const issuedAt = Math.floor(now.getTime() / 1_000);
    return new SignJWT({ ...rest, ims: now.getTime() })
      .setProtectedHeader({ alg: 'EdDSA', typ: 'JWT', kid: this.keyId })
      .setSubject(sub)
      .setIssuer(ACCESS_TOKEN_ISSUER)
      .setAudience(ACCESS_TOKEN_AUDIENCE)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + ACCESS_TOKEN_TTL_SECONDS)
      .sign(this.key);
  }
}
