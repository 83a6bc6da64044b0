import type { Logger } from 'pino';
import type { TransactionHost } from '@cs/platform/database';
import type { EventPublisher } from '@cs/platform/events';
import { FakePixProvider, InMemoryBilling, silentLogger } from '../../../../test/support/in-memory-billing.js';
import { ConfirmPaymentUseCase } from '../../webhooks/use-cases/confirm-payment.use-case.js';
import { ReconcileChargesUseCase } from './reconcile-charges.use-case.js';

function setup() {
  const billing = new InMemoryBilling();
  const provider = new FakePixProvider();
  const transactions = billing.transactions as unknown as TransactionHost;
  const logger = silentLogger as unknown as Logger;
  const confirm = new ConfirmPaymentUseCase(
    transactions,
    billing.events as unknown as EventPublisher,
    provider,
    logger,
  );
  const reconcile = new ReconcileChargesUseCase(
    transactions,
    confirm,
    provider,
    { BILLING_RECONCILE_AFTER_SECONDS: 300 },
    logger,
  );
  return { billing, provider, reconcile };
}

describe('charge reconciliation', () => {
  it('pays the invoices whose notifications never arrived', async () => {
    const { billing, provider, reconcile } = setup();
    const paid = billing.invoice({ id: 1, company_id: 3 });
    const unpaid = billing.invoice({ id: 2, company_id: 4 });
    billing.charge({ txid: 'tx-paid', invoice_id: paid.id });
    billing.charge({ txid: 'tx-unpaid', invoice_id: unpaid.id });
    provider.paid('tx-paid', paid.value, { endToEndId: 'E1' });
    provider.remote.set('tx-unpaid', {
      ...(await provider.getCharge('tx-paid'))!,
      txid: 'tx-unpaid',
      status: 'ATIVA',
      payments: [],
    });

    const report = await reconcile.execute();

    expect(report.asked).toBe(2);
    expect(report.outcomes.paid).toBe(1);
    expect([paid.status, unpaid.status]).toEqual(['paid', 'open']);
    expect(billing.emitted.map((event) => event.companyId)).toEqual([3]);
  });

  it('applies a payment that was both notified and reconciled once', async () => {
    const { billing, provider, reconcile } = setup();
    const invoice = billing.invoice({ id: 1, company_id: 3 });
    billing.charge({ txid: 'tx-1', invoice_id: invoice.id });
    provider.paid('tx-1', invoice.value, { endToEndId: 'E1' });
    billing.payments.push({
      end_to_end_id: 'E1',
      txid: 'tx-1',
      company_id: 3,
      invoice_id: 1,
      value: invoice.value,
      paid_at: '2026-04-09T15:00:00.000Z',
      applied: true,
    });

    const report = await reconcile.execute();

    expect(report.outcomes).toEqual(expect.objectContaining({ paid: 0, replay: 1 }));
    expect(billing.emitted).toEqual([]);
  });

  it('stops asking about a charge the provider removed', async () => {
    const { billing, provider, reconcile } = setup();
    const invoice = billing.invoice({ id: 1, company_id: 3 });
    billing.charge({ txid: 'tx-1', invoice_id: invoice.id });
    provider.paid('tx-1', invoice.value);
    provider.remote.set('tx-1', { ...(await provider.getCharge('tx-1'))!, status: 'REMOVIDA_PELO_PSP' });

    expect((await reconcile.execute()).asked).toBe(1);
    expect(billing.charges[0]!.status).toBe('REMOVIDA_PELO_PSP');
    expect((await reconcile.execute()).asked).toBe(0);
    expect(invoice.status).toBe('open');
  });

  it('goes on with the other charges when the provider fails on one; the failed one is asked again', async () => {
    const { billing, provider, reconcile } = setup();
    const first = billing.invoice({ id: 1, company_id: 3 });
    const second = billing.invoice({ id: 2, company_id: 4 });
    billing.charge({ txid: 'tx-1', invoice_id: first.id, created_at: new Date(Date.now() - 900_000) });
    billing.charge({ txid: 'tx-2', invoice_id: second.id });
    provider.remote.set('tx-1', new Error('503 from the provider'));
    provider.paid('tx-2', second.value, { endToEndId: 'E2' });

    expect((await reconcile.execute()).outcomes.paid).toBe(1);
    expect([first.status, second.status]).toEqual(['open', 'paid']);

    provider.paid('tx-1', first.value, { endToEndId: 'E1' });
    expect((await reconcile.execute()).outcomes.paid).toBe(1);
    expect(first.status).toBe('paid');
  });
});
