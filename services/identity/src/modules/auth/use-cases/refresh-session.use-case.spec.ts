import { REFRESH_TOKEN_TTL_SECONDS } from '@cs/proto/http';
import type { IdentityConfig } from '../../../config/env.js';
import { inMemoryManager, recorders } from '../../../../test/support/in-memory-manager.js';
import { CompanyEntity } from '../../companies/company.entity.js';
import { SettingEntity } from '../../settings/setting.entity.js';
import { UserEntity } from '../../users/user.entity.js';
import type { AccessTokenInput, AccessTokenSigner } from '../access-token.signer.js';
import { RefreshTokenEntity } from '../refresh-token.entity.js';
import { SessionEntity } from '../session.entity.js';
import { hashRefreshToken } from '../sessions.js';
import type { SecondStep, TwoFactorPolicy } from '../two-factor/two-factor.policy.js';
import { RefreshSessionUseCase } from './refresh-session.use-case.js';

const GRACE_SECONDS = 10;
const SESSION = '0193a7c2-0000-7000-8000-0000000000aa';
const TOKEN = 'token-que-o-navegador-guardou';
const SIGNED_IN_AT = new Date('2026-03-02T12:00:00.000Z');
const later = (seconds: number) => new Date(SIGNED_IN_AT.getTime() + seconds * 1_000);
const DAY = 86_400;

/**
 * Ana (company 2) signed in at `SIGNED_IN_AT` with one session and its refresh token `TOKEN`, in memory; the second
 * step a sign-in would take now is `step`. The sessions' revocation statement is applied to the rows as PostgreSQL
 * would; the signer names the session in the access token.
 */
function signedIn(
  options: { step?: SecondStep; session?: Partial<SessionEntity>; token?: Partial<RefreshTokenEntity> } = {},
) {
  const expiresAt = later(REFRESH_TOKEN_TTL_SECONDS);
  const sessions = [
    {
      id: SESSION,
      companyId: 2,
      userId: 7,
      lastUsedAt: SIGNED_IN_AT,
      expiresAt,
      revokedAt: null,
      revokedReason: null,
      ...options.session,
    },
  ];
  /** The session's refresh tokens (the ones it issues are added here). */
  const tokens: Array<Pick<RefreshTokenEntity, 'tokenHash' | 'sessionId' | 'rotatedAt'>> = [
    {
      tokenHash: hashRefreshToken(TOKEN),
      sessionId: SESSION,
      companyId: 2,
      expiresAt,
      rotatedAt: null,
      ...options.token,
    },
  ];
  const { manager, transactions } = inMemoryManager(
    new Map<abstract new (...args: never[]) => unknown, Array<Record<string, unknown>>>([
      [RefreshTokenEntity, tokens],
      [SessionEntity, sessions],
      [
        UserEntity,
        [
          {
            id: 7,
            companyId: 2,
            name: 'Ana',
            email: 'ana@example.com',
            profile: 'admin',
            super: false,
            allTicket: 'disable',
            whatsappId: null,
            queueIds: [],
            createdAt: SIGNED_IN_AT,
            updatedAt: SIGNED_IN_AT,
          },
        ],
      ],
      [
        CompanyEntity,
        [
          {
            id: 2,
            name: 'Loja da Ana',
            planId: null,
            timezone: 'America/Sao_Paulo',
            schedules: [],
            createdAt: SIGNED_IN_AT,
            updatedAt: SIGNED_IN_AT,
          },
        ],
      ],
      [SettingEntity, []],
    ]),
  );
  Object.assign(manager, {
    query: async (sql: string, params: unknown[]) => {
      if (!sql.includes('UPDATE sessions SET revoked_at')) throw new Error(`unexpected statement: ${sql}`);
      const [companyId, userId, reason, sessionId] = params;
      for (const session of sessions) {
        if (session.companyId !== companyId || session.userId !== userId || session.revokedAt !== null) continue;
        if (sessionId !== undefined && session.id !== sessionId) continue;
        Object.assign(session, { revokedAt: new Date(), revokedReason: reason });
      }
    },
  });
  const { events, publisher } = recorders();
  const signer = {
    sign: async (claims: AccessTokenInput) => `access-token-of-${claims.sid}`,
  } as unknown as AccessTokenSigner;
  const policy = { secondStepOf: async () => options.step ?? 'none' } as unknown as TwoFactorPolicy;
  const config = { REFRESH_REUSE_GRACE_SECONDS: GRACE_SECONDS } as IdentityConfig;
  const useCase = new RefreshSessionUseCase(transactions, publisher, signer, policy, config);
  return {
    session: () => sessions[0],
    tokens: () => tokens,
    events,
    refresh: (token: string | undefined, at: Date) => useCase.execute(token, at),
  };
}

describe(RefreshSessionUseCase.name, () => {
  it('exchanges a live token once for a new one of the same session, which lives 7 days from now', async () => {
    const { session, tokens, events, refresh } = signedIn();
    const now = later(DAY);
    const result = await refresh(TOKEN, now);

    expect(result).toMatchObject({ token: `access-token-of-${SESSION}`, sessionId: SESSION, user: { id: 7 } });
    expect(result.refreshToken).not.toBe(TOKEN);
    expect(session()).toMatchObject({ lastUsedAt: now, expiresAt: later(DAY + REFRESH_TOKEN_TTL_SECONDS) });
    const stored = tokens();
    expect(stored.find((token) => token.tokenHash === hashRefreshToken(TOKEN))?.rotatedAt).toEqual(now);
    expect(stored.find((token) => token.tokenHash === hashRefreshToken(result.refreshToken))).toMatchObject({
      sessionId: SESSION,
      rotatedAt: null,
    });
    expect(events).toEqual([]);
  });

  it('answers the same token again within the grace with another token of the session (tabs reloaded together)', async () => {
    const { session, tokens, refresh } = signedIn();
    const first = await refresh(TOKEN, later(DAY));
    const second = await refresh(TOKEN, later(DAY + GRACE_SECONDS));

    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect(second.sessionId).toBe(SESSION);
    expect(session()?.revokedAt).toBeNull();
    const original = tokens().find((token) => token.tokenHash === hashRefreshToken(TOKEN));
    expect(original?.rotatedAt).toEqual(later(DAY));
    await expect(refresh(first.refreshToken, later(DAY + 20))).resolves.toMatchObject({ sessionId: SESSION });
  });

  it('ends the whole session when a token already exchanged comes back later: it was copied', async () => {
    const { session, events, refresh } = signedIn();
    const fresh = await refresh(TOKEN, later(DAY));
    await expect(refresh(TOKEN, later(DAY + GRACE_SECONDS + 1))).rejects.toMatchObject({
      code: 'ERR_SESSION_EXPIRED',
    });

    expect(session()).toMatchObject({ revokedReason: 'token-reuse' });
    expect(events).toEqual([
      { type: 'identity.user.sessions-revoked', data: { id: 7, reason: 'token-reuse', sessionId: SESSION } },
    ]);
    // the token the rightful browser holds ends with the session
    await expect(refresh(fresh.refreshToken, later(DAY + 30))).rejects.toMatchObject({ code: 'ERR_SESSION_EXPIRED' });
  });

  it('ends the session of a user who must now sign in with a second factor and has none enrolled', async () => {
    const { session, events, refresh } = signedIn({ step: 'enrol' });
    await expect(refresh(TOKEN, later(DAY))).rejects.toMatchObject({ code: 'ERR_SESSION_EXPIRED' });

    expect(session()).toMatchObject({ revokedReason: 'logout' });
    expect(events).toEqual([
      { type: 'identity.user.sessions-revoked', data: { id: 7, reason: 'logout', sessionId: SESSION } },
    ]);
  });

  it('keeps a user who has enrolled a second factor signed in', async () => {
    const { refresh } = signedIn({ step: 'verify' });
    await expect(refresh(TOKEN, later(DAY))).resolves.toMatchObject({ sessionId: SESSION });
  });

  it('refuses a missing, unknown or oversized token, and one of an expired or revoked session, revoking nothing', async () => {
    const { events, refresh } = signedIn();
    for (const token of [undefined, '', 'token-que-ninguem-emitiu', 'x'.repeat(201)]) {
      await expect(refresh(token, later(DAY))).rejects.toMatchObject({ code: 'ERR_SESSION_EXPIRED' });
    }
    await expect(refresh(TOKEN, later(REFRESH_TOKEN_TTL_SECONDS))).rejects.toMatchObject({
      code: 'ERR_SESSION_EXPIRED',
    });
    const revoked = signedIn({ session: { revokedAt: later(60), revokedReason: 'logout' } });
    await expect(revoked.refresh(TOKEN, later(DAY))).rejects.toMatchObject({ code: 'ERR_SESSION_EXPIRED' });
    expect([events, revoked.events]).toEqual([[], []]);
  });
});
