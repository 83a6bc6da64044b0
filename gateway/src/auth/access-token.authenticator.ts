import { Injectable } from '@nestjs/common';
import passport from 'passport';
import type { CallerIdentity } from './auth-state.js';
import { AccessRefused, CLOCK_TOLERANCE_MS, JwtStrategy, type TokenCarrier } from './jwt.strategy.js';

/** Verified tokens kept (a few MB at most); the least recently used goes first. */
const MAX_VERIFIED_TOKENS = 10_000;

export type Authentication =
  | { readonly ok: true; readonly identity: CallerIdentity }
  | { readonly ok: false; readonly code: 'ERR_SESSION_EXPIRED' | 'ERR_INVALID_TOKEN' };

/**
 * The access check shared by HTTP and the socket handshake, through passport and the `jwt` strategy: no token →
 * 401 ERR_SESSION_EXPIRED (the client logs out); a bad, foreign-key or expired token → 403 ERR_INVALID_TOKEN (the
 * client refreshes once); a valid token of an ended session → 401 ERR_SESSION_EXPIRED.
 *
 * The strategy is used through this app's own passport `Authenticator`, not passport's process-wide one, so that
 * two gateways in one process (tests) never verify with each other's keys.
 */
@Injectable()
export class AccessTokenAuthenticator {
  private readonly passport = new passport.Authenticator();
  /**
   * Tokens whose signature, algorithm, issuer and audience passed, with their claims, most recently used last: a
   * token comes with every request of a session, and an ES256 verification costs about a millisecond of CPU. Expiry
   * and the session checks (`JwtStrategy.validate`: revoked sessions, deleted users) still run on every request.
   */
  private readonly verified = new Map<string, { readonly claims: object; readonly expiresAtMs: number }>();

  constructor(private readonly strategy: JwtStrategy) {
    this.passport.use('jwt', strategy);
  }

  async authenticate(accessToken: string | undefined): Promise<Authentication> {
    if (!accessToken) return { ok: false, code: 'ERR_SESSION_EXPIRED' };
    const known = this.verified.get(accessToken);
    if (known) {
      this.verified.delete(accessToken);
      if (Date.now() <= known.expiresAtMs + CLOCK_TOLERANCE_MS) {
        this.verified.set(accessToken, known);
        try {
          return { ok: true, identity: this.strategy.validate(known.claims) };
        } catch (error) {
          if (error instanceof AccessRefused) return { ok: false, code: error.code };
          throw error;
        }
      }
    }
    const result = await this.verify(accessToken);
    if (result.ok) this.remember(accessToken);
    return result;
  }

  /** Keeps a token that passport just accepted (its claims are the token's payload, now known to be signed). */
  private remember(accessToken: string): void {
    const claims = JSON.parse(Buffer.from(accessToken.split('.')[1] ?? '', 'base64url').toString()) as {
      exp?: unknown;
    };
    if (typeof claims.exp !== 'number') return;
    this.verified.set(accessToken, { claims, expiresAtMs: claims.exp * 1000 });
    if (this.verified.size > MAX_VERIFIED_TOKENS) {
      const oldest = this.verified.keys().next().value;
      if (oldest !== undefined) this.verified.delete(oldest);
    }
  }

  private verify(accessToken: string): Promise<Authentication> {
    return new Promise((resolve, reject) => {
      const carrier: TokenCarrier = { accessToken };
      const verify = this.passport.authenticate(
        'jwt',
        { session: false },
        (error: unknown, identity: CallerIdentity | false, challenge: unknown) => {
          if (identity) return resolve({ ok: true, identity });
          const refused = error ?? challenge;
          if (refused instanceof AccessRefused) return resolve({ ok: false, code: refused.code });
          // an error that is not a refusal is a fault of ours; any other failure is a token jsonwebtoken refused
          if (error) return reject(error instanceof Error ? error : new Error('passport failed', { cause: error }));
          return resolve({ ok: false, code: 'ERR_INVALID_TOKEN' });
        },
      ) as (request: TokenCarrier, response: unknown, next: (error?: unknown) => void) => void;
      verify(carrier, undefined, reject);
    });
  }
}
