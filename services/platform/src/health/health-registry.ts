import { Injectable } from '@nestjs/common';

/** Facts a check reports next to its status (e.g. the outbox's lag), shown under `details` in `/health/ready`. */
export type ReadinessDetails = Readonly<Record<string, string | number | boolean>>;

/** Throws when not ready; may return details to report. */
export type ReadinessCheck = () => Promise<void | ReadinessDetails>;

export interface Readiness {
  readonly ready: boolean;
  readonly checks: Record<string, string>;
  readonly details: Record<string, ReadinessDetails>;
}

/**
 * Readiness checks registered by the modules a service uses (database, event bus, jobs, ...). Once the process
 * starts shutting down (`drain`), it is not ready whatever the checks say: load balancers stop sending it work.
 */
@Injectable()
export class HealthRegistry {
  private readonly checks = new Map<string, ReadinessCheck>();
  private drainingSince: Date | undefined;

  register(name: string, check: ReadinessCheck): void {
    this.checks.set(name, check);
  }

  /** The process is shutting down: readiness fails from now on (`checks.shutdown: draining`). */
  drain(): void {
    this.drainingSince ??= new Date();
  }

  get draining(): boolean {
    return this.drainingSince !== undefined;
  }

  async readiness(timeoutMs = 2_000): Promise<Readiness> {
    if (this.drainingSince) {
      return {
        ready: false,
        checks: { shutdown: 'draining' },
        details: { shutdown: { since: this.drainingSince.toISOString() } },
      };
    }
    const results = await Promise.all(
      [...this.checks].map(async ([name, check]) => {
        try {
          const details = await Promise.race([
            check(),
            new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), timeoutMs).unref()),
          ]);
          return [name, 'ok', details ?? undefined] as const;
        } catch (error) {
          return [name, (error as Error).message || 'failed', undefined] as const;
        }
      }),
    );
    const details: Record<string, ReadinessDetails> = {};
    for (const [name, , detail] of results) if (detail) details[name] = detail;
    return {
      ready: results.every(([, status]) => status === 'ok'),
      checks: Object.fromEntries(results.map(([name, status]) => [name, status])),
      details,
    };
  }
}
