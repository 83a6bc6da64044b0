import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { UserLoggedIn } from '@cs/proto/events';
import { EventPublisher } from '@cs/platform/events';
import type { UserEntity } from '../users/user.entity.js';
import { AccessTokenSigner } from './access-token.signer.js';
import { LoginThrottle } from './login-throttle.js';
import { type SessionUser, sessionUserAndClaims } from './session-user.js';
import { type ClientMeta, openSession, revokeSessions } from './sessions.js';

export interface SignedIn {
  readonly token: string;
  readonly user: SessionUser;
  readonly refreshToken: string;
  readonly sessionId: string;
}

/**
 * The end of every sign-in (a password alone, or a password and a second factor): the user's other sessions end
 * (one session per account, the spec's "another login" notice via identity.user.logged-in), a session opens with
 * its first refresh token, that e-mail's failures from this address are forgiven, and an access token is signed.
 */
@Injectable()
export class SignIn {
  constructor(
    private readonly events: EventPublisher,
    private readonly signer: AccessTokenSigner,
    private readonly throttle: LoginThrottle,
  ) {}

  async complete(manager: EntityManager, user: UserEntity, meta: ClientMeta): Promise<SignedIn> {
    await revokeSessions(manager, this.events, user, 'another-login');
    const { sessionId, refreshToken } = await openSession(manager, user, meta);
    await this.events.emit(UserLoggedIn, {
      companyId: user.companyId,
      key: user.id,
      data: { id: user.id, email: user.email, sessionId },
    });
    await this.throttle.clear(user.email.toLowerCase(), meta.ip);
    const session = await sessionUserAndClaims(manager, user, sessionId);
    return { token: await this.signer.sign(session.claims), user: session.user, refreshToken, sessionId };
  }
}
