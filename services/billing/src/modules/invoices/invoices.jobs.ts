import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG } from '@cs/platform/config';
import { JobsService } from '@cs/platform/jobs';
import { GenerateInvoicesUseCase } from './use-cases/generate-invoices.use-case.js';

export const GENERATE_INVOICES_JOB = 'billing.generate-invoices';

/**
 * The invoice generation as a pg-boss schedule (BILLING_INVOICE_CRON, a few times a day): pg-boss fires each
 * tick once across every pod, and the generation itself is idempotent, so an extra run (a start-up catch-up
 * on several pods at once) only finds nothing to create.
 */
@Injectable()
export class InvoicesJobs implements OnApplicationBootstrap {
  constructor(
    private readonly jobs: JobsService,
    private readonly generate: GenerateInvoicesUseCase,
    @Inject(APP_CONFIG) private readonly config: { BILLING_INVOICE_CRON: string },
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.jobs.work(GENERATE_INVOICES_JOB, async () => {
      await this.generate.forAll();
    });
    await this.jobs.schedule(GENERATE_INVOICES_JOB, this.config.BILLING_INVOICE_CRON);
    // a catch-up run at start-up (due dates that came within the lead time while no pod ran); pods starting
    // together each send one, which the idempotent generation absorbs
    await this.jobs.send(GENERATE_INVOICES_JOB, {});
  }
}
