import { Injectable } from '@nestjs/common';
import { UserLoggedIn } from '@cs/proto/events';
import type { LoginRequest } from '@cs/proto/http';
import { TransactionHost } from '@cs/platform/database';
import { DomainError } from '@cs/platform/errors';
import { EventPublisher } from '@cs/platform/events';
import { UserEntity } from '../../users/user.entity.js';
import { AccessTokenSigner } from '../access-token.signer.js';
import { LoginThrottle } from '../login-throttle.js';
import { PasswordHasher } from '../password-hasher.js';
import { type SessionUser, sessionUserAndClaims } from '../session-user.js';
import { type ClientMeta, openSession, revokeSessions } from '../sessions.js';

export interface SignedIn {
  readonly token: string;
  readonly user: SessionUser;
  readonly refreshToken: string;
  readonly sessionId: string;
}

/**
 * `POST /auth/login`. Throttled per (e-mail, IP) with back-off, and per e-mail and per IP with larger budgets (`LoginThrottle`); wrong credentials are
 * 401 ERR_INVALID_CREDENTIALS whether or not the e-mail exists. A success ends the user's other sessions (one
 * session per account, the spec's "another login" notice via identity.user.logged-in), rehashes a legacy bcrypt
 * hash with argon2id, and opens a session with its first refresh token.
 */
@Injectable()
export class LogInUseCase {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly events: EventPublisher,
    private readonly hasher: PasswordHasher,
    private readonly signer: AccessTokenSigner,
    private readonly throttle: LoginThrottle,
  ) {}

  async execute(input: LoginRequest, meta: ClientMeta): Promise<SignedIn> {
    const email = input.email.trim().toLowerCase();
    await this.throttle.assertAllowed(email, meta.ip);
    const user = await this.transactions.manager
      .createQueryBuilder(UserEntity, 'user')
      .where('lower(user.email) = :email', { email })
      .getOne();
    const valid = user
      ? await this.hasher.verify(input.password, user.passwordHash)
      : await this.hasher.verifyDecoy(input.password);
    if (!user || !valid) {
      await this.throttle.recordFailure(email, meta.ip);
      throw new DomainError('ERR_INVALID_CREDENTIALS');
    }
    const rehash = this.hasher.needsRehash(user.passwordHash) ? await this.hasher.hash(input.password) : null;

    return this.transactions.run(async (manager) => {
      if (rehash)
        await manager.update(UserEntity, { id: user.id, companyId: user.companyId }, { passwordHash: rehash });
      await revokeSessions(manager, this.events, user, 'another-login');
      const { sessionId, refreshToken } = await openSession(manager, user, meta);
      await this.events.emit(UserLoggedIn, {
        companyId: user.companyId,
        key: user.id,
        data: { id: user.id, email: user.email, sessionId },
      });
      await this.throttle.clear(email, meta.ip);
      const session = await sessionUserAndClaims(manager, user, sessionId);
      return { token: await this.signer.sign(session.claims), user: session.user, refreshToken, sessionId };
    });
  }
}
