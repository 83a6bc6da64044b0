import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { PaymentCompleted } from '@cs/proto/events';
import { mapRow, returningRows, type SqlRow, TransactionHost } from '@cs/platform/database';
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
    const [row] = await this.transactions.manager.query<SqlRow[]>(
      'SELECT txid, company_id, invoice_id, value::text AS value FROM charges WHERE txid = $1',
      [txid],
    );
    if (!row) {
      this.logger.warn({ txid }, 'payment notification for an unknown txid ignored');
      return 'unknown-txid';
    }
    const charge = mapRow(row, (r) => ({
      companyId: r.int('company_id'),
      invoiceId: r.int('invoice_id'),
      value: r.float('value'),
    }));
    const [seen] = await this.transactions.manager.query<unknown[]>('SELECT 1 FROM payments WHERE end_to_end_id = $1', [
      endToEndId,
    ]);
    if (seen) return 'replay';

    const remote = known ?? (await this.provider.getCharge(txid));
    const payment = remote?.payments.find((pix) => pix.endToEndId === endToEndId);
    if (!remote || remote.status !== 'CONCLUIDA' || !payment || Number(payment.amount) < charge.value) {
      this.logger.warn(
        { txid, invoiceId: charge.invoiceId, providerStatus: remote?.status ?? 'absent' },
        'payment notification not confirmed by the provider: ignored',
      );
      return 'unconfirmed';
    }

    return this.transactions.run(async (manager) => {
      const inserted = await returningRows<SqlRow>(
        manager,
        `INSERT INTO payments (end_to_end_id, txid, company_id, invoice_id, value, paid_at, applied)
         VALUES ($1, $2, $3, $4, $5, $6, false) ON CONFLICT (end_to_end_id) DO NOTHING RETURNING end_to_end_id`,
        [endToEndId, txid, charge.companyId, charge.invoiceId, payment.amount, payment.paidAt],
      );
      if (inserted.length === 0) return 'replay';
      await manager.query(`UPDATE charges SET status = 'CONCLUIDA' WHERE txid = $1`, [txid]);
      const paid = await returningRows<SqlRow>(
        manager,
        `UPDATE invoices SET status = 'paid', paid_at = $2, updated_at = now()
          WHERE id = $1 AND status = 'open' RETURNING id, due_date::text AS due_date`,
        [charge.invoiceId, payment.paidAt],
      );
      const invoice = paid[0] && mapRow(paid[0], (r) => ({ id: r.int('id'), dueDate: r.string('due_date') }));
      if (!invoice) {
        this.logger.warn({ txid, invoiceId: charge.invoiceId }, 'a second payment of an already paid invoice');
        return 'already-paid';
      }
      await manager.query('UPDATE payments SET applied = true WHERE end_to_end_id = $1', [endToEndId]);
      await this.events.emit(PaymentCompleted, {
        companyId: charge.companyId,
        key: charge.companyId,
        data: {
          invoiceId: invoice.id,
          invoiceDueDate: invoice.dueDate,
          value: Number(payment.amount).toFixed(2),
          provider: this.provider.name,
          txid,
          endToEndId,
          paidAt: new Date(payment.paidAt).toISOString(),
        },
      });
      this.logger.info({ invoiceId: invoice.id, companyId: charge.companyId }, 'invoice paid');
      return 'paid';
    });
  }
}
