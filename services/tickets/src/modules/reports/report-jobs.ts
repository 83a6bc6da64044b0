import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { TransactionHost } from '@cs/platform/database';
import { JobsService } from '@cs/platform/jobs';

export const REPORT_COMPACT_JOB = 'tickets.report-compact';
/** Keys folded per statement (one short transaction each). */
const BATCH = 2_000;

/**
 * Folds the reports' delta rows (appended by the triggers of migration 1766510000000) into one row per key,
 * every minute (a pg-boss schedule: once across every pod). Reads are exact with or without it.
 */
@Injectable()
export class ReportJobs implements OnApplicationBootstrap {
  constructor(
    private readonly jobs: JobsService,
    private readonly transactions: TransactionHost,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.jobs.work(REPORT_COMPACT_JOB, () => this.compact().then(() => undefined));
    await this.jobs.schedule(REPORT_COMPACT_JOB, '* * * * *');
  }

  /** Folds every key with deltas; returns how many keys were folded. */
  async compact(): Promise<number> {
    let total = 0;
    for (;;) {
      const [row] = await this.transactions.run((db) =>
        db.query<Array<{ keys: number }>>('SELECT report_compact($1) AS keys', [BATCH]),
      );
      const keys = row?.keys ?? 0;
      total += keys;
      if (keys < BATCH) return total;
    }
  }
}
