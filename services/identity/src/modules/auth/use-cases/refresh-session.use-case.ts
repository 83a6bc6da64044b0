import { Inject, Injectable } from '@nestjs/common';
import { REFRESH_TOKEN_TTL_SECONDS } from '@cs/proto/http';
import { APP_CONFIG } from '@cs/platform/config';
import { TransactionHost } from '@cs/platform/database';
import { DomainError } from '@cs/platform/errors';
import { EventPublisher } from '@cs/platform/events';
import type { IdentityConfig } from '../../../config/env.js';
import { UserEntity } from '../../users/user.entity.js';
import { AccessTokenSigner } from '../access-token.signer.js';
import { RefreshTokenEntity } from '../refresh-token.entity.js';
import { SessionEntity } from '../session.entity.js';
import { sessionUserAndClaims } from '../session-user.js';
import { hashRefreshToken, issueRefreshToken, presentedTokenVerdict, revokeSessions } from '../sessions.js';
import type { SignedIn } from '../sign-in.js';
import { TwoFactorPolicy } from '../two-factor/two-factor.policy.js';

type Outcome = { kind: 'rotated'; result: SignedIn } | { kind: 'refused' };

/**
 * `POST /auth/refresh_token` (cookie `jrt`). A live token is exchanged once: it is marked rotated and a new one
 * of the same family (session) is issued with a fresh access token; the session then lives 7 more days. The same
 * token presented again within `REFRESH_REUSE_GRACE_SECONDS` of its rotation is a concurrent refresh of the same
 * browser (tabs reloaded together, clients that refresh without de-duplication): it gets a sibling of its
 * successor (another live token of the family) and a fresh access token. Later, a rotated token coming back means
 * it was copied: the whole family is revoked (identity.user.sessions-revoked, reason token-reuse) and the caller
 * is logged out. The token's row is locked for the exchange, so parallel requests with one token are decided one
 * after the other. Missing, unknown, expired or revoked: 401 ERR_SESSION_EXPIRED. A user who must now sign in
 * with a second factor and has none enrolled loses the session the same way (signing in enrols).
 */
@Injectable()
export class RefreshSessionUseCase {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly events: EventPublisher,
    private readonly signer: AccessTokenSigner,
    private readonly twoFactor: TwoFactorPolicy,
    @Inject(APP_CONFIG) private readonly config: IdentityConfig,
  ) {}

  async execute(refreshToken: string | undefined, now: Date = new Date()): Promise<SignedIn> {
    if (!refreshToken || refreshToken.length > 200) throw new DomainError('ERR_SESSION_EXPIRED');
    const outcome = await this.transactions.run(async (manager): Promise<Outcome> => {
      const token = await manager.findOne(RefreshTokenEntity, {
        where: { tokenHash: hashRefreshToken(refreshToken) },
        lock: { mode: 'pessimistic_write' },
      });
      if (!token) return { kind: 'refused' };
      const session = await manager.findOne(SessionEntity, {
        where: { id: token.sessionId, companyId: token.companyId },
        lock: { mode: 'pessimistic_write' },
      });
      const verdict = presentedTokenVerdict(token, session, now, this.config.REFRESH_REUSE_GRACE_SECONDS);
      if (!session || verdict === 'refused') return { kind: 'refused' };
      if (verdict === 'reuse') {
        await revokeSessions(
          manager,
          this.events,
          { id: session.userId, companyId: session.companyId },
          'token-reuse',
          {
            sessionId: session.id,
          },
        );
        return { kind: 'refused' };
      }
      const user = await manager.findOne(UserEntity, { where: { id: session.userId, companyId: session.companyId } });
      if (!user) return { kind: 'refused' };
      if ((await this.twoFactor.secondStepOf(manager, user)) === 'enrol') {
        // two-factor became required and this user has not enrolled: the session ends; signing in enrols
        await revokeSessions(manager, this.events, user, 'logout', { sessionId: session.id });
        return { kind: 'refused' };
      }
      // the first exchange marks the token; a sibling within the window keeps the first rotation's time
      if (verdict === 'live') {
        await manager.update(RefreshTokenEntity, { tokenHash: token.tokenHash }, { rotatedAt: now });
      }
      // sliding: an active session lives 7 days after its last refresh
      const expiresAt = new Date(now.getTime() + REFRESH_TOKEN_TTL_SECONDS * 1_000);
      await manager.update(
        SessionEntity,
        { id: session.id, companyId: session.companyId },
        { lastUsedAt: now, expiresAt },
      );
      const next = await issueRefreshToken(manager, session.id, session.companyId, expiresAt);
      const { user: sessionUser, claims } = await sessionUserAndClaims(manager, user, session.id);
      return {
        kind: 'rotated',
        result: {
          token: await this.signer.sign(claims, now),
          user: sessionUser,
          refreshToken: next,
          sessionId: session.id,
        },
      };
    });
    if (outcome.kind === 'refused') throw new DomainError('ERR_SESSION_EXPIRED');
    return outcome.result;
  }
}
