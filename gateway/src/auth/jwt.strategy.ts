import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import passportJwt from 'passport-jwt';
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER, AccessTokenClaimsSchema } from '@cs/proto/http';
import { APP_CONFIG } from '@cs/platform/config';
import type { GatewayConfig } from '../config/env.js';
import { ACCESS_TOKEN_ALGORITHM, publicKeysById } from './access-keys.js';
import { AuthState, type CallerIdentity } from './auth-state.js';

/** What the strategy reads the token from: the bearer of an HTTP request, or a socket's handshake token. */
export interface TokenCarrier {
  readonly accessToken: string | undefined;
}

/** A verified token that must still be refused, with the error code the spec's clients act on. */
export class AccessRefused extends Error {
  constructor(readonly code: 'ERR_SESSION_EXPIRED' | 'ERR_INVALID_TOKEN') {
    super(code);
    this.name = 'AccessRefused';
  }
}

/** The clock slack of the expiry check (identity's and the gateway's clocks may differ a little). */
export const CLOCK_TOLERANCE_MS = 5_000;

/** Longer than any token identity signs: refused before any parsing. */
const MAX_TOKEN_LENGTH = 8_192;

const keyIdOfToken = (token: string): string | undefined => {
  try {
    const header: unknown = JSON.parse(Buffer.from(token.slice(0, token.indexOf('.')), 'base64url').toString());
    const kid = (header as { kid?: unknown } | null)?.kid;
    return typeof kid === 'string' ? kid : undefined;
  } catch {
    return undefined;
  }
};

/**
 * The `jwt` passport strategy (passport-jwt, i.e. jsonwebtoken): ES256 only, with identity's public key named by
 * the token's `kid` (several keys while rotating), issuer and audience fixed, expiry checked with 5 s of clock
 * slack; the claims are then parsed with the proto schema and checked against what identity announced since the
 * token was signed (revoked sessions, deleted users and companies). The result is the caller's identity.
 */
@Injectable()
export class JwtStrategy extends PassportStrategy(passportJwt.Strategy, 'jwt') {
  constructor(
    @Inject(APP_CONFIG) config: GatewayConfig,
    private readonly state: AuthState,
  ) {
    const keys = publicKeysById(config.AUTH_ACCESS_PUBLIC_KEY);
    super({
      jwtFromRequest: (carrier: TokenCarrier) => carrier.accessToken ?? null,
      secretOrKeyProvider: (_carrier: TokenCarrier, token: string, done: (error: unknown, key?: Buffer) => void) => {
        const key = token.length <= MAX_TOKEN_LENGTH ? keys.get(keyIdOfToken(token) ?? '') : undefined;
        if (!key) return done(new AccessRefused('ERR_INVALID_TOKEN'));
        // @types/passport-jwt narrows the key to string | Buffer; jsonwebtoken 9 takes the KeyObject as it is
        // (a PEM would be parsed again for every token)
        return done(null, key as unknown as Buffer);
      },
      algorithms: [ACCESS_TOKEN_ALGORITHM],
      issuer: ACCESS_TOKEN_ISSUER,
      audience: ACCESS_TOKEN_AUDIENCE,
      ignoreExpiration: false,
      jsonWebTokenOptions: { clockTolerance: CLOCK_TOLERANCE_MS / 1000 },
    });
  }

  /** Called by passport-jwt with a payload whose signature, algorithm, issuer, audience and expiry passed. */
  validate(decoded: object): CallerIdentity {
    const claims = AccessTokenClaimsSchema.safeParse(decoded);
    if (!claims.success) throw new AccessRefused('ERR_INVALID_TOKEN');
    if (this.state.isRevoked(claims.data)) throw new AccessRefused('ERR_SESSION_EXPIRED');
    return this.state.identityOf(claims.data);
  }
}
