import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { UserSessionsRevoked } from '@cs/proto/events';
import { REFRESH_TOKEN_TTL_SECONDS } from '@cs/proto/http';
import type { EventPublisher } from '@cs/platform/events';
import type { UserEntity } from '../users/user.entity.js';
import { RefreshTokenEntity } from './refresh-token.entity.js';
import { SessionEntity } from './session.entity.js';

export const hashRefreshToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/**
 * What a presented refresh token is: `live` (never exchanged), `grace` (exchanged at most `graceSeconds` ago: a
 * concurrent refresh of the same browser, answered with a sibling of its successor) or `reuse` (exchanged
 * earlier: a copy, which revokes the family).
 */
export function rotatedTokenVerdict(
  rotatedAt: Date | null,
  now: Date,
  graceSeconds: number,
): 'live' | 'grace' | 'reuse' {
  if (rotatedAt === null) return 'live';
  return graceSeconds > 0 && now.getTime() - rotatedAt.getTime() <= graceSeconds * 1_000 ? 'grace' : 'reuse';
}

/**
 * What a presented refresh token of `session` is worth at `now`: `refused` (ERR_SESSION_EXPIRED) when its session
 * is gone, revoked or expired, or the token expired; otherwise its `rotatedTokenVerdict`.
 */
export function presentedTokenVerdict(
  token: { readonly expiresAt: Date; readonly rotatedAt: Date | null },
  session: { readonly expiresAt: Date; readonly revokedAt: Date | null } | null,
  now: Date,
  graceSeconds: number,
): 'refused' | 'live' | 'grace' | 'reuse' {
  if (!session || session.revokedAt !== null || session.expiresAt <= now || token.expiresAt <= now) return 'refused';
  return rotatedTokenVerdict(token.rotatedAt, now, graceSeconds);
}

export interface ClientMeta {
  readonly ip: string;
  readonly userAgent: string | null;
}

/** Opens a session (a refresh-token family) with its first refresh token; returns the token in clear once. */
export async function openSession(
  manager: EntityManager,
  user: UserEntity,
  meta: ClientMeta,
  now: Date = new Date(),
): Promise<{ sessionId: string; refreshToken: string }> {
  const sessionId = randomUUID();
  const expiresAt = new Date(now.getTime() + REFRESH_TOKEN_TTL_SECONDS * 1_000);
  await manager.insert(SessionEntity, {
    id: sessionId,
    companyId: user.companyId,
    userId: user.id,
    lastUsedAt: now,
    expiresAt,
    revokedAt: null,
    revokedReason: null,
    userAgent: meta.userAgent?.slice(0, 256) ?? null,
    ip: meta.ip.slice(0, 64),
  });
  const refreshToken = await issueRefreshToken(manager, sessionId, user.companyId, expiresAt);
  return { sessionId, refreshToken };
}

/** A new refresh token of a session, expiring with it. */
export async function issueRefreshToken(
  manager: EntityManager,
  sessionId: string,
  companyId: number,
  expiresAt: Date,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await manager.insert(RefreshTokenEntity, {
    tokenHash: hashRefreshToken(token),
    sessionId,
    companyId,
    expiresAt,
    rotatedAt: null,
  });
  return token;
}

export type RevocationReason =
  | 'password-changed'
  | 'deleted'
  | 'logout'
  | 'token-reuse'
  | 'another-login'
  | 'two-factor-reset'
  | 'two-factor-disabled';

/**
 * The reason the event carries: the released `identity.user.v1` contract names a change of the second factor a
 * change of credentials (`password-changed`); the session row keeps the precise reason.
 */
const announcedReason = (reason: Exclude<RevocationReason, 'another-login'>) =>
  reason === 'two-factor-reset' || reason === 'two-factor-disabled' ? 'password-changed' : reason;

/**
 * Ends sessions of a user in the database (every open one, or only `sessionId`, except `exceptSessionId`) and
 * emits the revocation so gateways drop the access tokens and sockets of those sessions at once.
 */
export async function revokeSessions(
  manager: EntityManager,
  events: EventPublisher,
  user: { id: number; companyId: number },
  reason: RevocationReason,
  options: { sessionId?: string; exceptSessionId?: string } = {},
): Promise<void> {
  const params: unknown[] = [user.companyId, user.id, reason];
  let filter = '';
  if (options.sessionId) {
    params.push(options.sessionId);
    filter += ` AND id = $${params.length}`;
  }
  if (options.exceptSessionId) {
    params.push(options.exceptSessionId);
    filter += ` AND id <> $${params.length}`;
  }
  await manager.query(
    `UPDATE sessions SET revoked_at = now(), revoked_reason = $3
     WHERE company_id = $1 AND user_id = $2 AND revoked_at IS NULL${filter}`,
    params,
  );
  if (reason === 'another-login') return; // announced by identity.user.logged-in
  await events.emit(UserSessionsRevoked, {
    companyId: user.companyId,
    key: user.id,
    data: {
      id: user.id,
      reason: announcedReason(reason),
      ...(options.sessionId ? { sessionId: options.sessionId } : {}),
      ...(options.exceptSessionId ? { exceptSessionId: options.exceptSessionId } : {}),
    },
  });
}
