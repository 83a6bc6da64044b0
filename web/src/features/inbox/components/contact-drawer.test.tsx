import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { TicketNote } from '../../../api/types';
import { admin, agent, ticket } from '../../../testing/fixtures';
import { API } from '../../../testing/handlers';
import { renderApp } from '../../../testing/render';
import { server } from '../../../testing/server';
import { ContactDrawer } from './contact-drawer';

describe('ContactDrawer', () => {
  it('shows the contact with extra info, and adds notes of at least 2 characters', async () => {
    const notes: TicketNote[] = [];
    const posted: unknown[] = [];
    server.use(
      http.get(`${API}/contacts/60`, () =>
        HttpResponse.json({
          id: 60,
          name: 'Joana Prado',
          number: '5511987654321',
          email: 'joana@exemplo.com',
          extraInfo: [{ id: 1, name: 'CPF', value: '123.456.789-00' }],
        }),
      ),
      http.get(`${API}/ticket-notes/list`, () => HttpResponse.json(notes)),
      http.post(`${API}/ticket-notes`, async ({ request }) => {
        const body = (await request.json()) as { note: string; ticketId: number; contactId: number };
        posted.push(body);
        notes.push({
          id: notes.length + 1,
          ...body,
          user: { name: 'Agente Demo' },
          createdAt: new Date().toISOString(),
        });
        return HttpResponse.json(notes.at(-1), { status: 201 });
      }),
    );
    renderApp(<ContactDrawer ticket={ticket({ id: 10, contactId: 60 })} onClose={() => undefined} />, { user: agent });
    expect(await screen.findByText('joana@exemplo.com')).toBeTruthy();
    expect(screen.getByText('(11) 98765-4321')).toBeTruthy();
    expect(screen.getByText('123.456.789-00')).toBeTruthy();
    const box = screen.getByPlaceholderText('Adicione uma observação');
    await userEvent.type(box, 'a');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('A observação deve ter pelo menos 2 caracteres')).toBeTruthy();
    expect(posted).toEqual([]);
    await userEvent.type(box, 'b ligar amanhã');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Observação adicionada com sucesso!')).toBeTruthy();
    expect(posted).toEqual([{ note: 'ab ligar amanhã', ticketId: 10, contactId: 60 }]);
    await waitFor(() => expect(screen.getByTestId('notes-list').textContent).toContain('ab ligar amanhã'));
  });

  it("gives admins the contact's LGPD actions: erasure after the confirmation", async () => {
    const erased: string[] = [];
    server.use(
      http.get(`${API}/contacts/61`, () =>
        HttpResponse.json({ id: 61, name: 'Caio Lima', number: '5511912345678', email: '', extraInfo: [] }),
      ),
      http.get(`${API}/ticket-notes/list`, () => HttpResponse.json([])),
      http.post(`${API}/contacts/:id/erasure`, ({ params }) => {
        erased.push(String(params.id));
        return HttpResponse.json({});
      }),
    );
    renderApp(<ContactDrawer ticket={ticket({ id: 11, contactId: 61 })} onClose={() => undefined} />, { user: admin });
    expect(await screen.findByRole('button', { name: 'Exportar dados Caio Lima' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Apagar dados (LGPD) Caio Lima' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Sim' }));
    await waitFor(() => expect(erased).toEqual(['61']));
  });

  it('shows no LGPD action to a profile user', async () => {
    server.use(
      http.get(`${API}/contacts/62`, () =>
        HttpResponse.json({ id: 62, name: 'Rita Melo', number: '5511912345679', email: '', extraInfo: [] }),
      ),
      http.get(`${API}/ticket-notes/list`, () => HttpResponse.json([])),
    );
    renderApp(<ContactDrawer ticket={ticket({ id: 12, contactId: 62 })} onClose={() => undefined} />, { user: agent });
    expect(await screen.findByText('Rita Melo')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Apagar dados (LGPD) Rita Melo' })).toBeNull();
  });
});
