import { Injectable } from '@nestjs/common';
import passport from 'passport';
import type { CallerIdentity } from './auth-state.js';
import { AccessRefused, JwtStrategy, type TokenCarrier } from './jwt.strategy.js';

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

  constructor(strategy: JwtStrategy) {
    this.passport.use('jwt', strategy);
  }

  authenticate(accessToken: string | undefined): Promise<Authentication> {
    if (!accessToken) return Promise.resolve({ ok: false, code: 'ERR_SESSION_EXPIRED' });
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
