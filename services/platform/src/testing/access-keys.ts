import { generateKeyPairSync } from 'node:crypto';

export interface AccessTokenKeyPair {
  /** PKCS#8 DER in base64: identity's `AUTH_ACCESS_PRIVATE_KEY`. */
  readonly privateKey: string;
  /** SPKI DER in base64: the gateway's `AUTH_ACCESS_PUBLIC_KEY`. */
  readonly publicKey: string;
}

/** A fresh EC P-256 pair for access tokens (ES256: identity signs, the gateway verifies), as both hold it. */
export function accessTokenKeys(): AccessTokenKeyPair {
  const keys = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return {
    privateKey: keys.privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64'),
    publicKey: keys.publicKey.export({ format: 'der', type: 'spki' }).toString('base64'),
  };
}
