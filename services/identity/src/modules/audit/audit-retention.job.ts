import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { TransactionHost } from '@cs/platform/database';
import { JobsService } from '@cs/platform/jobs';
import { platformSetting } from '../platform-settings/platform-settings.queries.js';

export const AUDIT_RETENTION_JOB = 'identity.audit-retention';
/** Entries deleted per transaction: short transactions, so the log's readers and writers never wait long. */
export const AUDIT_RETENTION_BATCH = 5_000;

/**
 * The audit log's retention (the super users' `auditRetentionDays`): every night, entries older than that are
 * deleted in bounded batches, each its own transaction, which alone may delete (it sets `cs.audit_retention`,
 * the append-only trigger's exception). People who appear in no kept entry leave the person filter.
 */
@Injectable()
export class AuditRetentionJob implements OnApplicationBootstrap {
  constructor(
    private readonly jobs: JobsService,
    private readonly transactions: TransactionHost,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.jobs.work(AUDIT_RETENTION_JOB, () => this.purge().then(() => undefined));
    await this.jobs.schedule(AUDIT_RETENTION_JOB, '17 3 * * *');
  }

  /** Deletes what is past retention at `now`; returns how many entries were deleted. */
  async purge(now: Date = new Date(), batch: number = AUDIT_RETENTION_BATCH): Promise<number> {
    const days = Number(await platformSetting(this.transactions.manager, 'auditRetentionDays'));
    const cutoff = new Date(now.getTime() - days * 86_400_000);
    let total = 0;
    for (;;) {
      const deleted = await this.transactions.run(async (manager) => {
        await manager.query("SELECT set_config('cs.audit_retention', 'on', true)");
        const [, count] = await manager.query<[unknown, number]>(
          `DELETE FROM audit_entries WHERE id IN (
             SELECT id FROM audit_entries WHERE occurred_at < $1 ORDER BY occurred_at LIMIT $2)`,
          [cutoff, batch],
        );
        return count;
      });
      total += deleted;
      if (deleted < batch) break;
    }
    await this.transactions.run((manager) =>
      manager.query('DELETE FROM audit_actors WHERE last_seen_at < $1', [cutoff]),
    );
    return total;
  }
}
