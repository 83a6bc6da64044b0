import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@cs/platform/database';
import { DomainError } from '@cs/platform/errors';

/** 429 after this many failed logins in the window, per e-mail and per client IP (issue 3). */
export const MAX_FAILURES = 5;
export const WINDOW_SECONDS = 60;

/**
 * Login throttling kept in identity's database, so it holds across replicas. Only failures are recorded; a
 * success clears the e-mail's failures. Rows older than an hour are swept as new failures arrive.
 */
@Injectable()
export class LoginThrottle {
  constructor(private readonly transactions: TransactionHost) {}

  async assertAllowed(email: string, ip: string): Promise<void> {
    const [row] = await this.transactions.manager.query<Array<{ by_email: number; by_ip: number }>>(
      `SELECT
         (SELECT count(*)::int FROM login_failures WHERE email = $1 AND failed_at > now() - make_interval(secs => $3)) AS by_email,
         (SELECT count(*)::int FROM login_failures WHERE ip = $2 AND failed_at > now() - make_interval(secs => $3)) AS by_ip`,
      [email, ip, WINDOW_SECONDS],
    );
    if ((row?.by_email ?? 0) >= MAX_FAILURES || (row?.by_ip ?? 0) >= MAX_FAILURES) {
      throw new DomainError('ERR_TOO_MANY_REQUESTS');
    }
  }

  /** Records a failure in its own transaction (it must stay although the login answers an error). */
  async recordFailure(email: string, ip: string): Promise<void> {
    await this.transactions.dataSource.transaction(async (manager) => {
      await manager.query('INSERT INTO login_failures (email, ip) VALUES ($1, $2)', [email, ip]);
      if (Math.random() < 0.05) {
        await manager.query("DELETE FROM login_failures WHERE failed_at < now() - interval '1 hour'");
      }
    });
  }

  async clear(email: string): Promise<void> {
    await this.transactions.manager.query('DELETE FROM login_failures WHERE email = $1', [email]);
  }
}
