import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { admin } from '../../../testing/fixtures';
import { API } from '../../../testing/handlers';
import { renderApp } from '../../../testing/render';
import { server } from '../../../testing/server';
import { todayIso } from '../utils/billing';
import { InvoicesPage } from './invoices-page';
import { SubscriptionPage } from './subscription-page';

const inDays = (days: number): string => {
  const date = new Date();
  date.setDate(date.getDate() + days);
  return todayIso(date);
};

const invoice = (id: number, dueDate: string, status: 'open' | 'paid') => ({
  id,
  companyId: 2,
  detail: 'Plano Profissional',
  value: 1234.5,
  dueDate,
  status,
  paidAt: null,
});

describe('the finance page', () => {
  it('shows each invoice with its R$ value, due date and status, and Pay only when not paid', async () => {
    server.use(
      http.get(`${API}/invoices/company`, () =>
        HttpResponse.json({
          invoices: [invoice(3, inDays(5), 'open'), invoice(2, '2025-01-31', 'open'), invoice(1, '2024-12-31', 'paid')],
          count: 3,
          hasMore: false,
        }),
      ),
    );
    renderApp(<InvoicesPage />, { user: admin });
    const rows = await screen.findAllByTestId('invoice-row');
    expect(rows.map((row) => row.getAttribute('data-status'))).toEqual(['open', 'overdue', 'paid']);
    expect(within(rows[0]!).getByText('Em Aberto')).toBeTruthy();
    expect(within(rows[1]!).getByText('Vencido')).toBeTruthy();
    expect(within(rows[1]!).getByText('31/01/2025')).toBeTruthy();
    expect(within(rows[2]!).getByText('Pago')).toBeTruthy();
    expect(within(rows[0]!).getByText('R$ 1234,50')).toBeTruthy();
    expect(within(rows[2]!).queryByTestId('invoice-pay')).toBeNull();
    expect(within(rows[1]!).getByTestId('invoice-pay')).toBeTruthy();
  });

  it("shows an expired company's banner with its due date", async () => {
    server.use(
      http.get(`${API}/invoices/company`, () => HttpResponse.json({ invoices: [], count: 0, hasMore: false })),
    );
    renderApp(<InvoicesPage />, {
      user: { ...admin, company: { id: 2, name: 'Empresa Demo', dueDate: '2025-01-31' } },
    });
    expect((await screen.findByTestId('expired-banner')).textContent).toContain('31/01/2025');
  });
});

describe('the subscription page', () => {
  it('shows the trial days left and the read-only billing e-mail, and subscribes into the checkout', async () => {
    server.use(
      http.get(`${API}/invoices/company`, () =>
        HttpResponse.json({ invoices: [invoice(9, inDays(3), 'open')], count: 1, hasMore: false }),
      ),
    );
    renderApp(<SubscriptionPage />, {
      user: { ...admin, company: { id: 2, name: 'Empresa Demo', dueDate: inDays(3) } },
    });
    expect((await screen.findByTestId('trial-days')).textContent).toBe('Seu período de teste termina em 3 dia(s).');
    const email = screen.getByTestId<HTMLInputElement>('billing-email');
    expect(email.value).toBe('admin@demo.local');
    expect(email.readOnly).toBe(true);
    const subscribe = screen.getByTestId('subscribe');
    await waitFor(() => expect(subscribe.hasAttribute('disabled')).toBe(false));
    await userEvent.click(subscribe);
    const dialog = await screen.findByTestId('checkout-dialog');
    expect(within(dialog).getByTestId('checkout-step-customize').textContent).toContain('Plano Profissional');
  });
});
