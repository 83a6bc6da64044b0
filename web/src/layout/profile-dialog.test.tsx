import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { agent } from '../testing/fixtures';
import { API } from '../testing/handlers';
import { renderApp } from '../testing/render';
import { server } from '../testing/server';
import { ProfileDialog } from './profile-dialog';

describe('ProfileDialog', () => {
  it('applies the own-profile rules, then saves without a password unless one is typed', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.put(`${API}/users/3`, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ ...agent });
      }),
    );
    const { store } = renderApp(<ProfileDialog user={agent} onClose={() => undefined} />, { user: agent });
    const name = document.querySelector<HTMLInputElement>('input[name="name"]')!;
    const password = document.querySelector<HTMLInputElement>('input[name="password"]')!;
    await userEvent.clear(name);
    await userEvent.type(name, 'Al');
    await userEvent.type(password, '1234');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Nome deve ter pelo menos 3 caracteres')).toBeTruthy();
    expect(screen.getByText('A senha deve ter pelo menos 6 caracteres')).toBeTruthy();
    expect(bodies).toEqual([]);
    await userEvent.type(name, 'ice');
    await userEvent.clear(password);
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(bodies).toEqual([{ name: 'Alice', email: agent.email }]));
    expect(store.getState().session.user?.name).toBe('Alice');
  });
});
