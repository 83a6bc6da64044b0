import type { Logger } from 'pino';
import type { TransactionHost } from '@cs/platform/database';
import type { EventPublisher } from '@cs/platform/events';
import { FakePixProvider, InMemoryBilling, silentLogger } from '../../../../test/support/in-memory-billing.js';
import { ConfirmPaymentUseCase } from './confirm-payment.use-case.js';

function setup() {
  const billing = new InMemoryBilling();
  const provider = new FakePixProvider();
  const invoice = billing.invoice({ id: 10, company_id: 3, value: '199.90', due_date: '2026-04-10' });
  billing.charge({ txid: 'tx-1', invoice_id: invoice.id });
  const confirm = new ConfirmPaymentUseCase(
    billing.transactions as unknown as TransactionHost,
    billing.events as unknown as EventPublisher,
    provider,
    silentLogger as unknown as Logger,
  );
  return { billing, provider, invoice, confirm };
}

describe('payment confirmation', () => {
  it('pays the invoice once the provider shows the payment, and tells the other services', async () => {
    const { billing, provider, invoice, confirm } = setup();
    provider.paid('tx-1', '199.90', { endToEndId: 'E1' });

    expect(await confirm.execute('tx-1', 'E1')).toBe('paid');

    expect(invoice.status).toBe('paid');
    expect(billing.charges[0]!.status).toBe('CONCLUIDA');
    expect(billing.emitted).toEqual([
      {
        type: 'billing.payment.completed',
        companyId: 3,
        data: expect.objectContaining({
          invoiceId: 10,
          invoiceDueDate: '2026-04-10',
          value: '199.90',
          endToEndId: 'E1',
        }),
      },
    ]);
  });

  it('applies a notification delivered twice only once', async () => {
    const { billing, provider, confirm } = setup();
    provider.paid('tx-1', '199.90', { endToEndId: 'E1' });

    expect(await confirm.execute('tx-1', 'E1')).toBe('paid');
    expect(await confirm.execute('tx-1', 'E1')).toBe('replay');

    expect(billing.payments).toHaveLength(1);
    expect(billing.emitted).toHaveLength(1);
  });

  it('records a second payment of a paid invoice without paying it again', async () => {
    const { billing, provider, confirm } = setup();
    provider.paid('tx-1', '199.90', { endToEndId: 'E1' }, { endToEndId: 'E2' });

    await confirm.execute('tx-1', 'E1');
    expect(await confirm.execute('tx-1', 'E2')).toBe('already-paid');

    expect(billing.payments.map((payment) => [payment.end_to_end_id, payment.applied])).toEqual([
      ['E1', true],
      ['E2', false],
    ]);
    expect(billing.emitted).toHaveLength(1);
  });

  it('believes nothing the notification says: unpaid, unknown or short payments leave the invoice open', async () => {
    const { billing, provider, invoice, confirm } = setup();
    expect(await confirm.execute('tx-1', 'E1')).toBe('unconfirmed'); // the provider does not know the charge

    provider.paid('tx-1', '199.90', { endToEndId: 'E1' });
    expect(await confirm.execute('tx-1', 'E-other')).toBe('unconfirmed'); // not one of the charge's payments

    provider.paid('tx-1', '199.90', { endToEndId: 'E3', amount: '19.99' });
    expect(await confirm.execute('tx-1', 'E3')).toBe('unconfirmed'); // less than the invoice

    provider.remote.set('tx-1', { ...(await provider.getCharge('tx-1'))!, status: 'ATIVA' });
    expect(await confirm.execute('tx-1', 'E3')).toBe('unconfirmed'); // the charge is not concluded

    expect(await confirm.execute('tx-unknown', 'E1')).toBe('unknown-txid');
    expect(invoice.status).toBe('open');
    expect(billing.payments).toEqual([]);
    expect(billing.emitted).toEqual([]);
  });

  it('accepts a payment above the invoice amount', async () => {
    const { invoice, provider, confirm } = setup();
    provider.paid('tx-1', '199.90', { endToEndId: 'E1', amount: '200.00' });
    expect(await confirm.execute('tx-1', 'E1')).toBe('paid');
    expect(invoice.status).toBe('paid');
  });
});
