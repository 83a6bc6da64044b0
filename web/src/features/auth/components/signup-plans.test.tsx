import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { API, plans } from '../../../testing/handlers';
import { renderApp } from '../../../testing/render';
import { server } from '../../../testing/server';
import { SignupForm } from './signup-form';

describe('the signup plan cards', () => {
  it("label the plan whose id is 4 'Mais Popular', and only that one", async () => {
    server.use(
      http.get(`${API}/plans/list`, () =>
        HttpResponse.json([
          ...plans,
          { id: 4, name: 'Empresarial', users: 20, connections: 5, queues: 20, value: 299 },
        ]),
      ),
    );
    renderApp(null, { path: '/signup', routes: [{ path: '/signup', element: <SignupForm /> }] });
    const card = await screen.findByTestId('plan-4');
    expect(within(card).getByText('Mais Popular')).toBeTruthy();
    expect(screen.getAllByTestId('most-popular')).toHaveLength(1);
    expect(within(screen.getByTestId('plan-2')).queryByText('Mais Popular')).toBeNull();
  });
});
