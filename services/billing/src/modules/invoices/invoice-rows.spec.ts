import { mapRow } from '@cs/platform/database';
import { readBillingCompany } from '../companies/companies.projection.js';
import { readPixCharge } from '../subscriptions/use-cases/create-pix-charge.use-case.js';
import { readInvoice } from './invoices.queries.js';

const at = new Date('2026-05-01T12:00:00.000Z');

describe('billing raw rows', () => {
  const invoice = {
    id: 9,
    company_id: 4,
    detail: 'Plano Pro',
    value: '149.90',
    due_date: '2026-05-10',
    status: 'open',
    paid_at: null,
    created_at: at,
    updated_at: at,
  };

  it('reads an invoice with numeric text as a number, naming the company only when it was selected', () => {
    expect(mapRow(invoice, readInvoice)).toEqual({
      id: 9,
      companyId: 4,
      detail: 'Plano Pro',
      value: 149.9,
      dueDate: '2026-05-10',
      status: 'open',
      paidAt: null,
      createdAt: '2026-05-01T12:00:00.000Z',
      updatedAt: '2026-05-01T12:00:00.000Z',
    });
    expect(mapRow({ ...invoice, company_name: null }, readInvoice).companyName).toBe('');
    expect(mapRow({ ...invoice, company_name: 'Acme' }, readInvoice).companyName).toBe('Acme');
  });

  it('refuses an invoice in a status billing does not know', () => {
    expect(() => mapRow({ ...invoice, status: 'void' }, readInvoice)).toThrow(
      'SQL column "status" is not one of open|paid',
    );
  });

  it("reads a Pix charge's lifetime from its creation and expiry", () => {
    const charge = mapRow(
      {
        txid: 'cs0123',
        invoice_id: 9,
        status: 'ATIVA',
        value: '149.90',
        pix_copy_paste: '000201...',
        created_at: at,
        expires_at: new Date(at.getTime() + 3_600_000),
      },
      readPixCharge,
    );
    expect(charge).toMatchObject({
      invoiceId: 9,
      calendario: { criacao: '2026-05-01T12:00:00.000Z', expiracao: 3600 },
      valor: { original: '149.90' },
      pixCopiaECola: '000201...',
    });
  });

  it("reads the company projection's NULL plan columns as null", () => {
    expect(
      mapRow(
        {
          id: 4,
          name: 'Acme',
          email: null,
          status: true,
          due_date: null,
          recurrence: null,
          timezone: 'America/Sao_Paulo',
          plan_name: null,
          plan_value: null,
        },
        readBillingCompany,
      ),
    ).toMatchObject({ id: 4, email: null, planValue: null, timezone: 'America/Sao_Paulo' });
  });
});
