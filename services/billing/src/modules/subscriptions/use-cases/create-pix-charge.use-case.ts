import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import type { CompanyId } from '@cs/proto/common';
import type { PixCharge } from '@cs/proto/http';
import { APP_CONFIG } from '@cs/platform/config';
import { mapRow, type RowReader, type SqlRow, TransactionHost } from '@cs/platform/database';
import { DomainError } from '@cs/platform/errors';
import { LOGGER } from '@cs/platform/logging';
import { PIX_PROVIDER, type PixProvider } from '../../provider/pix-provider.js';

/** A charge is reused while it has at least this long to live (the payer needs time to pay it). */
const REUSE_MARGIN_SECONDS = 120;

/** A charge as `POST /subscription` answers it, from a row of `charges` (`value` selected as text). */
export const readPixCharge = (r: RowReader): PixCharge => {
  const createdAt = r.date('created_at');
  const expiresAt = r.date('expires_at');
  const pixCopyPaste = r.string('pix_copy_paste');
  return {
    invoiceId: r.int('invoice_id'),
    txid: r.string('txid'),
    status: r.string('status'),
    calendario: {
      criacao: createdAt.toISOString(),
      expiracao: Math.round((expiresAt.getTime() - createdAt.getTime()) / 1000),
    },
    valor: { original: r.string('value') },
    qrcode: { qrcode: pixCopyPaste },
    pixCopiaECola: pixCopyPaste,
    expiresAt: expiresAt.toISOString(),
  };
};

/**
 * `POST /subscription`: a Pix charge for one of the caller's company's open invoices, for the invoice's amount.
 * The invoice row is locked while the charge is made, so a double click gets the same live charge.
 */
@Injectable()
export class CreatePixChargeUseCase {
  constructor(
    private readonly transactions: TransactionHost,
    @Inject(PIX_PROVIDER) private readonly provider: PixProvider,
    @Inject(APP_CONFIG) private readonly config: { BILLING_CHARGE_EXPIRY_SECONDS: number },
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async execute(companyId: CompanyId, invoiceId: number): Promise<PixCharge> {
    return this.transactions.run(async (manager) => {
      const [found] = await manager.query<SqlRow[]>(
        `SELECT id, value::text AS value, status, detail FROM invoices WHERE company_id = $1 AND id = $2 FOR UPDATE`,
        [companyId, invoiceId],
      );
      if (!found) throw new DomainError('ERR_NO_INVOICE_FOUND');
      const invoice = mapRow(found, (r) => ({
        id: r.int('id'),
        value: r.string('value'),
        status: r.string('status'),
        detail: r.string('detail'),
      }));
      if (invoice.status === 'paid') throw new DomainError('ERR_INVOICE_ALREADY_PAID');
      const [live] = await manager.query<SqlRow[]>(
        `SELECT txid, invoice_id, status, value::text AS value, pix_copy_paste, created_at, expires_at
           FROM charges
          WHERE invoice_id = $1 AND status = 'ATIVA' AND value = $2::numeric
            AND expires_at > now() + make_interval(secs => $3)
          ORDER BY expires_at DESC LIMIT 1`,
        [invoice.id, invoice.value, REUSE_MARGIN_SECONDS],
      );
      if (live) return mapRow(live, readPixCharge);

      const txid = `cs${randomBytes(16).toString('hex')}`; // 34 characters, Efí accepts 26 to 35
      let charge;
      try {
        charge = await this.provider.createCharge({
          txid,
          amount: invoice.value,
          expiresInSeconds: this.config.BILLING_CHARGE_EXPIRY_SECONDS,
          description: `#Fatura:${invoice.id} ${invoice.detail}`,
        });
      } catch (error) {
        this.logger.error({ invoiceId, reason: (error as Error).message }, 'Pix charge failed');
        throw new DomainError('ERR_PAYMENT_PROVIDER');
      }
      const createdAt = new Date(charge.createdAt);
      const [row] = await manager.query<SqlRow[]>(
        `INSERT INTO charges (txid, company_id, invoice_id, provider, value, status, location_id, pix_copy_paste,
                              created_at, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9::timestamptz + make_interval(secs => $10))
         RETURNING txid, invoice_id, status, value::text AS value, pix_copy_paste, created_at, expires_at`,
        [
          txid,
          companyId,
          invoice.id,
          this.provider.name,
          invoice.value,
          charge.status,
          charge.locationId,
          charge.pixCopyPaste,
          createdAt.toISOString(),
          charge.expiresInSeconds,
        ],
      );
      return mapRow(row!, readPixCharge);
    });
  }
}
