import { Injectable } from '@nestjs/common';

export type ReadinessCheck = () => Promise<void>;

/** Readiness checks registered by the modules a service uses (database, event bus, jobs, ...). */
@Injectable()
export class HealthRegistry {
  private readonly checks = new Map<string, ReadinessCheck>();

  register(name: string, check: ReadinessCheck): void {
    this.checks.set(name, check);
  }

  async readiness(timeoutMs = 2_000): Promise<{ ready: boolean; checks: Record<string, string> }> {
    const results = await Promise.all(
      [...this.checks].map(async ([name, check]) => {
        try {
          await Promise.race([
            check(),
            new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), timeoutMs).unref()),
          ]);
          return [name, 'ok'] as const;
        } catch (error) {
          return [name, (error as Error).message || 'failed'] as const;
        }
      }),
    );
    return { ready: results.every(([, status]) => status === 'ok'), checks: Object.fromEntries(results) };
  }
}
