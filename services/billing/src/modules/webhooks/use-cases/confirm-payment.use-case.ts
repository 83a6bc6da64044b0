import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { PaymentCompleted } from '@cs/proto/events';
import { returningRows, TransactionHost } from '@cs/platform/database';
import { EventPublisher } from '@cs/platform/events';
import { LOGGER } from '@cs/platform/logging';
import { PIX_PROVIDER, type PixProvider, type ProviderCharge } from '../../provider/pix-provider.js';

export type ConfirmOutcome = 'paid' | 'unknown-txid' | 'replay' | 'unconfirmed' | 'already-paid';

/**
 * One notified Pix payment. Nothing in the notification is believed: the charge is re-read from the provider by
 * txid and the payment must be there, CONCLUIDA, with this end-to-end id and at least the invoice's amount.
 * The end-to-end id is the idempotency key (a replay or a duplicate delivery changes nothing).
 */
@Injectable()
export class ConfirmPaymentUseCase {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly events: EventPublisher,
    @Inject(PIX_PROVIDER) private readonly provider: PixProvider,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** `known`: the charge as the provider answered it moments ago (reconciliation), instead of asking again. */
  async execute(txid: string, endToEndId: string, known?: ProviderCharge): Promise<ConfirmOutcome> {
    const [charge] = await this.transactions.manager.query<
      Array<{ txid: string; company_id: number; invoice_id: number; value: string }>
    >('SELECT txid, company_id, invoice_id, value::text AS value FROM charges WHERE txid = $1', [txid]);
    if (!charge) {
      this.logger.warn({ txid }, 'payment notification for an unknown txid ignored');
      return 'unknown-txid';
    }
    const [seen] = await this.transactions.manager.query<unknown[]>('SELECT 1 FROM payments WHERE end_to_end_id = $1', [
      endToEndId,
    ]);
    if (seen) return 'replay';

    const remote = known ?? (await this.provider.getCharge(txid));
    const payment = remote?.payments.find((pix) => pix.endToEndId === endToEndId);
    if (!remote || remote.status !== 'CONCLUIDA' || !payment || Number(payment.amount) < Number(charge.value)) {
      this.logger.warn(
        { txid, invoiceId: charge.invoice_id, providerStatus: remote?.status ?? 'absent' },
        'payment notification not confirmed by the provider: ignored',
      );
      return 'unconfirmed';
    }

    return this.transactions.run(async (manager) => {
      const inserted = await returningRows<{ end_to_end_id: string }>(
        manager,
        `INSERT INTO payments (end_to_end_id, txid, company_id, invoice_id, value, paid_at, applied)
         VALUES ($1, $2, $3, $4, $5, $6, false) ON CONFLICT (end_to_end_id) DO NOTHING RETURNING end_to_end_id`,
        [endToEndId, txid, charge.company_id, charge.invoice_id, payment.amount, payment.paidAt],
      );
      if (inserted.length === 0) return 'replay';
      await manager.query(`UPDATE charges SET status = 'CONCLUIDA' WHERE txid = $1`, [txid]);
      const paid = await returningRows<{ id: number; due_date: string }>(
        manager,
        `UPDATE invoices SET status = 'paid', paid_at = $2, updated_at = now()
          WHERE id = $1 AND status = 'open' RETURNING id, due_date::text AS due_date`,
        [charge.invoice_id, payment.paidAt],
      );
      const invoice = paid[0];
      if (!invoice) {
        this.logger.warn({ txid, invoiceId: charge.invoice_id }, 'a second payment of an already paid invoice');
        return 'already-paid';
      }
      await manager.query('UPDATE payments SET applied = true WHERE end_to_end_id = $1', [endToEndId]);
      await this.events.emit(PaymentCompleted, {
        companyId: charge.company_id,
        key: charge.company_id,
        data: {
          invoiceId: invoice.id,
          invoiceDueDate: invoice.due_date,
          value: Number(payment.amount).toFixed(2),
          provider: this.provider.name,
          txid,
          endToEndId,
          paidAt: new Date(payment.paidAt).toISOString(),
        },
      });
      this.logger.info({ invoiceId: invoice.id, companyId: charge.company_id }, 'invoice paid');
      return 'paid';
    });
  }
}
