import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { admin } from '../../../testing/fixtures';
import { API } from '../../../testing/handlers';
import { renderApp } from '../../../testing/render';
import { server } from '../../../testing/server';
import { UsersPage } from './users-page';

const queues = [
  { id: 1, name: 'Vendas', color: '#2196f3' },
  { id: 2, name: 'Suporte', color: '#4caf50' },
];

function stub(sent: Array<{ method: string; body: Record<string, unknown> }>) {
  server.use(
    http.get(`${API}/users`, () =>
      HttpResponse.json({
        users: [
          { id: 2, name: 'Admin Demo', email: 'admin@demo.local', profile: 'admin', queues },
          {
            id: 3,
            name: 'Agente Demo',
            email: 'agente@demo.local',
            profile: 'user',
            queues: [queues[0]],
            whatsappId: 1,
          },
        ],
        count: 2,
        hasMore: false,
      }),
    ),
    http.get(`${API}/queue`, () => HttpResponse.json(queues)),
    http.get(`${API}/whatsapp`, () =>
      HttpResponse.json([{ id: 1, name: 'WhatsApp Demo', status: 'CONNECTED', isDefault: true }]),
    ),
    http.post(`${API}/users`, async ({ request }) => {
      sent.push({ method: 'POST', body: (await request.json()) as Record<string, unknown> });
      return HttpResponse.json({ id: 9 });
    }),
    http.put(`${API}/users/:id`, async ({ request }) => {
      sent.push({ method: 'PUT', body: (await request.json()) as Record<string, unknown> });
      return HttpResponse.json({ id: 3 });
    }),
  );
}

describe('the users page', () => {
  it('lists users with their profile and queues', async () => {
    stub([]);
    renderApp(<UsersPage />, { user: admin });
    const rows = await screen.findAllByTestId('user-row');
    expect(within(rows[0]!).getByText('Administrador')).toBeTruthy();
    expect(within(rows[1]!).getByText('Usuário')).toBeTruthy();
    expect(within(rows[1]!).getByText('Vendas')).toBeTruthy();
  });

  it('creates a user with the spec’s rules: name 2–50, valid email, password required (min 5) on create', async () => {
    const sent: Array<{ method: string; body: Record<string, unknown> }> = [];
    stub(sent);
    const user = userEvent.setup();
    renderApp(<UsersPage />, { user: admin });
    await user.click(await screen.findByRole('button', { name: /Adicionar usuário/ }));
    const dialog = await screen.findByTestId('user-dialog');
    await user.type(within(dialog).getByRole('textbox', { name: /Nome/ }), 'J');
    await user.type(within(dialog).getByRole('textbox', { name: /Email/ }), 'nao-email');
    await user.type(within(dialog).getByLabelText(/Senha/), '1234');
    await user.click(within(dialog).getByTestId('dialog-save'));
    expect(await within(dialog).findByText('Muito curto!')).toBeTruthy();
    expect(within(dialog).getByText('Email inválido')).toBeTruthy();
    expect(within(dialog).getByText('A senha deve ter pelo menos 6 caracteres')).toBeTruthy();
    expect(sent).toEqual([]);

    await user.type(within(dialog).getByRole('textbox', { name: /Nome/ }), 'oana');
    await user.clear(within(dialog).getByRole('textbox', { name: /Email/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /Email/ }), 'joana@demo.local');
    await user.type(within(dialog).getByLabelText(/Senha/), '5');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Conexão padrão' }), '1');
    await user.click(within(dialog).getByTestId('user-queues'));
    await user.click((await screen.findAllByText('Suporte')).find((el) => el.closest('.chakra-checkbox__root'))!);
    await user.keyboard('{Escape}');
    await user.click(within(dialog).getByTestId('dialog-save'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      method: 'POST',
      body: {
        name: 'Joana',
        email: 'joana@demo.local',
        password: '12345',
        profile: 'user',
        queueIds: [2],
        whatsappId: 1,
        allTicket: 'disable',
      },
    });
  });

  it('edits a user without asking for the password again (empty keeps it)', async () => {
    const sent: Array<{ method: string; body: Record<string, unknown> }> = [];
    stub(sent);
    const user = userEvent.setup();
    renderApp(<UsersPage />, { user: admin });
    await user.click(await screen.findByRole('button', { name: 'Editar Agente Demo' }));
    const dialog = await screen.findByTestId('user-dialog');
    expect(within(dialog).getByText('Deixe em branco para manter a senha atual')).toBeTruthy();
    await user.click(within(dialog).getByTestId('dialog-save'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.method).toBe('PUT');
    expect(sent[0]!.body).toMatchObject({ name: 'Agente Demo', queueIds: [1], whatsappId: 1 });
    expect(sent[0]!.body).not.toHaveProperty('password');
  });

  it('asks for the current password when admins change their own password, and sends it', async () => {
    const sent: Array<{ method: string; body: Record<string, unknown> }> = [];
    stub(sent);
    const user = userEvent.setup();
    renderApp(<UsersPage />, { user: admin });
    await user.click(await screen.findByRole('button', { name: 'Editar Admin Demo' }));
    const dialog = await screen.findByTestId('user-dialog');
    expect(within(dialog).queryByLabelText(/Senha atual/)).toBeNull();
    await user.type(dialog.querySelector('input[name="password"]')!, 'nova-senha');
    const current = await within(dialog).findByLabelText(/Senha atual/);
    await user.click(within(dialog).getByTestId('dialog-save'));
    expect(await within(dialog).findByText('Obrigatório')).toBeTruthy();
    expect(sent).toHaveLength(0);
    await user.type(current, 'demo12345');
    await user.click(within(dialog).getByTestId('dialog-save'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toMatchObject({ password: 'nova-senha', currentPassword: 'demo12345' });
  });

  it('does not ask for it when an admin edits another user', async () => {
    const sent: Array<{ method: string; body: Record<string, unknown> }> = [];
    stub(sent);
    const user = userEvent.setup();
    renderApp(<UsersPage />, { user: admin });
    await user.click(await screen.findByRole('button', { name: 'Editar Agente Demo' }));
    const dialog = await screen.findByTestId('user-dialog');
    await user.type(dialog.querySelector('input[name="password"]')!, 'nova-senha');
    expect(within(dialog).queryByLabelText(/Senha atual/)).toBeNull();
    await user.click(within(dialog).getByTestId('dialog-save'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).not.toHaveProperty('currentPassword');
  });
});
