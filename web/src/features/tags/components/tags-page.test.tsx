import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
// the workspace's endpoints are injected before this page's in the app (the ticket's tag editor creates tags too)
import '../../../api/endpoints/company';
import { admin, agent } from '../../../testing/fixtures';
import { API } from '../../../testing/handlers';
import { renderApp } from '../../../testing/render';
import { server } from '../../../testing/server';
import { TagsPage } from './tags-page';

function stub(created: Array<Record<string, unknown>>) {
  server.use(
    http.get(`${API}/tags`, () =>
      HttpResponse.json({
        tags: [{ id: 1, name: 'Urgente', color: '#f44336', kanban: 0, ticketsCount: 12 }],
        count: 1,
        hasMore: false,
      }),
    ),
    http.post(`${API}/tags`, async ({ request }) => {
      created.push((await request.json()) as Record<string, unknown>);
      return HttpResponse.json({ id: 2 });
    }),
  );
}

describe('the tags page', () => {
  it('shows each tag’s chip and ticket count', async () => {
    stub([]);
    renderApp(<TagsPage />, { user: agent });
    const row = await screen.findByTestId('tag-row');
    expect(within(row).getByText('Urgente')).toBeTruthy();
    expect(within(row).getByText('12')).toBeTruthy();
  });

  it('needs a name of 3 characters, takes a palette colour and, for admins, the kanban flag', async () => {
    const created: Array<Record<string, unknown>> = [];
    stub(created);
    const user = userEvent.setup();
    renderApp(<TagsPage />, { user: admin });
    await user.click(await screen.findByRole('button', { name: /Adicionar tag/ }));
    const dialog = await screen.findByTestId('tag-dialog');
    await user.click(within(dialog).getByTestId('dialog-save'));
    expect(await within(dialog).findByText('Obrigatório')).toBeTruthy();
    await user.type(within(dialog).getByRole('textbox', { name: /Nome/ }), 'VI');
    await user.click(within(dialog).getByTestId('dialog-save'));
    expect(await within(dialog).findByText('Mensagem muito curta')).toBeTruthy();
    await user.type(within(dialog).getByRole('textbox', { name: /Nome/ }), 'P');
    await user.click(within(dialog).getByTestId('color-open'));
    await user.click(await screen.findByTestId('color-4caf50'));
    await user.click(within(within(dialog).getByTestId('tag-kanban')).getByText('Kanban'));
    await user.click(within(dialog).getByTestId('dialog-save'));
    await waitFor(() => expect(created).toEqual([{ name: 'VIP', color: '#4caf50', kanban: 1 }]));
  });

  it('hides the kanban toggle from profiles other than admin or supervisor', async () => {
    stub([]);
    const user = userEvent.setup();
    renderApp(<TagsPage />, { user: agent });
    await user.click(await screen.findByRole('button', { name: /Adicionar tag/ }));
    const dialog = await screen.findByTestId('tag-dialog');
    expect(within(dialog).queryByTestId('tag-kanban')).toBeNull();
  });
});
