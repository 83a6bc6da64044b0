import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { admin, ticket } from '../../../testing/fixtures';
import { API } from '../../../testing/handlers';
import { renderApp } from '../../../testing/render';
import { server } from '../../../testing/server';
import { DashboardPage } from './dashboard-page';

const companyToday = (): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());

function stub(dashboardCalls: URLSearchParams[]) {
  server.use(
    http.get(`${API}/dashboard`, ({ request }) => {
      dashboardCalls.push(new URL(request.url).searchParams);
      return HttpResponse.json({
        counters: {
          supportPending: 4,
          supportHappening: 2,
          supportFinished: 9,
          leads: 3,
          avgSupportTime: 135,
          avgWaitTime: 7,
          ticketsPerHour: Array.from({ length: 24 }, (_, h) => ({ 9: 2, 14: 1, 23: 1 })[h] ?? 0),
        },
        attendants: [
          { id: 2, name: 'Admin Demo', rating: 2.6, avgSupportTime: 61, online: true },
          { id: 3, name: 'Agente Demo', rating: 0, avgSupportTime: 0, online: false },
        ],
      });
    }),
    http.get(`${API}/tickets`, ({ request }) => {
      const params = new URL(request.url).searchParams;
      // today in the company's zone (no zone in the session: the default, São Paulo), whatever the machine's
      expect(params.get('date')).toBe(companyToday());
      expect(params.get('showAll')).toBe('true');
      return HttpResponse.json({ tickets: [ticket(), ticket()], count: 57, hasMore: true });
    }),
  );
}

describe('the dashboard', () => {
  it('shows the cards, today’s tickets, the period’s tickets per hour and the attendants', async () => {
    const calls: URLSearchParams[] = [];
    stub(calls);
    renderApp(<DashboardPage />, {
      user: { ...admin, company: { id: 2, name: 'Empresa Demo', dueDate: '2026-12-24' } },
    });
    expect(await screen.findByText('2h 15m')).toBeTruthy();
    expect(screen.getByTestId('card-pending-value').textContent).toBe('4');
    expect(screen.getByTestId('card-happening-value').textContent).toBe('2');
    expect(screen.getByTestId('card-finished-value').textContent).toBe('9');
    expect(screen.getByTestId('card-leads-value').textContent).toBe('3');
    expect(screen.getByTestId('card-avg-wait-value').textContent).toBe('0h 7m');
    expect(screen.getByText('Assinatura até')).toBeTruthy();
    expect(screen.getByTestId('card-subscription-value').textContent).toBe('24/12/2026');
    expect(calls[0]?.get('date_from')).toBe(`${companyToday().slice(0, 8)}01`);
    expect(calls[0]?.get('days')).toBeNull();

    await waitFor(() => expect(screen.getByTestId('card-today-value').textContent).toBe('57'));
    expect(screen.getByTestId('hour-9').dataset.count).toBe('2');
    expect(screen.getByTestId('hour-14').dataset.count).toBe('1');
    expect(screen.getByTestId('hour-23').dataset.count).toBe('1');
    expect(screen.getByTestId('hour-10').dataset.count).toBe('0');

    const rows = screen.getAllByTestId('attendant-row');
    expect(within(rows[0]!).getByLabelText('Muito Satisfeito')).toBeTruthy();
    expect(within(rows[0]!).getByText('1h 1m')).toBeTruthy();
    expect(within(rows[0]!).getByText('Online')).toBeTruthy();
    expect(within(rows[1]!).getByText('Sem avaliação')).toBeTruthy();
    expect(within(rows[1]!).getByText('Offline')).toBeTruthy();
  });

  it('asks to set up the filter when the period filter has no period, and filters by days', async () => {
    const calls: URLSearchParams[] = [];
    stub(calls);
    const user = userEvent.setup();
    renderApp(<DashboardPage />, { user: admin });
    await screen.findByText('2h 15m');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Tipo de filtro' }), 'period');
    await user.click(screen.getByRole('button', { name: 'Filtrar' }));
    expect(await screen.findByText('Parametrize o filtro')).toBeTruthy();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Período' }), '15');
    await user.click(screen.getByRole('button', { name: 'Filtrar' }));
    await waitFor(() => expect(calls.at(-1)?.get('days')).toBe('15'));
    expect(screen.queryByText('Parametrize o filtro')).toBeNull();
  });

  it('paints the layout with skeletons while the first figures load: no dashes, no spinning button', async () => {
    const calls: URLSearchParams[] = [];
    stub(calls);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.get(`${API}/dashboard`, async ({ request }) => {
        await released;
        calls.push(new URL(request.url).searchParams);
        return HttpResponse.json({
          counters: { supportPending: 4, supportHappening: 2, supportFinished: 9, leads: 3, avgSupportTime: 135 },
          attendants: [],
        });
      }),
    );
    renderApp(<DashboardPage />, { user: admin });
    expect(await screen.findByTestId('card-pending-loading')).toBeTruthy();
    for (const card of ['card-happening', 'card-finished', 'card-leads', 'card-avg-support', 'card-avg-wait'])
      expect(screen.getByTestId(`${card}-loading`)).toBeTruthy();
    expect(screen.getByTestId('hourly-chart-loading')).toBeTruthy();
    expect(screen.getAllByTestId('attendant-loading').length).toBeGreaterThan(0);
    expect(screen.getByTestId('dashboard-page').textContent).not.toContain('—');
    const filter = screen.getByRole('button', { name: 'Filtrar' });
    expect(filter.hasAttribute('data-loading')).toBe(false);
    expect((filter as HTMLButtonElement).disabled).toBe(false);

    release();
    await waitFor(() => expect(screen.getByTestId('card-pending-value').textContent).toBe('4'));
    expect(screen.queryByTestId('card-pending-loading')).toBeNull();
    expect(screen.queryByTestId('hourly-chart-loading')).toBeNull();
    expect(screen.queryAllByTestId('attendant-loading')).toEqual([]);
  });
});
