import type { Logger } from 'pino';
import { asCompanyId } from '@cs/proto/common';
import type { TransactionHost } from '@cs/platform/database';
import { DomainError } from '@cs/platform/errors';
import { FakePixProvider, InMemoryBilling, silentLogger } from '../../../../test/support/in-memory-billing.js';
import { CreatePixChargeUseCase } from './create-pix-charge.use-case.js';

const COMPANY = asCompanyId(3);

function setup() {
  const billing = new InMemoryBilling();
  const provider = new FakePixProvider();
  const invoice = billing.invoice({ id: 10, company_id: COMPANY, value: '199.90', detail: 'Plano Pro' });
  const charges = new CreatePixChargeUseCase(
    billing.transactions as unknown as TransactionHost,
    provider,
    { BILLING_CHARGE_EXPIRY_SECONDS: 3600 },
    silentLogger as unknown as Logger,
  );
  return { billing, provider, invoice, charges };
}

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'accepted',
    (error: unknown) => (error instanceof DomainError ? error.code : String(error)),
  );

describe('Pix checkout', () => {
  it('charges the invoice amount, naming the invoice to the payer', async () => {
    const { provider, charges } = setup();
    const charge = await charges.execute(COMPANY, 10);
    expect(charge).toEqual(expect.objectContaining({ invoiceId: 10, status: 'ATIVA', valor: { original: '199.90' } }));
    expect(charge.calendario.expiracao).toBe(3600);
    expect(provider.created).toEqual([{ txid: charge.txid, amount: '199.90', description: '#Fatura:10 Plano Pro' }]);
  });

  it('gives a double click the same live charge', async () => {
    const { provider, charges } = setup();
    const first = await charges.execute(COMPANY, 10);
    const second = await charges.execute(COMPANY, 10);
    expect(second.txid).toBe(first.txid);
    expect(second.pixCopiaECola).toBe(first.pixCopiaECola);
    expect(provider.created).toHaveLength(1);
  });

  it('makes a new charge when the live one is about to expire or the amount changed with the plan', async () => {
    const { billing, provider, invoice, charges } = setup();
    billing.charge({ txid: 'tx-expiring', invoice_id: 10, expires_at: new Date(Date.now() + 60_000) });
    expect((await charges.execute(COMPANY, 10)).txid).not.toBe('tx-expiring');

    invoice.value = '299.90';
    const repriced = await charges.execute(COMPANY, 10);
    expect(repriced.valor.original).toBe('299.90');
    expect(provider.created.map((created) => created.amount)).toEqual(['199.90', '299.90']);
  });

  it('refuses a paid invoice and another company’s invoice', async () => {
    const { billing, provider, charges } = setup();
    billing.invoice({ id: 11, company_id: COMPANY, status: 'paid' });
    billing.invoice({ id: 12, company_id: 99 });
    expect(await codeOf(charges.execute(COMPANY, 11))).toBe('ERR_INVOICE_ALREADY_PAID');
    expect(await codeOf(charges.execute(COMPANY, 12))).toBe('ERR_NO_INVOICE_FOUND');
    expect(provider.created).toEqual([]);
  });

  it('answers ERR_PAYMENT_PROVIDER when the provider fails, storing no charge', async () => {
    const { billing, provider, charges } = setup();
    provider.failCreate = true;
    expect(await codeOf(charges.execute(COMPANY, 10))).toBe('ERR_PAYMENT_PROVIDER');
    expect(billing.charges).toEqual([]);
  });
});
