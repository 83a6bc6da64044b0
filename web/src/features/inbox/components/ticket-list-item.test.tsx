import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Ticket } from '../../../api/types';
import { admin, agent, ticket } from '../../../testing/fixtures';
import { API } from '../../../testing/handlers';
import { renderApp } from '../../../testing/render';
import { server } from '../../../testing/server';
import { TicketListItem } from './ticket-list-item';

function setup(t: Ticket, user = agent) {
  const routes = [
    {
      path: '/tickets',
      element: <TicketListItem ticket={t} admin={user.profile === 'admin'} onPeek={() => undefined} />,
    },
    { path: '/tickets/:ticketUuid', element: <p>chat open</p> },
  ];
  return renderApp(null, { user, path: '/tickets', routes });
}

describe('TicketListItem', () => {
  it('shows the contact, formatted number, queue, connection, attendant, tags, unread and time', () => {
    const updatedAt = new Date();
    updatedAt.setHours(9, 41, 0, 0);
    setup(
      ticket({
        status: 'open',
        userId: 3,
        user: { id: 3, name: 'Agente Demo' },
        unreadMessages: 3,
        updatedAt: updatedAt.toISOString(),
        tags: [{ id: 1, name: 'VIP', color: '#f44336' }],
        contact: { id: 1, name: 'Joana Prado', number: '5511987654321', email: '', profilePicUrl: null },
      }),
    );
    const item = screen.getByTestId('ticket-item');
    expect(within(item).getByText('Joana Prado')).toBeTruthy();
    expect(within(item).getByText('(11) 98765-4321')).toBeTruthy();
    expect(within(item).getByText('Vendas')).toBeTruthy();
    expect(within(item).getByText('WhatsApp Demo')).toBeTruthy();
    expect(within(item).getByText('Agente Demo')).toBeTruthy();
    expect(within(item).getByText('VIP')).toBeTruthy();
    expect(within(item).getByTestId('unread-badge').textContent).toBe('3');
    expect(within(item).getByText('09:41')).toBeTruthy();
  });

  it("shows 'SEM FILA' without a queue and 'Localização' for a location", () => {
    setup(ticket({ queueId: null, queue: null, lastMessage: 'data:image/png;base64,iVBORw0KG' }));
    expect(screen.getByText('SEM FILA')).toBeTruthy();
    expect(screen.getByTestId('ticket-last-message').textContent).toBe('Localização');
  });

  it('offers a peek or Accept on a pending row click; Accept assigns it to me, opens it and the list follows', async () => {
    let body: unknown = null;
    server.use(
      http.put(`${API}/tickets/:id`, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(ticket({ status: 'open', userId: 3 }));
      }),
    );
    const peeked: Ticket[] = [];
    const t = ticket({ id: 77, status: 'pending', lastMessage: 'Quero um orçamento' });
    const routes = [
      { path: '/tickets', element: <TicketListItem ticket={t} admin={false} onPeek={(p) => peeked.push(p)} /> },
      { path: '/tickets/:ticketUuid', element: <p>chat open</p> },
    ];
    const { router, store } = renderApp(null, { user: agent, path: '/tickets', routes });
    store.dispatch({ type: 'inbox/subTabChanged', payload: 'pending' });
    await userEvent.click(screen.getByTestId('ticket-contact'));
    expect(router.state.location.pathname).toBe('/tickets');
    const prompt = await screen.findByTestId('accept-prompt');
    expect(within(prompt).getByText('Aceitar este atendimento?')).toBeTruthy();
    expect(within(prompt).getByText('Quero um orçamento')).toBeTruthy();
    await userEvent.click(within(prompt).getByTestId('accept-prompt-peek'));
    expect(peeked.map((p) => p.id)).toEqual([77]);
    await waitFor(() => expect(screen.queryByTestId('accept-prompt')).toBeNull());

    await userEvent.click(screen.getByTestId('ticket-contact'));
    await userEvent.click(within(await screen.findByTestId('accept-prompt')).getByTestId('accept-prompt-accept'));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/tickets/${t.uuid}`));
    expect(body).toEqual({ status: 'open', userId: 3 });
    expect(store.getState().inbox).toMatchObject({ tab: 'open', subTab: 'open' });
  });

  it('accepts from the row button too, without a prompt', async () => {
    server.use(http.put(`${API}/tickets/:id`, () => HttpResponse.json(ticket({ status: 'open', userId: 3 }))));
    const t = ticket({ id: 78, status: 'pending' });
    const { router } = setup(t);
    expect(screen.queryByRole('button', { name: 'Reabrir' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Aceitar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/tickets/${t.uuid}`));
    expect(screen.queryByTestId('accept-prompt')).toBeNull();
  });

  it('opens an open ticket on a row click and offers Close, not Accept', async () => {
    const t = ticket({ status: 'open', userId: 3 });
    const { router } = setup(t);
    expect(screen.queryByRole('button', { name: 'Aceitar' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Finalizar' })).toBeTruthy();
    await userEvent.click(screen.getByTestId('ticket-contact'));
    expect(router.state.location.pathname).toBe(`/tickets/${t.uuid}`);
  });

  it('offers Reopen on a closed ticket, and the peek icon only to admins', () => {
    setup(ticket({ status: 'closed' }), admin);
    expect(screen.getByRole('button', { name: 'Reabrir' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Finalizar' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Espiar conversa' })).toBeTruthy();
  });

  it('hides the peek icon from agents', () => {
    setup(ticket({ status: 'closed' }), agent);
    expect(screen.queryByRole('button', { name: 'Espiar conversa' })).toBeNull();
  });
});
