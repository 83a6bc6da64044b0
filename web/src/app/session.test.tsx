import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { useGetTicketByUuidQuery } from '../api/endpoints/tickets';
import { tokenStore } from '../api/session';
import { agent, ticket } from '../testing/fixtures';
import { API, authResponse } from '../testing/handlers';
import { renderApp } from '../testing/render';
import { server } from '../testing/server';
import { Private } from './router';

function Probe() {
  const { data } = useGetTicketByUuidQuery('abc');
  return <p>{data ? `ticket of ${data.contact.name}` : 'loading'}</p>;
}

const routes = [
  {
    path: '/tickets',
    element: (
      <Private>
        <Probe />
      </Private>
    ),
  },
  { path: '/login', element: <p>login page</p> },
];

describe('session handling', () => {
  it('on a 403 refreshes the token once and retries the call with the new one', async () => {
    const fresh = authResponse();
    const seen: string[] = [];
    server.use(
      http.post(`${API}/auth/refresh_token`, () => HttpResponse.json(fresh)),
      http.get(`${API}/tickets/u/abc`, ({ request }) => {
        const auth = request.headers.get('authorization') ?? '';
        seen.push(auth);
        return auth === `Bearer ${fresh.token}`
          ? HttpResponse.json(
              ticket({ contact: { id: 1, name: 'Joana', number: '1', email: '', profilePicUrl: null } }),
            )
          : HttpResponse.json({ error: 'Invalid token' }, { status: 403 });
      }),
    );
    renderApp(null, { user: agent, path: '/tickets', routes });
    expect(await screen.findByText('ticket of Joana')).toBeTruthy();
    expect(seen).toEqual(['Bearer test-token', `Bearer ${fresh.token}`]);
    expect(tokenStore.get()).toBe(fresh.token);
  });

  it('ends the session when the refresh after a 403 fails', async () => {
    server.use(http.get(`${API}/tickets/u/abc`, () => HttpResponse.json({ error: 'x' }, { status: 403 })));
    const { router, store } = renderApp(null, { user: agent, path: '/tickets', routes });
    expect(await screen.findByText('login page')).toBeTruthy();
    expect(router.state.location.search).toBe('?expired=true');
    expect(store.getState().session.status).toBe('expired');
    expect(window.localStorage.getItem('token')).toBeNull();
  });

  it('on a 401 logs out to /login?expired=true', async () => {
    server.use(
      http.get(`${API}/tickets/u/abc`, () => HttpResponse.json({ error: 'ERR_SESSION_EXPIRED' }, { status: 401 })),
    );
    const { router } = renderApp(null, { user: agent, path: '/tickets', routes });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?expired=true');
  });

  it('sends a visitor without a session to /login', async () => {
    const { router } = renderApp(null, { path: '/tickets', routes });
    expect(await screen.findByText('login page')).toBeTruthy();
    expect(router.state.location.search).toBe('');
  });
});

describe('refresh across tabs', () => {
  it('takes the browser-wide lock for every refresh so two tabs never present the same cookie at once', async () => {
    const taken: string[] = [];
    const locks = {
      request: async (name: string, fn: () => Promise<unknown>) => {
        taken.push(name);
        return fn();
      },
    };
    Object.defineProperty(navigator, 'locks', { value: locks, configurable: true });
    try {
      const fresh = authResponse();
      server.use(
        http.post(`${API}/auth/refresh_token`, () => HttpResponse.json(fresh)),
        http.get(`${API}/tickets/u/abc`, ({ request }) =>
          request.headers.get('authorization') === `Bearer ${fresh.token}`
            ? HttpResponse.json(
                ticket({ contact: { id: 1, name: 'Rui', number: '1', email: '', profilePicUrl: null } }),
              )
            : HttpResponse.json({ error: 'ERR_INVALID_TOKEN' }, { status: 403 }),
        ),
      );
      renderApp(null, { user: agent, path: '/tickets', routes });
      expect(await screen.findByText('ticket of Rui')).toBeTruthy();
      expect(taken).toEqual(['cs-session-refresh']);
    } finally {
      Reflect.deleteProperty(navigator, 'locks');
    }
  });
});
