import { ACCESS_TOKEN_TTL_SECONDS, type AccessTokenClaims, type PlanFlags } from '@cs/proto/http';
import type { PlanFlag } from '@cs/proto/events';
import { localDate } from '@cs/platform/time';

/** Who a verified token speaks for, after applying what identity announced since the token was signed. */
export interface CallerIdentity {
  readonly companyId: number;
  readonly userId: number;
  readonly sessionId: string;
  readonly profile: 'admin' | 'user';
  readonly isSuper: boolean;
  readonly queueIds: readonly number[];
  readonly allTicket: 'enable' | 'disable';
  readonly plan: PlanFlags | null;
  readonly dueDate: string | null;
  readonly timezone: string;
}

interface UserCutoff {
  /** Tokens issued at or before this time (ms) are revoked... */
  readonly atMs: number;
  /** ...except this session's (the new login, or the session that changed the password). */
  readonly exceptSessionId: string | undefined;
  readonly expiresAtMs: number;
}

interface CompanyState {
  readonly plan: PlanFlags | null;
  readonly dueDate: string | null;
  readonly timezone: string;
  readonly deleted: boolean;
  readonly atMs: number;
}

interface UserState {
  readonly profile: 'admin' | 'user';
  readonly isSuper: boolean;
  readonly queueIds: readonly number[];
  readonly allTicket: 'enable' | 'disable';
  readonly deleted: boolean;
  readonly atMs: number;
}

/** Access tokens live 15 minutes: a revocation older than that (plus clock slack) can be forgotten. */
const REMEMBER_MS = (ACCESS_TOKEN_TTL_SECONDS + 60) * 1_000;

/**
 * What this gateway knows beyond the token (ADR 0005), fed by identity's events on Kafka: revoked sessions
 * (logout, another login, password change, token reuse, deleted users) so that their still-valid access tokens
 * are refused at once, and the latest plan flags, due date, profile and queues of companies and users changed
 * after a token was signed. In memory per gateway; every gateway consumes every identity event.
 */
export class AuthState {
  private readonly revokedSessions = new Map<string, number>();
  private readonly userCutoffs = new Map<number, UserCutoff>();
  private readonly companies = new Map<number, CompanyState>();
  private readonly users = new Map<number, UserState>();

  revokeSession(sessionId: string, now: number = Date.now()): void {
    this.sweep(now);
    this.revokedSessions.set(sessionId, now + REMEMBER_MS);
  }

  /** A later cut-off covers every session an earlier one did (except its own kept session, also older). */
  revokeUserSessions(userId: number, atMs: number, exceptSessionId?: string, now: number = Date.now()): void {
    this.sweep(now);
    const previous = this.userCutoffs.get(userId);
    if (previous && previous.atMs > atMs) return;
    this.userCutoffs.set(userId, { atMs, exceptSessionId, expiresAtMs: now + REMEMBER_MS });
  }

  setCompany(companyId: number, state: Omit<CompanyState, 'deleted'> & { deleted?: boolean }): void {
    const previous = this.companies.get(companyId);
    if (previous && previous.atMs > state.atMs) return;
    this.companies.set(companyId, { ...state, deleted: state.deleted ?? false });
  }

  setUser(userId: number, state: Omit<UserState, 'deleted'> & { deleted?: boolean }): void {
    const previous = this.users.get(userId);
    if (previous && previous.atMs > state.atMs) return;
    this.users.set(userId, { ...state, deleted: state.deleted ?? false });
  }

  /** Whether a token's session was ended after the token was signed. */
  isRevoked(claims: Pick<AccessTokenClaims, 'sub' | 'sid' | 'iat' | 'ims' | 'cid'>): boolean {
    if (this.revokedSessions.has(claims.sid)) return true;
    const userId = Number(claims.sub);
    const cutoff = this.userCutoffs.get(userId);
    const signedAtMs = claims.ims ?? claims.iat * 1_000;
    if (cutoff && claims.sid !== cutoff.exceptSessionId && signedAtMs <= cutoff.atMs) return true;
    if (this.users.get(userId)?.deleted) return true;
    return this.companies.get(claims.cid)?.deleted ?? false;
  }

  /**
   * The caller, with company and user facts newer than the token's applied (`ims`: when the token was signed, in
   * milliseconds; without it only what happened after the token's whole second is newer for sure).
   */
  identityOf(claims: AccessTokenClaims): CallerIdentity {
    const newerThanMs = claims.ims ?? (claims.iat + 1) * 1_000;
    const company = this.companies.get(claims.cid);
    const user = this.users.get(Number(claims.sub));
    const freshCompany = company && company.atMs > newerThanMs ? company : undefined;
    const freshUser = user && user.atMs > newerThanMs ? user : undefined;
    return {
      companyId: claims.cid,
      userId: Number(claims.sub),
      sessionId: claims.sid,
      profile: freshUser?.profile ?? claims.profile,
      isSuper: freshUser?.isSuper ?? claims.super,
      queueIds: freshUser?.queueIds ?? claims.queues,
      allTicket: freshUser?.allTicket ?? claims.allTicket,
      plan: freshCompany ? freshCompany.plan : claims.plan,
      dueDate: freshCompany ? freshCompany.dueDate : claims.due,
      timezone: freshCompany?.timezone ?? claims.tz,
    };
  }

  private sweep(now: number): void {
    for (const [sessionId, expiresAt] of this.revokedSessions)
      if (expiresAt < now) this.revokedSessions.delete(sessionId);
    for (const [userId, cutoff] of this.userCutoffs) if (cutoff.expiresAtMs < now) this.userCutoffs.delete(userId);
  }
}

export const hasFlag = (identity: CallerIdentity, flag: PlanFlag): boolean => identity.plan?.[flag] === true;

/** The date of each zone during one UTC minute (`todayIn`). */
const todayByZone = new Map<string, { minute: number; date: string }>();
const MAX_CACHED_ZONES = 600;

/**
 * Today's date (YYYY-MM-DD) in a time zone (an unknown zone: UTC). Every proxied request asks for it in its company's
 * zone, so it is on the gateway's hot path: the formatter is built once per zone (`@cs/platform/time`), and the answer
 * is kept for the rest of the UTC minute (zones are whole minutes apart from UTC, so a local midnight falls on a UTC
 * minute's start).
 */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  const minute = Math.floor(now.getTime() / 60_000);
  const cached = todayByZone.get(timeZone);
  if (cached?.minute === minute) return cached.date;
  const date = localDate(now, timeZone);
  if (cached || todayByZone.size < MAX_CACHED_ZONES) todayByZone.set(timeZone, { minute, date });
  return date;
}

/** Past its due date by more than the grace days (a company without a due date never expires). */
export function isExpired(identity: CallerIdentity, graceDays: number, now: Date = new Date()): boolean {
  if (identity.dueDate === null) return false;
  const [year, month, day] = identity.dueDate.split('-').map(Number) as [number, number, number];
  const lastDay = new Date(Date.UTC(year, month - 1, day + graceDays)).toISOString().slice(0, 10);
  return todayIn(identity.timezone, now) > lastDay;
}
