import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG } from '@cs/platform/config';
import { JobsService } from '@cs/platform/jobs';
import { ReconcileChargesUseCase } from './use-cases/reconcile-charges.use-case.js';

export const RECONCILE_CHARGES_JOB = 'billing.reconcile-charges';

/**
 * The reconciliation as a pg-boss schedule (`BILLING_RECONCILE_CRON`, every minute by default): pg-boss fires each
 * tick once across every pod, and a confirmation is idempotent, so a run beside a notification (or another run)
 * applies a payment once.
 */
@Injectable()
export class ReconciliationJobs implements OnApplicationBootstrap {
  constructor(
    private readonly jobs: JobsService,
    private readonly reconcile: ReconcileChargesUseCase,
    @Inject(APP_CONFIG) private readonly config: { BILLING_RECONCILE_CRON: string },
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.jobs.work(RECONCILE_CHARGES_JOB, async () => {
      await this.reconcile.execute();
    });
    await this.jobs.schedule(RECONCILE_CHARGES_JOB, this.config.BILLING_RECONCILE_CRON);
  }
}
