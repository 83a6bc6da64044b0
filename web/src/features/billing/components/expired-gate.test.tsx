import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { useGetTicketByUuidQuery } from '../../../api/endpoints/tickets';
import { admin } from '../../../testing/fixtures';
import { API, authResponse } from '../../../testing/handlers';
import { renderApp } from '../../../testing/render';
import { server } from '../../../testing/server';
import { ExpiredGate } from './expired-gate';

function Probe() {
  useGetTicketByUuidQuery('abc');
  return <p>tickets page</p>;
}

const routes = [
  {
    path: '/tickets',
    element: (
      <ExpiredGate>
        <Probe />
      </ExpiredGate>
    ),
  },
  {
    path: '/financeiro',
    element: (
      <ExpiredGate>
        <p>finance page</p>
      </ExpiredGate>
    ),
  },
];

const lapsed = { ...admin, company: { id: 2, name: 'Empresa Demo', dueDate: '2025-01-31' } };

describe("an expired company's users", () => {
  it('land on /financeiro', async () => {
    renderApp(null, { user: lapsed, path: '/tickets', routes });
    expect(await screen.findByText('finance page')).toBeTruthy();
  });

  it('are taken there when the company lapses during the session (402: the refreshed session has the date)', async () => {
    let refreshes = 0;
    server.use(
      http.get(`${API}/tickets/u/abc`, () => HttpResponse.json({ error: 'ERR_COMPANY_EXPIRED' }, { status: 402 })),
      http.post(`${API}/auth/refresh_token`, () => {
        refreshes += 1;
        return HttpResponse.json(authResponse(lapsed));
      }),
    );
    const { store } = renderApp(null, {
      user: { ...admin, company: { id: 2, name: 'Empresa Demo', dueDate: '2099-12-31' } },
      path: '/tickets',
      routes,
    });
    expect(await screen.findByText('finance page')).toBeTruthy();
    expect(store.getState().session.user?.company?.dueDate).toBe('2025-01-31');
    await waitFor(() => expect(refreshes).toBe(1));
  });
});
