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

  it('asks for the current password before changing the password, and shows the server refusal', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.put(`${API}/users/3`, async ({ request }) => {
        const body = (await request.json()) as { currentPassword?: string };
        bodies.push(body);
        if (body.currentPassword !== 'antiga123')
          return HttpResponse.json(
            {
              error: 'ERR_VALIDATION',
              message: 'Dados inválidos',
              details: [{ path: 'currentPassword', message: 'Senha atual incorreta' }],
            },
            { status: 400 },
          );
        return HttpResponse.json({ ...agent });
      }),
    );
    renderApp(<ProfileDialog user={agent} onClose={() => undefined} />, { user: agent });
    expect(document.querySelector('input[name="currentPassword"]')).toBeNull();
    await userEvent.type(document.querySelector<HTMLInputElement>('input[name="password"]')!, 'nova-senha');
    const current = document.querySelector<HTMLInputElement>('input[name="currentPassword"]')!;
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Obrigatório')).toBeTruthy();
    expect(bodies).toEqual([]);
    await userEvent.type(current, 'errada');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Senha atual incorreta')).toBeTruthy();
    await userEvent.clear(current);
    await userEvent.type(current, 'antiga123');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() =>
      expect(bodies.at(-1)).toEqual({
        name: agent.name,
        email: agent.email,
        password: 'nova-senha',
        currentPassword: 'antiga123',
      }),
    );
  });
});
