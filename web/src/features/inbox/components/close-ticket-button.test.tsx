import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Ticket } from '../../../api/types';
import { agent, ticket } from '../../../testing/fixtures';
import { API } from '../../../testing/handlers';
import { fulfilledEndpoints, renderApp } from '../../../testing/render';
import { server } from '../../../testing/server';
import { TicketChat } from './ticket-chat';
import { TicketListItem } from './ticket-list-item';

function closing() {
  const puts: unknown[] = [];
  server.use(
    http.put(`${API}/tickets/:id`, async ({ request }) => {
      puts.push(await request.json());
      return HttpResponse.json(ticket({ status: 'closed' }));
    }),
  );
  return puts;
}

/**
 * The closing rule reads the company's settings and connections: they have arrived, and "Finalizar" (disabled until
 * then) can be clicked.
 */
async function rulesLoaded(
  store: ReturnType<typeof renderApp>['store'],
  scope: Pick<typeof screen, 'getByRole'> = screen,
) {
  await waitFor(() => {
    expect(fulfilledEndpoints(store)).toEqual(expect.arrayContaining(['listSettings', 'listConnections']));
    expect(scope.getByRole('button', { name: 'Finalizar' }).hasAttribute('disabled')).toBe(false);
  });
}

function listRow(t: Ticket) {
  return renderApp(null, {
    user: agent,
    path: '/tickets/list',
    routes: [
      { path: '/tickets/list', element: <TicketListItem ticket={t} admin={false} onPeek={() => undefined} /> },
      { path: '/tickets', element: <p>lista</p> },
    ],
  });
}

describe('ending a ticket', () => {
  it('asks before ending when the contact is about to get the rating question, and ends on "Sim"', async () => {
    server.use(http.get(`${API}/settings`, () => HttpResponse.json([{ key: 'userRating', value: 'enabled' }])));
    const puts = closing();
    const user = userEvent.setup();
    const { router, store } = listRow(ticket({ id: 9, status: 'open', userId: 3 }));
    await rulesLoaded(store);
    await user.click(screen.getByRole('button', { name: 'Finalizar' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Finalizar o atendimento de Cliente 9?')).toBeTruthy();
    expect(within(dialog).getByText('O contato receberá agora a pergunta de avaliação.')).toBeTruthy();
    expect(puts).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Sim' }));
    await waitFor(() => expect(puts).toEqual([expect.objectContaining({ status: 'closed' })]));
    await waitFor(() => expect(router.state.location.pathname).toBe('/tickets'));
  });

  it("asks when the connection says goodbye, and 'Não' keeps the ticket open", async () => {
    server.use(
      http.get(`${API}/whatsapp`, () =>
        HttpResponse.json([
          { id: 1, name: 'WhatsApp Demo', status: 'CONNECTED', isDefault: true, complationMessage: 'Tchau!' },
        ]),
      ),
    );
    const puts = closing();
    const user = userEvent.setup();
    const { store } = listRow(ticket({ id: 9, status: 'open', userId: 3 }));
    await rulesLoaded(store);
    await user.click(screen.getByRole('button', { name: 'Finalizar' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('O contato receberá agora a mensagem de encerramento da conexão.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Não' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(puts).toEqual([]);
  });

  it('ends at once when nothing is sent to the contact', async () => {
    const puts = closing();
    const user = userEvent.setup();
    const { store } = listRow(ticket({ id: 9, status: 'open', userId: 3 }));
    await rulesLoaded(store);
    await user.click(screen.getByRole('button', { name: 'Finalizar' }));
    await waitFor(() => expect(puts).toEqual([expect.objectContaining({ status: 'closed' })]));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('cannot be clicked before the rule is known, so a click never ends a ticket the rule would ask about', async () => {
    let release!: () => void;
    const arrived = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.get(`${API}/settings`, async () => {
        await arrived;
        return HttpResponse.json([{ key: 'userRating', value: 'enabled' }]);
      }),
    );
    const puts = closing();
    const user = userEvent.setup();
    const { store } = listRow(ticket({ id: 9, status: 'open', userId: 3 }));
    const early = await screen.findByRole('button', { name: 'Finalizar' });
    expect(early.hasAttribute('disabled')).toBe(true);
    await user.click(early);
    release();
    await rulesLoaded(store);
    expect(puts).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Finalizar' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('O contato receberá agora a pergunta de avaliação.')).toBeTruthy();
    expect(puts).toEqual([]);
  });

  it('is "Finalizar" in the chat header too, with the same confirmation', async () => {
    server.use(
      http.get(`${API}/settings`, () => HttpResponse.json([{ key: 'userRating', value: 'enabled' }])),
      http.get(`${API}/tickets/u/:uuid`, () => HttpResponse.json(ticket({ id: 9, status: 'open', userId: 3 }))),
      http.get(`${API}/messages/:id`, () => HttpResponse.json({ messages: [], count: 0, hasMore: false })),
      http.get(`${API}/tags/list`, () => HttpResponse.json([])),
    );
    const puts = closing();
    const user = userEvent.setup();
    const { store } = renderApp(<TicketChat uuid="u-9" />, { user: agent });
    const header = await screen.findByTestId('chat-header');
    expect(within(header).queryByRole('button', { name: 'Resolver' })).toBeNull();
    await rulesLoaded(store, within(header));
    await user.click(within(header).getByRole('button', { name: 'Finalizar' }));
    expect(await screen.findByRole('alertdialog')).toBeTruthy();
    expect(puts).toEqual([]);
  });
});
