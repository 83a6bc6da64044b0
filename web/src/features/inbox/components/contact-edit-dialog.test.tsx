import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { agent } from '../../../testing/fixtures';
import { API } from '../../../testing/handlers';
import { renderApp } from '../../../testing/render';
import { server } from '../../../testing/server';
import { ContactEditDialog } from './contact-edit-dialog';

const contact = {
  id: 60,
  name: 'Joana',
  number: '5511987654321',
  email: '',
  extraInfo: [{ id: 1, name: 'CPF', value: '1' }],
};

describe('ContactEditDialog', () => {
  it("shows the spec's messages and sends nothing while the form is invalid", async () => {
    let calls = 0;
    server.use(
      http.put(`${API}/contacts/60`, () => {
        calls++;
        return HttpResponse.json(contact);
      }),
    );
    renderApp(<ContactEditDialog contact={contact} onClose={() => undefined} />, { user: agent });
    const [name, number, email] = ['name', 'number', 'email'].map((n) => document.querySelector(`input[name="${n}"]`)!);
    await userEvent.clear(name!);
    await userEvent.type(name!, 'J');
    await userEvent.clear(number!);
    await userEvent.type(number!, '123');
    await userEvent.type(email!, 'nao-email');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findAllByText('Too Short!')).toHaveLength(2);
    expect(screen.getByText('Invalid email')).toBeTruthy();
    expect(calls).toBe(0);
  });

  it('saves name, number, email and the extra fields', async () => {
    let body: unknown = null;
    server.use(
      http.put(`${API}/contacts/60`, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(contact);
      }),
    );
    renderApp(<ContactEditDialog contact={contact} onClose={() => undefined} />, { user: agent });
    await userEvent.type(document.querySelector('input[name="email"]')!, 'joana@exemplo.com');
    await userEvent.click(screen.getByRole('button', { name: /Adicionar informação/ }));
    await userEvent.type(screen.getAllByPlaceholderText('Nome do campo')[1]!, 'Aniversário');
    await userEvent.type(screen.getAllByPlaceholderText('Valor')[1]!, '10/05');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() =>
      expect(body).toEqual({
        name: 'Joana',
        number: '5511987654321',
        email: 'joana@exemplo.com',
        extraInfo: [
          { name: 'CPF', value: '1' },
          { name: 'Aniversário', value: '10/05' },
        ],
      }),
    );
    expect(await screen.findByText('Contato salvo com sucesso.')).toBeTruthy();
  });
});
