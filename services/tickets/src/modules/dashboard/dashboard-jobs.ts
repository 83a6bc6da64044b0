import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { TransactionHost } from '@cs/platform/database';
import { JobsService } from '@cs/platform/jobs';

export const DASHBOARD_COMPACT_JOB = 'tickets.dashboard-compact';
/** Keys folded per statement (one short transaction each). */
const BATCH = 2_000;

/**
 * Folds the dashboard roll-ups' delta rows (one per change of an attendance cycle, written by the trigger of
 * migration 1764100000000) into one row per (company, day, attendant), every minute (a pg-boss schedule: once
 * across every pod). Reads are exact with or without it; it keeps them at ~one row per day and attendant.
 */
@Injectable()
export class DashboardJobs implements OnApplicationBootstrap {
  constructor(
    private readonly jobs: JobsService,
    private readonly transactions: TransactionHost,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.jobs.work(DASHBOARD_COMPACT_JOB, () => this.compact().then(() => undefined));
    await this.jobs.schedule(DASHBOARD_COMPACT_JOB, '* * * * *');
  }

  /** Folds every key with deltas; returns how many keys were folded. */
  async compact(): Promise<number> {
    let total = 0;
    for (;;) {
      const [row] = await this.transactions.run((db) =>
        db.query<Array<{ keys: number }>>('SELECT dashboard_compact($1) AS keys', [BATCH]),
      );
      const keys = row?.keys ?? 0;
      total += keys;
      if (keys < BATCH) return total;
    }
  }
}
