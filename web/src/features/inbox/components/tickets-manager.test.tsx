import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { admin, agent, ticket } from '../../../testing/fixtures';
import { API } from '../../../testing/handlers';
import { renderApp } from '../../../testing/render';
import { server } from '../../../testing/server';
import { TicketsManager } from './tickets-manager';

function serveTickets(calls: URLSearchParams[]) {
  server.use(
    http.get(`${API}/tickets`, ({ request }) => {
      const params = new URL(request.url).searchParams;
      calls.push(params);
      const status = params.get('status');
      if (status === 'open')
        return HttpResponse.json({ tickets: [ticket({ id: 1, status: 'open', userId: 3 })], hasMore: false });
      if (status === 'pending')
        return HttpResponse.json({ tickets: [ticket({ id: 2 }), ticket({ id: 3 })], hasMore: false });
      return HttpResponse.json({ tickets: [], hasMore: false });
    }),
    http.get(`${API}/queue`, () => HttpResponse.json(admin.queues)),
    http.get(`${API}/tags/list`, () => HttpResponse.json([{ id: 1, name: 'VIP', color: '#f44336' }])),
    http.get(`${API}/users/list`, () => HttpResponse.json([{ id: 3, name: 'Agente Demo' }])),
  );
}

describe('TicketsManager', () => {
  it('shows the assigned and pending counts and switches between the sub-tabs', async () => {
    const calls: URLSearchParams[] = [];
    serveTickets(calls);
    renderApp(<TicketsManager />, { user: agent });
    await waitFor(() => expect(screen.getByTestId('count-pending').textContent).toBe('2'));
    expect(screen.getByTestId('count-open').textContent).toBe('1');
    expect(screen.getByTestId('tickets-list-open').hidden).toBe(false);
    await userEvent.click(screen.getByTestId('tab-pending'));
    await waitFor(() => expect(screen.getByTestId('tickets-list-open').hidden).toBe(true));
    expect(within(screen.getByTestId('tickets-list-pending')).getAllByTestId('ticket-item')).toHaveLength(2);
    // ended tickets are listed under the name of the action that ends them ("Finalizar")
    expect(screen.getByRole('tab', { name: 'Finalizados' })).toBeTruthy();
  });

  it('filters the lists by service level and puts the tickets past, then near a target first', async () => {
    const calls: URLSearchParams[] = [];
    const level = (ticketId: number, state: 'near' | 'breached') => ({
      ticketId,
      state,
      firstResponse: state,
      resolution: 'ok',
      firstResponseDueAt: '2026-12-01T12:00:00.000Z',
      resolutionDueAt: null,
      status: 'pending',
      queueId: 1,
      userId: null,
    });
    server.use(
      http.get(`${API}/service-levels/at-risk`, () => HttpResponse.json([level(3, 'breached'), level(2, 'near')])),
      http.get(`${API}/tickets`, ({ request }) => {
        const params = new URL(request.url).searchParams;
        calls.push(params);
        if (params.get('status') !== 'pending') return HttpResponse.json({ tickets: [], hasMore: false });
        const tickets = [ticket({ id: 1 }), ticket({ id: 2 }), ticket({ id: 3 })];
        const near = params.get('serviceLevel') === 'near';
        return HttpResponse.json({ tickets: near ? [tickets[1]] : tickets, hasMore: false });
      }),
    );
    renderApp(<TicketsManager />, { user: agent });
    await userEvent.click(screen.getByTestId('tab-pending'));
    const list = screen.getByTestId('tickets-list-pending');
    const order = () =>
      within(list)
        .queryAllByTestId(/^sla-badge-/)
        .map((badge) => badge.dataset.state);
    await waitFor(() => expect(order()).toEqual(['breached', 'near']));
    await userEvent.click(screen.getByText('Em risco primeiro'));
    await waitFor(() => expect(order()).toEqual(['near', 'breached']));

    await userEvent.selectOptions(screen.getByTestId('service-level-filter'), 'near');
    await waitFor(() => expect(calls.some((c) => c.get('serviceLevel') === 'near')).toBe(true));
    await waitFor(() => expect(within(list).getAllByTestId('ticket-item')).toHaveLength(1));
    expect(order()).toEqual(['near']);
  });

  it('asks for the agent’s queues, page 1, arrays as JSON, and offers no "show all" to agents', async () => {
    const calls: URLSearchParams[] = [];
    serveTickets(calls);
    renderApp(<TicketsManager />, { user: agent });
    await waitFor(() => expect(calls.length).toBeGreaterThanOrEqual(2));
    const pending = calls.find((c) => c.get('status') === 'pending')!;
    expect(pending.get('queueIds')).toBe('[1,2]');
    expect(pending.get('pageNumber')).toBe('1');
    expect(pending.get('showAll')).toBe('false');
    expect(screen.queryByTestId('show-all')).toBeNull();
  });

  it('has "show all" on by default for an admin, and the search tab offers tag and user filters', async () => {
    const calls: URLSearchParams[] = [];
    serveTickets(calls);
    renderApp(<TicketsManager />, { user: admin });
    await waitFor(() => expect(calls.some((c) => c.get('status') === 'open')).toBe(true));
    expect(calls.find((c) => c.get('status') === 'open')!.get('showAll')).toBe('true');
    expect(screen.getByTestId('show-all')).toBeTruthy();
    await userEvent.click(screen.getByRole('tab', { name: 'Busca' }));
    await userEvent.type(screen.getByTestId('ticket-search'), 'maria');
    await waitFor(() => expect(calls.some((c) => c.get('searchParam') === 'maria')).toBe(true));
    const search = calls.find((c) => c.get('searchParam') === 'maria')!;
    expect(search.get('status')).toBeNull();
    expect(screen.getByRole('button', { name: /Tags/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Usuários/ })).toBeTruthy();
  });

  it('waits for the typing to stop before searching (500 ms debounce)', async () => {
    const calls: URLSearchParams[] = [];
    serveTickets(calls);
    renderApp(<TicketsManager />, { user: agent });
    await userEvent.click(screen.getByRole('tab', { name: 'Busca' }));
    await userEvent.type(screen.getByTestId('ticket-search'), 'joana');
    await waitFor(() => expect(calls.some((c) => c.get('searchParam') === 'joana')).toBe(true));
    expect(calls.filter((c) => (c.get('searchParam') ?? '').length > 0).map((c) => c.get('searchParam'))).toEqual([
      'joana',
    ]);
    expect(screen.queryByRole('button', { name: /Usuários/ })).toBeNull();
  });
});
