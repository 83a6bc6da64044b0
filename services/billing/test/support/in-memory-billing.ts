import type { PixProvider, ProviderCharge } from '../../src/modules/provider/pix-provider.js';

/**
 * In-memory stand-ins for billing's ports in unit specs: the tables the payment use-cases touch, answered by
 * statement (each use-case's few statements, recognised by their text), a transaction that rolls the tables
 * back when its work throws, an event publisher that records, and a scriptable Pix provider.
 */
export interface InvoiceState {
  id: number;
  company_id: number;
  detail: string;
  value: string;
  due_date: string;
  status: 'open' | 'paid';
  paid_at: string | null;
}
export interface ChargeState {
  txid: string;
  company_id: number;
  invoice_id: number;
  value: string;
  status: string;
  pix_copy_paste: string;
  created_at: Date;
  expires_at: Date;
}
export interface PaymentState {
  end_to_end_id: string;
  txid: string;
  company_id: number;
  invoice_id: number;
  value: string;
  paid_at: string;
  applied: boolean;
}

export class InMemoryBilling {
  invoices: InvoiceState[] = [];
  charges: ChargeState[] = [];
  payments: PaymentState[] = [];
  readonly emitted: Array<{ type: string; companyId: number; data: Record<string, unknown> }> = [];

  readonly manager = { query: (sql: string, params: unknown[] = []) => Promise.resolve(this.query(sql, params)) };

  readonly transactions = {
    manager: this.manager,
    run: async <T>(work: (manager: InMemoryBilling['manager']) => Promise<T>): Promise<T> => {
      const before = structuredClone({ invoices: this.invoices, charges: this.charges, payments: this.payments });
      try {
        return await work(this.manager);
      } catch (error) {
        Object.assign(this, before);
        throw error;
      }
    },
  };

  readonly events = {
    emit: (definition: { type: string }, input: { companyId: number; data: Record<string, unknown> }) => {
      this.emitted.push({ type: definition.type, companyId: input.companyId, data: input.data });
      return Promise.resolve();
    },
  };

  invoice(state: Partial<InvoiceState> & Pick<InvoiceState, 'id' | 'company_id'>): InvoiceState {
    const row: InvoiceState = {
      detail: 'Plano Pro',
      value: '199.90',
      due_date: '2026-04-10',
      status: 'open',
      paid_at: null,
      ...state,
    };
    this.invoices.push(row);
    return row;
  }

  charge(state: Partial<ChargeState> & Pick<ChargeState, 'txid' | 'invoice_id'>): ChargeState {
    const invoice = this.invoices.find((row) => row.id === state.invoice_id)!;
    const row: ChargeState = {
      company_id: invoice.company_id,
      value: invoice.value,
      status: 'ATIVA',
      pix_copy_paste: `pix-${state.txid}`,
      created_at: new Date(Date.now() - 600_000),
      expires_at: new Date(Date.now() + 3_000_000),
      ...state,
    };
    this.charges.push(row);
    return row;
  }

  private query(raw: string, params: unknown[]): unknown {
    const sql = raw.replace(/\s+/g, ' ').trim();
    const chargeOf = (txid: unknown) => this.charges.find((row) => row.txid === txid);
    if (sql.startsWith('SELECT txid, company_id, invoice_id, value::text AS value FROM charges WHERE txid = $1')) {
      const charge = chargeOf(params[0]);
      return charge ? [{ ...charge }] : [];
    }
    if (sql.startsWith('SELECT 1 FROM payments WHERE end_to_end_id = $1')) {
      return this.payments.filter((row) => row.end_to_end_id === params[0]).map(() => ({ '?column?': 1 }));
    }
    if (sql.startsWith('INSERT INTO payments')) {
      const [endToEndId, txid, companyId, invoiceId, value, paidAt] = params as [
        string,
        string,
        number,
        number,
        string,
        string,
      ];
      if (this.payments.some((row) => row.end_to_end_id === endToEndId)) return [];
      this.payments.push({
        end_to_end_id: endToEndId,
        txid,
        company_id: companyId,
        invoice_id: invoiceId,
        value,
        paid_at: paidAt,
        applied: false,
      });
      return [{ end_to_end_id: endToEndId }];
    }
    if (sql.startsWith("UPDATE charges SET status = 'CONCLUIDA' WHERE txid = $1")) {
      chargeOf(params[0])!.status = 'CONCLUIDA';
      return [];
    }
    if (sql.startsWith("UPDATE charges SET status = $2 WHERE txid = $1 AND status = 'ATIVA'")) {
      const charge = chargeOf(params[0]);
      if (charge?.status === 'ATIVA') charge.status = params[1] as string;
      return [];
    }
    if (sql.startsWith("UPDATE invoices SET status = 'paid'")) {
      const invoice = this.invoices.find((row) => row.id === params[0] && row.status === 'open');
      if (!invoice) return [[], 0];
      invoice.status = 'paid';
      invoice.paid_at = params[1] as string;
      return [[{ id: invoice.id, due_date: invoice.due_date }], 1];
    }
    if (sql.startsWith('UPDATE payments SET applied = true WHERE end_to_end_id = $1')) {
      this.payments.find((row) => row.end_to_end_id === params[0])!.applied = true;
      return [];
    }
    if (sql.startsWith('SELECT c.txid FROM charges c JOIN invoices i')) {
      // the selection's time windows are PostgreSQL's (covered by the integration suite): here every live charge
      // of an open invoice, oldest first
      return this.charges
        .filter(
          (row) => row.status === 'ATIVA' && this.invoices.some((i) => i.id === row.invoice_id && i.status === 'open'),
        )
        .sort((a, b) => a.created_at.getTime() - b.created_at.getTime())
        .slice(0, params[1] as number)
        .map((row) => ({ txid: row.txid }));
    }
    if (
      sql.startsWith('SELECT id, value::text AS value, status, detail FROM invoices WHERE company_id = $1 AND id = $2')
    ) {
      return this.invoices
        .filter((row) => row.company_id === params[0] && row.id === params[1])
        .map((row) => ({ ...row }));
    }
    if (
      sql.startsWith(
        'SELECT txid, invoice_id, status, value::text AS value, pix_copy_paste, created_at, expires_at FROM charges',
      )
    ) {
      const [invoiceId, value, marginSeconds] = params as [number, string, number];
      const live = this.charges
        .filter(
          (row) =>
            row.invoice_id === invoiceId &&
            row.status === 'ATIVA' &&
            Number(row.value) === Number(value) &&
            row.expires_at.getTime() > Date.now() + marginSeconds * 1000,
        )
        .sort((a, b) => b.expires_at.getTime() - a.expires_at.getTime());
      return live.slice(0, 1).map((row) => ({ ...row }));
    }
    if (sql.startsWith('INSERT INTO charges')) {
      const [txid, companyId, invoiceId, , value, status, , pixCopyPaste, createdAt, expiresIn] = params as [
        string,
        number,
        number,
        string,
        string,
        string,
        number | null,
        string,
        string,
        number,
      ];
      const row: ChargeState = {
        txid,
        company_id: companyId,
        invoice_id: invoiceId,
        value,
        status,
        pix_copy_paste: pixCopyPaste,
        created_at: new Date(createdAt),
        expires_at: new Date(Date.parse(createdAt) + expiresIn * 1000),
      };
      this.charges.push(row);
      return [{ ...row }];
    }
    throw new Error(`InMemoryBilling does not know the statement: ${sql.slice(0, 80)}`);
  }
}

/** A Pix provider whose charges the spec sets; records what it was asked. */
export class FakePixProvider implements PixProvider {
  readonly name = 'fake';
  readonly remote = new Map<string, ProviderCharge | Error>();
  readonly created: Array<{ txid: string; amount: string; description: string }> = [];
  failCreate = false;

  createCharge(input: { txid: string; amount: string; expiresInSeconds: number; description: string }) {
    if (this.failCreate) return Promise.reject(new Error('provider down'));
    this.created.push({ txid: input.txid, amount: input.amount, description: input.description });
    return Promise.resolve({
      txid: input.txid,
      status: 'ATIVA',
      amount: input.amount,
      createdAt: new Date().toISOString(),
      expiresInSeconds: input.expiresInSeconds,
      locationId: 1,
      pixCopyPaste: `pix-${input.txid}`,
      payments: [],
    });
  }

  getCharge(txid: string): Promise<ProviderCharge | null> {
    const known = this.remote.get(txid);
    if (known instanceof Error) return Promise.reject(known);
    return Promise.resolve(known ?? null);
  }

  registerWebhook(): Promise<void> {
    return Promise.resolve();
  }

  /** The provider's view: the charge paid by these payments. */
  paid(txid: string, amount: string, ...payments: Array<{ endToEndId: string; amount?: string }>): void {
    this.remote.set(txid, {
      txid,
      status: 'CONCLUIDA',
      amount,
      createdAt: new Date().toISOString(),
      expiresInSeconds: 3600,
      locationId: 1,
      pixCopyPaste: `pix-${txid}`,
      payments: payments.map((payment) => ({
        endToEndId: payment.endToEndId,
        amount: payment.amount ?? amount,
        paidAt: '2026-04-09T15:00:00.000Z',
      })),
    });
  }
}

export const silentLogger = { info: () => undefined, warn: () => undefined, error: () => undefined };
