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

/** ECDSA on P-256 with SHA-256: what the gateway's passport-jwt (jsonwebtoken) strategy verifies. */
export const ACCESS_TOKEN_ALGORITHM = 'ES256';

/** A key from the environment: PEM (with literal `\n` allowed) or base64 of the DER. */
export function parsePrivateKey(value: string): KeyObject {
  const text = value.trim().replace(/\\n/g, '\n');
  return text.startsWith('-----BEGIN')
    ? createPrivateKey(text)
    : createPrivateKey({ key: Buffer.from(text, 'base64'), format: 'der', type: 'pkcs8' });
}

/** Why a private key cannot sign access tokens, or undefined for an EC P-256 (prime256v1) key. */
export function privateKeyProblem(value: string): string | undefined {
  let key: KeyObject;
  try {
    key = parsePrivateKey(value);
  } catch {
    return 'is not a PEM or base64 PKCS#8 DER private key';
  }
  if (key.asymmetricKeyType === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'prime256v1') return undefined;
  const type = key.asymmetricKeyDetails?.namedCurve ?? key.asymmetricKeyType ?? 'unknown';
  return `is ${type}: access tokens are ES256, the key must be EC P-256 (prime256v1)`;
}

/** The key id: the first 16 hex digits of the SHA-256 of the public key's DER (lets gateways hold several keys). */
export const keyIdOf = (publicKey: KeyObject): string =>
  createHash('sha256')
    .update(publicKey.export({ format: 'der', type: 'spki' }))
    .digest('hex')
    .slice(0, 16);

export type AccessTokenInput = Omit<AccessTokenClaims, 'iat' | 'exp' | 'ims'>;

/** Signs access tokens (ES256 / EC P-256, 15 minutes). Only identity holds the private key (ADR 0005). */
@Injectable()
export class AccessTokenSigner {
  private readonly key: KeyObject;
  private readonly keyId: string;

  constructor(@Inject(APP_CONFIG) config: IdentityConfig) {
    const problem = privateKeyProblem(config.AUTH_ACCESS_PRIVATE_KEY);
    if (problem) throw new Error(`AUTH_ACCESS_PRIVATE_KEY ${problem}`);
    this.key = parsePrivateKey(config.AUTH_ACCESS_PRIVATE_KEY);
    this.keyId = keyIdOf(createPublicKey(this.key));
  }

  async sign(claims: AccessTokenInput, now: Date = new Date()): Promise<string> {
    const { sub, ...rest } = claims;
    const issuedAt = Math.floor(now.getTime() / 1_000);
    return new SignJWT({ ...rest, ims: now.getTime() })
      .setProtectedHeader({ alg: ACCESS_TOKEN_ALGORITHM, typ: 'JWT', kid: this.keyId })
      .setSubject(sub)
      .setIssuer(ACCESS_TOKEN_ISSUER)
      .setAudience(ACCESS_TOKEN_AUDIENCE)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + ACCESS_TOKEN_TTL_SECONDS)
      .sign(this.key);
  }
}
