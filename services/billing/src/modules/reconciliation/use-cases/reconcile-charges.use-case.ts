import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { APP_CONFIG } from '@cs/platform/config';
import { mapRows, type SqlRow, TransactionHost } from '@cs/platform/database';
import { LOGGER } from '@cs/platform/logging';
import { PIX_PROVIDER, type PixProvider } from '../../provider/pix-provider.js';
import { type ConfirmOutcome, ConfirmPaymentUseCase } from '../../webhooks/use-cases/confirm-payment.use-case.js';

/** Charges asked about in one run, oldest first (the rest wait for the next run). */
export const RECONCILE_BATCH = 100;

export interface ReconcileConfig {
  readonly BILLING_RECONCILE_AFTER_SECONDS: number;
}

export interface ReconcileReport {
  readonly asked: number;
  readonly outcomes: Readonly<Record<ConfirmOutcome, number>>;
}

/**
 * Asks the provider about the open charges of open invoices that are older than `BILLING_RECONCILE_AFTER_SECONDS`
 * and could still have been paid (not expired for more than a day): a payment the provider holds is confirmed
 * through `ConfirmPaymentUseCase`, exactly as a notification would be (the end-to-end id is the idempotency key,
 * so a payment both notified and reconciled is applied once). This is how an invoice gets paid when every
 * notification of it failed (billing down or answering errors while the provider notified). A charge the provider
 * removed is recorded with its status and asked about no more.
 */
@Injectable()
export class ReconcileChargesUseCase {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly confirm: ConfirmPaymentUseCase,
    @Inject(PIX_PROVIDER) private readonly provider: PixProvider,
    @Inject(APP_CONFIG) private readonly config: ReconcileConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async execute(): Promise<ReconcileReport> {
    const rows = await this.transactions.manager.query<SqlRow[]>(
      `SELECT c.txid FROM charges c JOIN invoices i ON i.id = c.invoice_id AND i.company_id = c.company_id
        WHERE c.status = 'ATIVA' AND i.status = 'open'
          AND c.created_at < now() - make_interval(secs => $1)
          AND c.expires_at > now() - interval '1 day'
        ORDER BY c.created_at LIMIT $2`,
      [this.config.BILLING_RECONCILE_AFTER_SECONDS, RECONCILE_BATCH],
    );
    const outcomes: Record<ConfirmOutcome, number> = {
      paid: 0,
      'unknown-txid': 0,
      replay: 0,
      unconfirmed: 0,
      'already-paid': 0,
    };
    const txids = mapRows(rows, (row) => row.string('txid'));
    for (const txid of txids) {
      try {
        const remote = await this.provider.getCharge(txid);
        if (!remote) continue;
        if (remote.status.startsWith('REMOVIDA')) {
          await this.transactions.manager.query(`UPDATE charges SET status = $2 WHERE txid = $1 AND status = 'ATIVA'`, [
            txid,
            remote.status,
          ]);
          continue;
        }
        for (const payment of remote.payments) {
          outcomes[await this.confirm.execute(txid, payment.endToEndId, remote)] += 1;
        }
      } catch (error) {
        // the provider unreachable or refusing: the next run asks again
        this.logger.warn({ err: error, txid }, 'could not reconcile a charge with the provider');
      }
    }
    if (outcomes.paid > 0) this.logger.info({ asked: txids.length, ...outcomes }, 'charges reconciled');
    return { asked: txids.length, outcomes };
  }
}
