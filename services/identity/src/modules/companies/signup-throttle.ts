import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '@cs/platform/config';
import { mapRows, type SqlRow, TransactionHost } from '@cs/platform/database';
import { DomainError } from '@cs/platform/errors';
import type { IdentityConfig } from '../../config/env.js';

/** Signups counted over this window (seconds). */
export const SIGNUP_WINDOW_SECONDS = 60 * 60;

/** Seconds until a slot frees when `count` attempts were made in the window, the oldest `oldestAge` seconds ago. */
export function signupWait(count: number, oldestAge: number, limit: number): number {
  if (limit === 0 || count < limit) return 0;
  return Math.max(1, Math.ceil(SIGNUP_WINDOW_SECONDS - oldestAge));
}

/**
 * The per-address budget of public signups (`SIGNUP_MAX_PER_ADDRESS` an hour), kept in identity's database so it
 * holds across replicas. Every signup that passed validation counts, accepted or refused, so probing plans or
 * phones spends it too. Over the budget: 429 ERR_TOO_MANY_REQUESTS with `Retry-After`. The address is the gateway's
 * `x-client-ip`. Rows older than the window are swept as new attempts arrive.
 */
@Injectable()
export class SignupThrottle {
  constructor(
    private readonly transactions: TransactionHost,
    @Inject(APP_CONFIG) private readonly config: IdentityConfig,
  ) {}

  /** Counts this attempt (in its own transaction: it stays although the signup may fail), or refuses it. */
  async take(ip: string): Promise<void> {
    const limit = this.config.SIGNUP_MAX_PER_ADDRESS;
    if (limit === 0) return;
    const address = ip.slice(0, 64);
    await this.transactions.dataSource.transaction(async (manager) => {
      // one address's attempts are decided one after the other
      await manager.query("SELECT pg_advisory_xact_lock(hashtext('signup:' || $1))", [address]);
      const rows = await manager.query<SqlRow[]>(
        `SELECT count(*)::int AS count, COALESCE(EXTRACT(EPOCH FROM now() - min(attempted_at)), 0)::float AS oldest_age
           FROM signup_attempts WHERE ip = $1 AND attempted_at > now() - make_interval(secs => $2)`,
        [address, SIGNUP_WINDOW_SECONDS],
      );
      const [row] = mapRows(rows, (r) => ({ count: r.int('count'), oldestAge: r.float('oldest_age') }));
      const wait = signupWait(row?.count ?? 0, row?.oldestAge ?? 0, limit);
      if (wait > 0) {
        throw new DomainError('ERR_TOO_MANY_REQUESTS', {
          headers: { 'Retry-After': String(wait) },
          details: { retryAfter: wait },
        });
      }
      await manager.query('INSERT INTO signup_attempts (ip) VALUES ($1)', [address]);
      if (Math.random() < 0.05) {
        await manager.query('DELETE FROM signup_attempts WHERE attempted_at < now() - make_interval(secs => $1)', [
          SIGNUP_WINDOW_SECONDS,
        ]);
      }
    });
  }
}
