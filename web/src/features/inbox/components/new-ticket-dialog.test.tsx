import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { agent, ticket } from '../../../testing/fixtures';
import { API } from '../../../testing/handlers';
import { renderApp } from '../../../testing/render';
import { server } from '../../../testing/server';
import { NewTicketDialog } from './new-ticket-dialog';

const maria = { id: 7, name: 'Maria Souza', number: '5511912345678', email: '' };

function serve(searches: string[], create: () => Response) {
  server.use(
    http.get(`${API}/contacts`, ({ request }) => {
      searches.push(new URL(request.url).searchParams.get('searchParam') ?? '');
      return HttpResponse.json({ contacts: [maria], count: 1, hasMore: false });
    }),
    http.get(`${API}/whatsapp`, () =>
      HttpResponse.json([{ id: 1, name: 'WhatsApp Demo', status: 'CONNECTED', isDefault: true }]),
    ),
    http.post(`${API}/tickets`, create),
  );
}

const routes = [
  { path: '/tickets', element: <NewTicketDialog onClose={() => undefined} /> },
  { path: '/tickets/:uuid', element: <p>chat open</p> },
];

describe('NewTicketDialog', () => {
  it('searches contacts only from 3 characters and needs a queue for an agent', async () => {
    const searches: string[] = [];
    serve(searches, () => HttpResponse.json(ticket({ status: 'open' })));
    renderApp(null, { user: agent, path: '/tickets', routes });
    const input = screen.getByTestId('contact-search');
    await userEvent.type(input, 'ma');
    expect(screen.getByText('Digite pelo menos 3 caracteres')).toBeTruthy();
    await userEvent.type(input, 'r');
    await userEvent.click(await screen.findByText('Maria Souza'));
    expect(searches).toEqual(['mar']);
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Selecione uma fila', { selector: '[data-part="title"]' })).toBeTruthy();
  });

  it("shows the owner and queue of the contact's other open ticket", async () => {
    serve([], () =>
      HttpResponse.json(
        {
          error: 'ERR_OTHER_OPEN_TICKET',
          message: 'Já existe um ticket aberto para este contato.',
          details: {
            id: 40,
            uuid: 'u-40',
            userId: 9,
            user: { id: 9, name: 'Ana Lima' },
            queue: { id: 2, name: 'Suporte' },
          },
        },
        { status: 409 },
      ),
    );
    renderApp(null, { user: agent, path: '/tickets', routes });
    await userEvent.type(screen.getByTestId('contact-search'), 'mar');
    await userEvent.click(await screen.findByText('Maria Souza'));
    await userEvent.selectOptions(screen.getByTestId('new-ticket-queue'), '2');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(
      await screen.findByText('Já existe um ticket aberto para este contato com Ana Lima na fila Suporte.'),
    ).toBeTruthy();
  });

  it('opens the existing ticket when it is already mine, and a new one otherwise', async () => {
    serve([], () =>
      HttpResponse.json(
        {
          error: 'ERR_OTHER_OPEN_TICKET',
          details: { uuid: 'mine-1', userId: agent.id, user: { id: agent.id, name: agent.name } },
        },
        { status: 409 },
      ),
    );
    const { router } = renderApp(null, { user: agent, path: '/tickets', routes });
    await userEvent.type(screen.getByTestId('contact-search'), 'mar');
    await userEvent.click(await screen.findByText('Maria Souza'));
    await userEvent.selectOptions(screen.getByTestId('new-ticket-queue'), '1');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/tickets/mine-1'));
  });
});
