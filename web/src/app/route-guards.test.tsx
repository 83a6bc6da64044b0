import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { admin, agent } from '../testing/fixtures';
import { API } from '../testing/handlers';
import { renderApp } from '../testing/render';
import { server } from '../testing/server';
import { AdminOnly, PlanFlagOnly } from './route-guards';
import { PublicOnly } from './router';

const routes = [
  {
    path: '/',
    element: (
      <AdminOnly>
        <p>dashboard</p>
      </AdminOnly>
    ),
  },
  {
    path: '/schedules',
    element: (
      <PlanFlagOnly flag="useSchedules">
        <p>schedules</p>
      </PlanFlagOnly>
    ),
  },
  { path: '/tickets', element: <p>tickets</p> },
  {
    path: '/login',
    element: (
      <PublicOnly>
        <p>sign-in page</p>
      </PublicOnly>
    ),
  },
];

describe('route guards', () => {
  it('opens the dashboard for an admin and sends anyone else to /tickets', async () => {
    renderApp(null, { user: admin, path: '/', routes });
    expect(await screen.findByText('dashboard')).toBeTruthy();
    const other = renderApp(null, { user: agent, path: '/', routes });
    await waitFor(() => expect(other.router.state.location.pathname).toBe('/tickets'));
  });

  it('shows the sign-in page to a visitor and sends a signed-in user to their home, not the dashboard', async () => {
    renderApp(null, { path: '/login', routes });
    expect(await screen.findByText('sign-in page')).toBeTruthy();
    const signedIn = renderApp(null, { user: admin, path: '/login', routes });
    await waitFor(() => expect(signedIn.router.state.location.pathname).toBe('/tickets'));
    expect(screen.queryByText('dashboard')).toBeNull();
  });

  it('opens a plan page when its flag is on', async () => {
    renderApp(null, { user: agent, path: '/schedules', routes });
    expect(await screen.findByText('schedules')).toBeTruthy();
  });

  it('refuses a plan page whose flag is off with the spec’s notice, then leaves', async () => {
    server.use(http.get(`${API}/companies/listPlan/:id`, () => HttpResponse.json({ plan: { useSchedules: false } })));
    const { router } = renderApp(null, { user: agent, path: '/schedules', routes });
    expect((await screen.findByTestId('toast-warning')).textContent).toContain(
      'Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.',
    );
    expect(screen.queryByText('schedules')).toBeNull();
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/schedules'), { timeout: 3000 });
  });
});
