import { Injectable } from '@nestjs/common';
import { mapRows, type SqlRow, TransactionHost } from '@cs/platform/database';
import { DomainError } from '@cs/platform/errors';

/** Failures counted over this window (seconds). */
export const WINDOW_SECONDS = 15 * 60;
/** Free failures of one e-mail from one address; after them the pair waits, twice as long after each failure. */
export const PAIR_FREE_FAILURES = 5;
export const BACKOFF_BASE_SECONDS = 30;
export const BACKOFF_MAX_SECONDS = 15 * 60;
/** A larger budget per e-mail whatever the address (a spread guess), and per address whatever the e-mail. */
export const MAX_FAILURES_PER_EMAIL = 20;
export const MAX_FAILURES_PER_IP = 20;
/** An address the account signed in from within this many days is the owner's: the per-e-mail budget spares it. */
export const KNOWN_ADDRESS_DAYS = 90;

/** How long the pair waits after `failures` failures (0 while within the free ones). */
export function backoffSeconds(failures: number): number {
  if (failures < PAIR_FREE_FAILURES) return 0;
  return Math.min(BACKOFF_BASE_SECONDS * 2 ** (failures - PAIR_FREE_FAILURES), BACKOFF_MAX_SECONDS);
}

/** Recent failures (within `WINDOW_SECONDS`) around one login attempt, and seconds since the relevant ones. */
export interface RecentFailures {
  /** This e-mail from this address, and seconds since the last of them. */
  readonly pair: number;
  readonly pairWait: number;
  /** This e-mail from any address, and seconds since the oldest of them. */
  readonly byEmail: number;
  readonly emailWait: number;
  /** Any e-mail from this address, and seconds since the oldest of them. */
  readonly byIp: number;
  readonly ipWait: number;
}

/**
 * Seconds the attempt must wait (`Retry-After`), or 0 when it may go on: the pair's back-off since its last
 * failure; a full budget (per e-mail, unless the address is the owner's known one; per address) until its oldest
 * failure ages out of the window. The longest wait wins, at least 1 second.
 */
export function throttleWait(recent: RecentFailures, knownAddress: boolean): number {
  const waits: number[] = [];
  const backoff = backoffSeconds(recent.pair);
  if (backoff > 0 && recent.pairWait < backoff) waits.push(backoff - recent.pairWait);
  if (recent.byEmail >= MAX_FAILURES_PER_EMAIL && !knownAddress) waits.push(WINDOW_SECONDS - recent.emailWait);
  if (recent.byIp >= MAX_FAILURES_PER_IP) waits.push(WINDOW_SECONDS - recent.ipWait);
  return waits.length === 0 ? 0 : Math.max(1, Math.ceil(Math.max(...waits)));
}

/**
 * Login throttling kept in identity's database, so it holds across replicas. Per (e-mail, address) with
 * exponential back-off, so an attacker guessing from one address does not lock the real user out elsewhere; a
 * larger budget per e-mail (guesses spread over addresses) and per address (one address trying many e-mails).
 * The per-e-mail budget does not hold back an address the account signed in from before (a session opened from it
 * in the last `KNOWN_ADDRESS_DAYS`), so guesses spread over other addresses never lock the owner out of their own
 * places; the pair's back-off and the per-address budget still apply there.
 * A 429 carries `Retry-After`. Only failures are recorded; a success clears that pair's failures. Rows older
 * than the window are swept as new failures arrive. The address is the gateway's `x-client-ip` (its
 * `TRUST_PROXY` names the proxies whose `X-Forwarded-For` is believed; none by default).
 */
@Injectable()
export class LoginThrottle {
  constructor(private readonly transactions: TransactionHost) {}

  async assertAllowed(email: string, ip: string): Promise<void> {
    const rows = await this.transactions.manager.query<SqlRow[]>(
      `WITH recent AS (
         SELECT email, ip, failed_at FROM login_failures
          WHERE (email = $1 OR ip = $2) AND failed_at > now() - make_interval(secs => $3))
       SELECT
         count(*) FILTER (WHERE email = $1 AND ip = $2)::int AS pair,
         COALESCE(EXTRACT(EPOCH FROM now() - max(failed_at) FILTER (WHERE email = $1 AND ip = $2)), 0)::float AS pair_wait,
         count(*) FILTER (WHERE email = $1)::int AS by_email,
         COALESCE(EXTRACT(EPOCH FROM now() - min(failed_at) FILTER (WHERE email = $1)), 0)::float AS email_wait,
         count(*) FILTER (WHERE ip = $2)::int AS by_ip,
         COALESCE(EXTRACT(EPOCH FROM now() - min(failed_at) FILTER (WHERE ip = $2)), 0)::float AS ip_wait
       FROM recent`,
      [email, ip, WINDOW_SECONDS],
    );
    const [row] = mapRows(rows, (r) => ({
      pair: r.int('pair'),
      pairWait: r.float('pair_wait'),
      byEmail: r.int('by_email'),
      emailWait: r.float('email_wait'),
      byIp: r.int('by_ip'),
      ipWait: r.float('ip_wait'),
    }));
    if (!row) return;
    // the known-address query runs only when the per-e-mail budget is spent
    const knownAddress = row.byEmail >= MAX_FAILURES_PER_EMAIL && (await this.isKnownAddress(email, ip));
    const retryAfter = throttleWait(row, knownAddress);
    if (retryAfter > 0) {
      throw new DomainError('ERR_TOO_MANY_REQUESTS', {
        headers: { 'Retry-After': String(retryAfter) },
        details: { retryAfter },
      });
    }
  }

  /** Whether the account of `email` opened a session from `ip` within `KNOWN_ADDRESS_DAYS`. */
  private async isKnownAddress(email: string, ip: string): Promise<boolean> {
    const rows = await this.transactions.manager.query<unknown[]>(
      `SELECT 1 FROM sessions s JOIN users u ON u.id = s.user_id AND u.company_id = s.company_id
        WHERE lower(u.email) = $1 AND s.ip = $2 AND s.created_at > now() - make_interval(days => $3)
        LIMIT 1`,
      [email, ip.slice(0, 64), KNOWN_ADDRESS_DAYS],
    );
    return rows.length > 0;
  }

  /** Records a failure in its own transaction (it must stay although the login answers an error). */
  async recordFailure(email: string, ip: string): Promise<void> {
    await this.transactions.dataSource.transaction(async (manager) => {
      await manager.query('INSERT INTO login_failures (email, ip) VALUES ($1, $2)', [email, ip]);
      if (Math.random() < 0.05) {
        await manager.query('DELETE FROM login_failures WHERE failed_at < now() - make_interval(secs => $1)', [
          WINDOW_SECONDS,
        ]);
      }
    });
  }

  /** A success: that e-mail's failures from that address are forgiven (others stay counted). */
  async clear(email: string, ip: string): Promise<void> {
    await this.transactions.manager.query('DELETE FROM login_failures WHERE email = $1 AND ip = $2', [email, ip]);
  }
}
